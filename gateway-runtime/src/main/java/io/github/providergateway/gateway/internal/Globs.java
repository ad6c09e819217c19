package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The {@code match.file} glob of hook rules (design brief, decision 24): tested against the first
 * of the {@code path}, {@code file} and {@code filePath} string arguments the call has. A glob
 * without {@code /} matches the file's name wherever it is ({@code *.sql} matches {@code
 * db/migrations/001.sql}); one with {@code /} matches the whole path. {@code *} stays within one
 * path segment, {@code **} crosses segments, {@code ?} is one character of a segment, {@code [..]}
 * a character class ({@code [!..]} negated), {@code {a,b}} alternatives, {@code \} escapes.
 *
 * <p>A glob is translated to a regex (as {@code FileSystem.getPathMatcher("glob:…")} does) so that
 * it runs under the same {@link RegexGuard} as every other provider pattern: {@code *a*a*a*a*b}
 * backtracks polynomially on a long path, and a provider must not spend the loop's time with it.
 */
final class Globs {

  private static final List<String> FILE_ARGUMENTS = List.of("path", "file", "filePath");
  private static final String REGEX_META = ".^$+{[]|()";

  private Globs() {}

  /** The call's file argument as globs see it (separators as {@code /}), or null if it has none. */
  static String fileArgument(String glob, JsonNode args) {
    for (String name : FILE_ARGUMENTS) {
      JsonNode value = args.get(name);
      if (value != null && value.isTextual()) {
        String normalized = value.textValue().replace('\\', '/');
        return glob.contains("/")
            ? normalized
            : normalized.substring(normalized.lastIndexOf('/') + 1);
      }
    }
    return null;
  }

  /** Whether {@code glob} is a valid glob. */
  static boolean isValid(String glob) {
    try {
      toRegex(glob);
      return true;
    } catch (IllegalArgumentException invalid) {
      return false;
    }
  }

  /**
   * The anchored regex a glob stands for.
   *
   * @throws IllegalArgumentException if the glob is malformed (an unclosed {@code [} or {@code {},
   *     a nested {@code {}, a trailing {@code \})
   */
  static String toRegex(String glob) {
    StringBuilder regex = new StringBuilder("^");
    boolean inGroup = false;
    int i = 0;
    while (i < glob.length()) {
      char c = glob.charAt(i++);
      switch (c) {
        case '\\' -> {
          if (i == glob.length()) {
            throw new IllegalArgumentException("No character to escape at the end of " + glob);
          }
          appendLiteral(regex, glob.charAt(i++));
        }
        case '*' -> {
          if (i < glob.length() && glob.charAt(i) == '*') {
            regex.append(".*");
            i++;
          } else {
            regex.append("[^/]*");
          }
        }
        case '?' -> regex.append("[^/]");
        case '[' -> i = appendClass(glob, i, regex);
        case '{' -> {
          if (inGroup) {
            throw new IllegalArgumentException("Groups cannot nest in " + glob);
          }
          regex.append("(?:(?:");
          inGroup = true;
        }
        case '}' -> {
          if (inGroup) {
            regex.append("))");
            inGroup = false;
          } else {
            regex.append("\\}");
          }
        }
        case ',' -> regex.append(inGroup ? ")|(?:" : ",");
        default -> appendLiteral(regex, c);
      }
    }
    if (inGroup) {
      throw new IllegalArgumentException("Missing '}' in " + glob);
    }
    return regex.append('$').toString();
  }

  /**
   * Appends the class that starts after {@code [} at {@code i}; returns the index after {@code ]}.
   */
  private static int appendClass(String glob, int i, StringBuilder regex) {
    regex.append("[[^/]&&[");
    if (i < glob.length() && glob.charAt(i) == '!') {
      regex.append('^');
      i++;
    }
    boolean first = true;
    while (i < glob.length()) {
      char c = glob.charAt(i++);
      if (c == ']' && !first) {
        regex.append("]]");
        return i;
      }
      if (c == '\\' || c == '[' || c == '&' || c == '^' || c == ']') {
        regex.append('\\');
      }
      regex.append(c);
      first = false;
    }
    throw new IllegalArgumentException("Missing ']' in " + glob);
  }

  private static void appendLiteral(StringBuilder regex, char c) {
    if (REGEX_META.indexOf(c) >= 0 || c == '\\' || c == '*' || c == '?' || c == '}' || c == ',') {
      regex.append('\\');
    }
    regex.append(c);
  }
}
