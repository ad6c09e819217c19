package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lexicon's pattern cut into its alternatives, each with the literal text it starts with (its
 * cue), so that a call's text is searched only for the alternatives whose cue it holds: Java's
 * regular expressions try every alternative of an alternation at every position, which over a 4 KiB
 * command costs milliseconds, while looking for a cue costs microseconds. An alternative with no
 * cue of two characters or more is always searched. The cut is read once, when the lexicon is made.
 */
final class NetworkCues {
  private NetworkCues() {}

  /**
   * One alternative: its cues (lower case; one must be in the text), or {@code null}, and its
   * pattern.
   */
  record Entry(List<String> cues, Pattern pattern) {}

  /**
   * The alternatives of a pattern, those of a group that follows the prefix {@code at} cut too.
   *
   * @param whole the pattern, case-insensitive ({@code (?i)…})
   * @param at the prefix whose group is cut as well
   * @param skipped a prefix no cue is read from (where an Ansible module is named)
   * @return its alternatives
   */
  static List<Entry> of(Pattern whole, String at, String skipped) {
    String source = whole.pattern();
    if (source.startsWith("(?i)")) {
      source = source.substring(4);
    }
    List<Entry> entries = new ArrayList<>();
    for (String alternative : top(source)) {
      String group = alternative.startsWith(at) ? alternative.substring(at.length()) : null;
      if (group != null && group.startsWith("(?:") && closes(group) == group.length() - 1) {
        for (String inner : top(group.substring(3, group.length() - 1))) {
          entries.add(new Entry(cues(inner), Pattern.compile("(?i)" + at + "(?:" + inner + ")")));
        }
      } else {
        String read = alternative;
        if (read.startsWith(skipped)) {
          read = read.substring(skipped.length());
        } else if (read.startsWith(at)) {
          read = read.substring(at.length());
        }
        entries.add(new Entry(cues(read), Pattern.compile("(?i)" + alternative)));
      }
    }
    return List.copyOf(entries);
  }

  /**
   * The first match of the alternatives whose cue the text holds, or {@code null}.
   *
   * @param entries the alternatives
   * @param text the text
   * @param lower the text in lower case, as {@link #lower} makes it
   * @return the match, or {@code null}
   */
  static String find(List<Entry> entries, String text, String lower) {
    for (Entry entry : entries) {
      if (entry.cues() != null && !holdsOne(lower, entry.cues())) {
        continue;
      }
      Matcher matcher = entry.pattern().matcher(text);
      if (matcher.find()) {
        return matcher.group();
      }
    }
    return null;
  }

  private static boolean holdsOne(String lower, List<String> cues) {
    for (String cue : cues) {
      if (lower.contains(cue)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the text with its ASCII letters in lower case, its length kept} */
  static String lower(String text) {
    char[] chars = text.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      if (chars[i] >= 'A' && chars[i] <= 'Z') {
        chars[i] = (char) (chars[i] + 32);
      }
    }
    return new String(chars);
  }

  /** The alternatives of a pattern at its top level. */
  private static List<String> top(String source) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    boolean inClass = false;
    int start = 0;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '\\') {
        i++;
      } else if (inClass) {
        inClass = c != ']';
      } else if (c == '[') {
        inClass = true;
        if (i + 1 < source.length() && source.charAt(i + 1) == ']') {
          i++;
        }
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == '|' && depth == 0) {
        parts.add(source.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(source.substring(start));
    return parts;
  }

  /** Where the group opening at 0 closes, or -1. */
  private static int closes(String source) {
    int depth = 0;
    boolean inClass = false;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '\\') {
        i++;
      } else if (inClass) {
        inClass = c != ']';
      } else if (c == '[') {
        inClass = true;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The literals an alternative may start with, past its word boundaries and lookbehinds: its
   * literal prefix, followed by each of a group's alternatives' where one follows; {@code null}
   * where one would be shorter than two characters.
   */
  static List<String> cues(String alternative) {
    int i = 0;
    while (i < alternative.length()) {
      if (alternative.startsWith("\\b", i)) {
        i += 2;
      } else if (alternative.startsWith("(?<!", i) || alternative.startsWith("(?<=", i)) {
        int end = closes(alternative.substring(i));
        if (end < 0) {
          return null;
        }
        i += end + 1;
      } else {
        break;
      }
    }
    StringBuilder cue = new StringBuilder();
    while (i < alternative.length()) {
      char c = alternative.charAt(i);
      if (Character.isLetterOrDigit(c) || "-/_\"<:=@;,&'".indexOf(c) >= 0) {
        cue.append(Character.toLowerCase(c));
        i++;
      } else if (c == '\\'
          && i + 1 < alternative.length()
          && ".-/\"'[](){}".indexOf(alternative.charAt(i + 1)) >= 0) {
        cue.append(alternative.charAt(i + 1));
        i += 2;
      } else {
        break;
      }
    }
    if (cue.length() > 0
        && (alternative.startsWith("\\s{1,", i) || alternative.startsWith("\\s+", i))) {
      return List.of(cue + " ");
    }
    if (i < alternative.length() && "?*{".indexOf(alternative.charAt(i)) >= 0) {
      if (cue.length() > 0) {
        cue.setLength(cue.length() - 1); // the last letter is optional
      }
      return cue.length() >= 2 ? List.of(cue.toString()) : null;
    }
    if (alternative.startsWith("(?:", i)) {
      int end = closes(alternative.substring(i));
      boolean optional =
          end < 0
              || i + end + 1 < alternative.length()
                  && "?*{".indexOf(alternative.charAt(i + end + 1)) >= 0;
      if (!optional) {
        String after = literal(alternative, i + end + 1);
        List<String> found = new ArrayList<>();
        for (String inner : top(alternative.substring(i + 3, i + end))) {
          List<String> innerCues = cues(inner);
          if (innerCues == null && cue.length() < 2) {
            return null;
          }
          if (innerCues == null) {
            found.add(cue.toString());
          } else {
            for (String innerCue : innerCues) {
              found.add(cue + innerCue + (innerCue.endsWith(" ") ? "" : after));
            }
          }
        }
        return List.copyOf(found);
      }
    }
    return cue.length() >= 2 ? List.of(cue.toString()) : null;
  }

  /** The literal characters at a place of a pattern, before any quantifier or group. */
  private static String literal(String alternative, int from) {
    StringBuilder literal = new StringBuilder();
    int i = from;
    while (i < alternative.length()) {
      char c = alternative.charAt(i);
      if (Character.isLetterOrDigit(c) || "-/_\"<:=@;,&'".indexOf(c) >= 0) {
        literal.append(Character.toLowerCase(c));
        i++;
      } else {
        break;
      }
    }
    if (i < alternative.length()
        && "?*{".indexOf(alternative.charAt(i)) >= 0
        && literal.length() > 0) {
      literal.setLength(literal.length() - 1);
    }
    return literal.toString();
  }
}
