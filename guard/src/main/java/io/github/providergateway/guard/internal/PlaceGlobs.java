package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The paths the book lists for a clause over files ({@code "places": ["~/.aws/credentials{,/**}",
 * "id_rsa", "!~/.ssh/config"]}), as one test of a path. A path starts with {@code ~/} (the home) or
 * {@code /}; a pattern with no {@code /} is a file's name, wherever the file is; {@code *} and
 * {@code ?} stay within a name, {@code **}{@code /} is any number of folders (none too), a {@code
 * /**} at the end anything below, {@code {a,b}} either, {@code [Nn]} one of the letters; a pattern
 * starting with {@code !} takes back out what it matches. Made once a clause, for one home at a
 * time.
 */
final class PlaceGlobs {
  private final List<String> written;

  /** Whether some pattern is a file's name rather than a path. */
  private final boolean hasNames;

  /** The patterns for {@link Resolved#home}, made at the first path of a home. */
  private volatile Resolved resolved;

  /**
   * The patterns made for one home.
   *
   * @param home the home
   * @param prefixes the text each path pattern starts with, before its first wildcard: a path
   *     starting with none of them is not tried against {@code paths}
   * @param paths what a path must match, or {@code null} for none
   * @param names what a file's name must match, or {@code null} for none
   * @param not what takes a path back out, or {@code null} for none
   */
  private record Resolved(Path home, String[] prefixes, Gated paths, Gated names, Gated not) {}

  /**
   * A pattern kept with what it needs ({@link PatternLiterals#needs}): each file a call names is
   * asked of every listed place, and a look-up of the pattern's needs for each was most of the ask.
   *
   * @param pattern the pattern
   * @param needs what it needs
   */
  private record Gated(Pattern pattern, PatternLiterals.Needs needs) {
    /** {@return whether the pattern matches the whole text: {@link PatternLiterals#matches}} */
    boolean matches(String text) {
      return needs.mayFind(text) && pattern.matcher(text).matches();
    }
  }

  /**
   * The patterns.
   *
   * @param written the book's patterns
   * @throws IllegalStateException when one is neither a path of the home or the machine nor a name
   */
  PlaceGlobs(List<String> written) {
    this.written = List.copyOf(written);
    this.hasNames = written.stream().anyMatch(p -> !p.startsWith("!") && !p.contains("/"));
    for (String pattern : written) {
      String bare = pattern.startsWith("!") ? pattern.substring(1) : pattern;
      if (bare.isEmpty() || bare.contains("/") && !bare.startsWith("~/") && !bare.startsWith("/")) {
        throw new IllegalStateException("a listed place is ~/…, /… or a name, not " + pattern);
      }
    }
    for (String pattern : written) { // a pattern the converter refuses fails here, not at a call
      regex(pattern.startsWith("!") ? pattern.substring(1) : pattern, "/home");
    }
  }

  /**
   * The text each path pattern's paths start with, for a home.
   *
   * @param home the home
   * @return the prefixes, one a path pattern
   */
  String[] prefixes(Path home) {
    return resolve(home).prefixes().clone();
  }

  /** {@return whether a pattern is a file's name, which a path anywhere may match} */
  boolean hasNames() {
    return hasNames;
  }

  /**
   * Whether a path is one the patterns list.
   *
   * @param home the call's home
   * @param path the path, or {@code null}
   * @return whether it is
   */
  boolean holds(Path home, Path path) {
    if (path == null) {
      return false;
    }
    Resolved patterns = resolve(home);
    boolean listed = false;
    String text = path.toString(); // kept by the path once made
    if (patterns.paths() != null && startsWithAny(text, patterns.prefixes())) {
      listed = patterns.paths().matches(text);
    }
    String name = listed || patterns.names() == null ? null : fileName(path);
    if (name != null) {
      // Most names hold no literal of the listed names (.pem, id_rsa): no regex for them.
      listed = patterns.names().matches(name);
    }
    return listed && (patterns.not() == null || !patterns.not().matches(text));
  }

  /** A path and its file's name, the last asked ({@link #fileName}). */
  private record NameOf(Path path, String name) {}

  /**
   * The last path whose file's name was asked, and the name: each file a call accesses is asked of
   * by one clause over files after another, each with its own patterns, and {@link
   * Path#getFileName} makes a new path and a new text at each ask. An immutable pair, so a thread
   * that reads another's is right too (it compares the path by identity).
   */
  private static NameOf lastName;

  /** {@return the path's file's name as text, or {@code null} where it has none} */
  private static String fileName(Path path) {
    NameOf last = lastName;
    if (last != null && last.path() == path) {
      return last.name();
    }
    Path name = path.getFileName();
    String text = name == null ? null : name.toString();
    lastName = new NameOf(path, text);
    return text;
  }

  /** Whether a text starts with one of the prefixes: most paths a call names start with none. */
  private static boolean startsWithAny(String text, String[] prefixes) {
    for (String prefix : prefixes) {
      if (text.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private Resolved resolve(Path home) {
    Resolved known = resolved;
    if (known != null && known.home().equals(home)) {
      return known;
    }
    List<String> paths = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<String> not = new ArrayList<>();
    List<String> prefixes = new ArrayList<>();
    List<String> pathsPastHome = new ArrayList<>();
    List<String> notPastHome = new ArrayList<>();
    String root = home.toString();
    for (String pattern : written) {
      if (pattern.startsWith("!")) {
        not.add(regex(pattern.substring(1), root));
        notPastHome.add(regex(pattern.substring(1), null));
      } else if (pattern.contains("/")) {
        paths.add(regex(pattern, root));
        pathsPastHome.add(regex(pattern, null));
        prefixes.add(prefix(pattern, root));
      } else {
        names.add(regex(pattern, root));
      }
    }
    known =
        new Resolved(
            home,
            prefixes.toArray(String[]::new),
            either(paths, pathsPastHome),
            either(names, names),
            either(not, notPastHome));
    resolved = known;
    return known;
  }

  /** The text a path pattern's paths start with: up to its first wildcard, its ~/ the home's. */
  private static String prefix(String pattern, String home) {
    String text =
        pattern.startsWith("~/")
            ? (home.endsWith("/") ? home : home + "/") + pattern.substring(2)
            : pattern;
    for (int i = 0; i < text.length(); i++) {
      if ("*?[{".indexOf(text.charAt(i)) >= 0) {
        return text.substring(0, i);
      }
    }
    return text;
  }

  /**
   * The patterns as one, gated by what the same patterns need past the home: a path below the home
   * holds what follows the home in the pattern ({@code .kdbx}, {@code .netrc}), which the home
   * itself (quoted, so read for no text, or the text every path of the home holds) never says.
   *
   * @param regexes the patterns, each with its {@code ~/} the home's
   * @param pastHome the same patterns with nothing for the home ({@link #regex} given none)
   */
  private static Gated either(List<String> regexes, List<String> pastHome) {
    if (regexes.isEmpty()) {
      return null;
    }
    Pattern pattern = Pattern.compile(String.join("|", regexes));
    Pattern needed = pastHome == regexes ? pattern : Pattern.compile(String.join("|", pastHome));
    return new Gated(pattern, PatternLiterals.needs(needed));
  }

  /**
   * A pattern as a regular expression, its {@code ~/} the home's: every match of it holds a match
   * of the same pattern with no home, which is read for what a path must hold ({@link #either}).
   *
   * @param pattern the book's pattern
   * @param home the home, or {@code null} for nothing in its place
   */
  private static String regex(String pattern, String home) {
    StringBuilder out = new StringBuilder("(?:");
    int at = 0;
    if (pattern.startsWith("~/")) {
      if (home != null) {
        out.append(Pattern.quote(home.endsWith("/") ? home : home + "/"));
      }
      at = 2;
    }
    int end = convert(pattern, at, out, false);
    if (end != pattern.length()) {
      throw new IllegalStateException("a listed place has an unmatched '}': " + pattern);
    }
    return out.append(')').toString();
  }

  /**
   * Converts from {@code at} to the end of the pattern or of the group it is in.
   *
   * @return where it stopped: the pattern's end, or a group's {@code ,} or {@code }}
   */
  private static int convert(String pattern, int at, StringBuilder out, boolean inGroup) {
    int i = at;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if (inGroup && (c == ',' || c == '}')) {
        return i;
      }
      if (pattern.startsWith("**/", i)) {
        out.append("(?:[^/]+/)*");
        i += 3;
      } else if (pattern.startsWith("/**", i) && endsAt(pattern, i + 3, inGroup)) {
        out.append("/.+");
        i += 3;
      } else if (c == '*') {
        out.append("[^/]*");
        i++;
      } else if (c == '?') {
        out.append("[^/]");
        i++;
      } else if (c == '[') {
        int close = pattern.indexOf(']', i);
        if (close < 0) {
          throw new IllegalStateException("a listed place has an unclosed '[': " + pattern);
        }
        String letters = pattern.substring(i + 1, close);
        if (!letters.matches("[A-Za-z0-9]+")) {
          throw new IllegalStateException("a listed place's [] holds letters only: " + pattern);
        }
        out.append('[').append(letters).append(']');
        i = close + 1;
      } else if (c == '{') {
        out.append("(?:");
        i++;
        while (true) {
          i = convert(pattern, i, out, true);
          if (i >= pattern.length()) {
            throw new IllegalStateException("a listed place has an unclosed '{': " + pattern);
          }
          if (pattern.charAt(i) == '}') {
            out.append(')');
            i++;
            break;
          }
          out.append('|');
          i++;
        }
      } else {
        out.append("\\.[]{}()*+-?^$|".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c));
        i++;
      }
    }
    return i;
  }

  /** Whether a pattern ends at {@code i}, or its group's choice does. */
  private static boolean endsAt(String pattern, int i, boolean inGroup) {
    return i == pattern.length()
        || inGroup && (pattern.charAt(i) == ',' || pattern.charAt(i) == '}');
  }
}
