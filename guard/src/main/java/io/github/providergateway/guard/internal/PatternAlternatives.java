package io.github.providergateway.guard.internal;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A pattern read over a long text with only those of its top-level alternatives that may match
 * there (issue 80): the rule families' patterns are alternations of tens of words, and a regex
 * tries every alternative at every position of the text, so a 4 KiB command that holds the word of
 * one alternative paid for all forty at each of its 4,096 positions. An alternative whose every
 * match contains one of some texts ({@link PatternLiterals#alternatives}) cannot match in a text
 * that holds none of them; taking it out changes no match, no group and no order of the others.
 *
 * <p>The pattern is left whole where this cannot be said simply: where it is not read, or where a
 * flag is set inside it other than at its start (it would hold for the alternatives after it). An
 * alternative taken out that has capturing groups stands as one that never matches with as many
 * empty groups, so that the others keep their numbers; one with a named group is always kept. A
 * text under {@link #LONG} characters is read with the whole pattern, as {@link
 * PatternLiterals#mayFind} gates it: there the look-ups would cost what they save. The patterns
 * made for the alternatives a text keeps are compiled once each, at most {@link #MOST_MADE} a
 * pattern.
 */
final class PatternAlternatives {
  private PatternAlternatives() {}

  /** The shortest text read with fewer alternatives: a call's whole text, a script, a file. */
  static final int LONG = 256;

  /** The most patterns made of one pattern's alternatives; past it, the whole pattern is read. */
  static final int MOST_MADE = 32;

  /** A flag group at the start of a pattern, which holds for every alternative. */
  private static final Pattern LEADING_FLAGS = Pattern.compile("^\\(\\?[imsd-]+\\)");

  /** A flag group anywhere, which holds from where it stands. */
  private static final Pattern FLAGS = Pattern.compile("\\(\\?[a-zA-Z-]+\\)");

  /**
   * A pattern's alternatives, as they are tested and joined again.
   *
   * @param leading the flag group the pattern starts with, or empty
   * @param sources each alternative's source, the first without the flag group
   * @param texts each alternative's texts, or {@code null} for one always kept
   * @param groups each alternative's capturing groups
   * @param ignoringCase whether the texts are compared ignoring case
   * @param made the patterns made, by the alternatives kept
   */
  private record Split(
      String leading,
      String[] sources,
      String[][] texts,
      int[] groups,
      boolean ignoringCase,
      Map<BitSet, Pattern> made) {}

  /** A pattern read whole. */
  private static final Split WHOLE = new Split("", null, null, null, false, Map.of());

  /** Each pattern's alternatives, read at its first use (patterns are compared by identity). */
  private static final Map<Pattern, Split> SPLITS = new ConcurrentHashMap<>();

  /**
   * The pattern to read a text with: the same matches as {@code pattern}'s over it.
   *
   * @param pattern the pattern
   * @param text the text
   * @return the pattern, one of its alternatives only, or {@code null} where it matches nothing in
   *     the text
   */
  static Pattern over(Pattern pattern, String text) {
    if (text.length() < LONG) {
      return PatternLiterals.mayFind(pattern, text) ? pattern : null;
    }
    Split known = SPLITS.get(pattern);
    Split split =
        known != null ? known : SPLITS.computeIfAbsent(pattern, PatternAlternatives::split);
    if (split == WHOLE) {
      return PatternLiterals.mayFind(pattern, text) ? pattern : null;
    }
    int count = split.sources().length;
    BitSet kept = new BitSet(count);
    String folded = split.ignoringCase() ? FoldedTexts.of(text) : text; // null: past ASCII
    for (int i = 0; i < count; i++) {
      String[] texts = split.texts()[i];
      if (texts == null || PatternLiterals.holdsAny(text, folded, texts)) {
        kept.set(i);
      }
    }
    int cardinality = kept.cardinality();
    if (cardinality == 0) {
      return null;
    }
    if (cardinality == count) {
      return pattern;
    }
    Pattern made = split.made().get(kept);
    if (made == null) {
      if (split.made().size() >= MOST_MADE) {
        return pattern;
      }
      made = split.made().computeIfAbsent(kept, k -> compile(pattern, split, k));
    }
    return made;
  }

  private static Pattern compile(Pattern pattern, Split split, BitSet kept) {
    StringBuilder source = new StringBuilder(split.leading());
    for (int i = 0; i < split.sources().length; i++) {
      int groups = split.groups()[i];
      if (!kept.get(i) && groups == 0) {
        continue;
      }
      if (source.length() > split.leading().length()) {
        source.append('|');
      }
      // One taken out that has groups stands as one that never matches, its groups kept empty.
      source.append(kept.get(i) ? split.sources()[i] : "(?!)" + "()".repeat(groups));
    }
    return Pattern.compile(source.toString(), pattern.flags());
  }

  private static Split split(Pattern pattern) {
    PatternLiterals.Alternatives read = PatternLiterals.alternatives(pattern);
    if (read == null || read.each().size() < 2) {
      return WHOLE;
    }
    String source = pattern.pattern();
    java.util.regex.Matcher leading = LEADING_FLAGS.matcher(source);
    String flags = leading.find() ? leading.group() : "";
    java.util.regex.Matcher inside = FLAGS.matcher(source);
    if (inside.find(flags.length())) {
      return WHOLE; // a flag set after the start holds for the alternatives after it
    }
    List<PatternLiterals.Alternative> each = read.each();
    String[] sources = new String[each.size()];
    String[][] texts = new String[each.size()][];
    int[] groups = new int[each.size()];
    boolean any = false;
    for (int i = 0; i < sources.length; i++) {
      sources[i] = i == 0 ? each.get(0).source().substring(flags.length()) : each.get(i).source();
      groups[i] = groups(sources[i]);
      texts[i] = groups[i] < 0 ? null : each.get(i).texts(); // a named group: always kept
      any |= texts[i] != null;
    }
    return any
        ? new Split(flags, sources, texts, groups, read.ignoringCase(), new ConcurrentHashMap<>())
        : WHOLE;
  }

  /**
   * The capturing groups a pattern's source opens, or -1 where one is named (or a class holds a
   * class, which this count does not read).
   *
   * @param source the source
   * @return how many, or -1
   */
  static int groups(String source) {
    int groups = 0;
    boolean inClass = false;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '\\') {
        i++; // the escaped character
      } else if (inClass && c == '[') {
        return -1; // a class in a class: not counted here, so kept
      } else if (inClass) {
        inClass = c != ']';
      } else if (c == '[') {
        inClass = true;
      } else if (c == '(' && !source.startsWith("?", i + 1)) {
        groups++;
      } else if (c == '(' && source.startsWith("?<", i + 1) && i + 3 < source.length()) {
        char next = source.charAt(i + 3);
        if (next != '=' && next != '!') {
          return -1; // (?<name>
        }
      }
    }
    return groups;
  }
}
