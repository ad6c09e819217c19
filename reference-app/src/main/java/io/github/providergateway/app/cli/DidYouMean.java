package io.github.providergateway.app.cli;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean" for a mistyped command or tool name: the known name closest to what was typed by
 * edit distance (insertions, deletions, substitutions and two neighbours swapped each count one),
 * offered only when it is close enough to be a slip of the fingers rather than another word; or
 * else the one known name that starts with what was typed. Ties go to the name listed first.
 *
 * <p>The console's commands and tools use it, and the command line's agent names ({@code gateway
 * setup cluade}: issue 77), which is why it lives here, where both may use it.
 */
public final class DidYouMean {

  /** Longer than any name worth suggesting for: no suggestion, and no quadratic work on it. */
  private static final int MAX_TYPED_CHARS = 128;

  private DidYouMean() {}

  /**
   * The name in {@code known} closest to {@code typed} (ignoring case), if one is within {@link
   * #tolerance} edits of it and is not {@code typed} itself; else the only name {@code typed} is
   * the beginning of.
   *
   * @param typed what the person typed
   * @param known the names it may have meant, in the order ties are broken
   * @return the name meant, or empty when none is close enough
   */
  public static Optional<String> closest(String typed, Collection<String> known) {
    if (typed.length() > MAX_TYPED_CHARS) {
      return Optional.empty();
    }
    String lowerTyped = typed.toLowerCase(Locale.ROOT);
    int allowed = tolerance(typed);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String name : known) {
      if (Math.abs(name.length() - typed.length()) > allowed) {
        continue; // too far apart whatever the letters
      }
      int distance = distance(lowerTyped, name.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
    if (best != null && !best.equals(typed) && bestDistance <= allowed) {
      return Optional.of(best);
    }
    return onlyNameStartingWith(lowerTyped, known);
  }

  private static Optional<String> onlyNameStartingWith(
      String lowerTyped, Collection<String> known) {
    if (lowerTyped.length() < 2) {
      return Optional.empty();
    }
    String found = null;
    for (String name : known) {
      String lowerName = name.toLowerCase(Locale.ROOT);
      if (lowerName.startsWith(lowerTyped) && !lowerName.equals(lowerTyped)) {
        if (found != null) {
          return Optional.empty();
        }
        found = name;
      }
    }
    return Optional.ofNullable(found);
  }

  /**
   * How many edits still count as a slip: one for a word of up to four letters, two up to eight,
   * three beyond; so {@code cal} finds {@code call} but {@code ls} does not find {@code use}.
   */
  static int tolerance(String typed) {
    int length = typed.length();
    return length <= 2 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3;
  }

  /**
   * The edit distance between {@code a} and {@code b} where swapping two neighbours counts one, as
   * a typo ({@code hlep}) does (optimal string alignment distance).
   */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j], d[i][j - 1]) + 1);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
