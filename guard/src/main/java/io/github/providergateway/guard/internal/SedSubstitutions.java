package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a sed or perl script changes (for {@link WeakenPredicates#inPlace} and every reader of a
 * change made in place): its substitutions and deletions, each as the text it takes out and the
 * text it puts in; a substitution on the lines an address finds ({@code /notify_x/s/true/false/})
 * with the address's key (decision 178).
 */
final class SedSubstitutions {
  private SedSubstitutions() {}

  /** A pattern's group, with or without backslashes: {@code \(key\)}, {@code (key)}. */
  private static final Pattern GROUP = Pattern.compile("\\\\?\\(([^()]{0,200}?)\\\\?\\)");

  /**
   * The substitutions ({@code s/old/new/}) and deletions ({@code /old/d}) of a sed or perl script,
   * each as the text it takes out and the text it puts in, the pattern's escapes undone and the
   * replacement's groups put back.
   */
  static List<String[]> of(String script) {
    List<String[]> changes = new ArrayList<>();
    int i = 0;
    String address = null; // the line a substitution just after it is made on: /notify_x/s/a/b/
    String lastRegex = null; // the regex an empty pattern means: 0,/re/s//new/ (decision 326)
    int addressEnd = -1;
    while (i < script.length() && changes.size() < 16) {
      char c = script.charAt(i);
      boolean addressed = address != null && i == addressEnd;
      boolean starts = i == 0 || addressed || ";{ \n\t".indexOf(script.charAt(i - 1)) >= 0;
      if (addressed && (c == ' ' || c == '{' || c == '!')) {
        address = c == '!' ? "" : address; // /re/!s/a/b/: the lines the address does not find
        addressEnd++;
        i++;
        continue;
      }
      int lines = starts && !addressed ? lineAddress(script, i) : -1;
      if (lines > i) {
        // A line's number, the last line or a range before a command (decision 326): 4s/a/b/,
        // $a text, 0,/re/s//b/, /a/,/b/s/c/d/. It names no key of its own.
        address = "";
        addressEnd = lines;
        Matcher regex = RANGE_REGEX.matcher(script.substring(i, lines));
        lastRegex = regex.find() ? literal(regex.group(1)) : lastRegex;
        i = lines;
      } else if (starts
          && c == 's'
          && i + 1 < script.length()
          && !Character.isLetterOrDigit(script.charAt(i + 1))
          && !Character.isWhitespace(script.charAt(i + 1))) {
        char delimiter = script.charAt(i + 1);
        int[] end = new int[1];
        String old = part(script, i + 2, delimiter, end);
        if (old == null) {
          break;
        }
        String now = part(script, end[0], delimiter, end);
        if (now == null) {
          break;
        }
        String before = old.isEmpty() && lastRegex != null ? lastRegex : literal(old);
        String after = old.isEmpty() && lastRegex != null ? now : replaced(old, now);
        if (addressed && !address.isEmpty() && !before.contains(address)) {
          // The key is in the address, the value in the substitution (decision 178).
          String joint = before.isEmpty() || ":= ".indexOf(before.charAt(0)) >= 0 ? "" : ": ";
          before = address + joint + before;
          after = address + joint + after;
        }
        changes.add(new String[] {before, after});
        i = end[0];
      } else if (addressed
          && "cai".indexOf(c) >= 0
          && (i + 1 == script.length() || " \\\t".indexOf(script.charAt(i + 1)) >= 0)) {
        // sed's c, a and i (decision 326): the addressed line replaced by the text, or a line
        // put next to it (a later key overrides the one above in most settings' readers).
        String text = lineText(script, i + 1);
        changes.add(new String[] {c == 'c' ? address : "", text});
        i = script.length();
      } else if (starts && c == '/') {
        int[] end = new int[1];
        String old = part(script, i + 1, '/', end);
        if (old == null) {
          break;
        }
        lastRegex = literal(old);
        if (end[0] < script.length() && script.charAt(end[0]) == 'd') {
          changes.add(new String[] {literal(old), ""});
          i = end[0];
        } else if (end[0] < script.length() && script.charAt(end[0]) == ',') {
          int range = lineAddress(script, end[0] + 1);
          int[] second = new int[1];
          if (range < 0 && script.startsWith("/", end[0] + 1)) {
            range = part(script, end[0] + 2, '/', second) == null ? -1 : second[0];
          }
          address = ""; // a range: its first line is a section's, not the key's
          addressEnd = Math.max(range, end[0] + 1);
          i = addressEnd;
        } else {
          address = literal(old);
          addressEnd = end[0];
          i = end[0];
        }
      } else {
        i++;
      }
    }
    return changes;
  }

  /** A line's number, {@code $}, or a range of them, as sed writes its address. */
  private static final Pattern LINE_ADDRESS =
      Pattern.compile(
          "(?:\\d{1,9}|\\$)(?:,(?:\\d{1,9}|\\$|[+~]\\d{1,9}|/(?:[^/\\\\]|\\\\.){1,200}/))?!?(?=[scaid{ !])");

  /** The regex of a range's second address: {@code 0,/verify_tls: true/}. */
  private static final Pattern RANGE_REGEX = Pattern.compile("/((?:[^/\\\\]|\\\\.){1,200})/");

  /** {@return the end of a line address at {@code from}, or -1 where there is none} */
  private static int lineAddress(String script, int from) {
    Matcher address = LINE_ADDRESS.matcher(script);
    address.region(from, script.length());
    return address.lookingAt() ? address.end() : -1;
  }

  /** The text of sed's c, a or i: after a backslash or blanks, to the line's end. */
  private static String lineText(String script, int from) {
    int i = from;
    if (i < script.length() && script.charAt(i) == '\\') {
      i++;
    }
    while (i < script.length() && (script.charAt(i) == ' ' || script.charAt(i) == '\n')) {
      i++;
    }
    int end = script.indexOf('\n', i);
    return unescape(script.substring(i, end < 0 ? script.length() : end));
  }

  /** The text up to an unescaped delimiter; {@code end[0]} then just past it. */
  private static String part(String script, int from, char delimiter, int[] end) {
    StringBuilder text = new StringBuilder();
    for (int i = from; i < script.length(); i++) {
      char c = script.charAt(i);
      if (c == '\\' && i + 1 < script.length()) {
        text.append(c).append(script.charAt(++i));
      } else if (c == delimiter) {
        end[0] = i + 1;
        return text.toString();
      } else {
        text.append(c);
      }
    }
    return null;
  }

  /**
   * A pattern as the text it matches: escapes undone, quantifiers and anchors dropped, groups kept.
   */
  private static String literal(String pattern) {
    return unescape(pattern.replaceAll("(?<!\\\\)[*+?^$]", ""));
  }

  /** A pattern or replacement's escapes undone: {@code mask_pan\(card\.number\)}. */
  private static String unescape(String text) {
    StringBuilder plain = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        char next = text.charAt(++i);
        plain.append(next == 'n' ? '\n' : next == 's' || next == 't' ? ' ' : next);
      } else {
        plain.append(c);
      }
    }
    return plain.toString();
  }

  /**
   * A replacement with its groups ({@code \1}, {@code $1}, {@code &}) put back from the pattern.
   */
  private static String replaced(String old, String now) {
    List<String> groups = new ArrayList<>();
    Matcher group = GROUP.matcher(old);
    while (group.find() && groups.size() < 9) {
      groups.add(literal(group.group(1)));
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < now.length(); i++) {
      char c = now.charAt(i);
      if ((c == '\\' || c == '$') && i + 1 < now.length() && Character.isDigit(now.charAt(i + 1))) {
        int n = now.charAt(++i) - '0';
        text.append(n >= 1 && n <= groups.size() ? groups.get(n - 1) : "");
      } else if (c == '$'
          && now.startsWith("{", i + 1)
          && now.indexOf('}', i) == i + 3
          && Character.isDigit(now.charAt(i + 2))) {
        int n = now.charAt(i + 2) - '0'; // perl's ${1} (decision 223)
        text.append(n >= 1 && n <= groups.size() ? groups.get(n - 1) : "");
        i += 3;
      } else if (c == '&') {
        text.append(literal(old));
      } else if (c == '\\' && i + 1 < now.length()) {
        char next = now.charAt(++i);
        text.append(next == 'n' ? '\n' : next);
      } else {
        text.append(c);
      }
    }
    return text.toString();
  }
}
