package io.github.providergateway.guard.shell.programs;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where inline code of any language points a client: a URL written in it, an environment variable's
 * value ({@code os.environ['X']}, {@code process.env.X}, {@code ENV["X"]}, {@code $ENV{X}}, {@code
 * Sys.getenv("X")}), or a name the code gave one of those ({@code uri = URI("https://…")}), each
 * written as the shell word a command line would give it: a quoted literal, or {@code "$X"}. What
 * {@link CodeRequests} and {@link CodeStoreDeletes} hand their commands as the address.
 */
final class CodeAddresses {

  /** An environment variable's value, in the spellings of the inline languages. */
  private static final Pattern ENVIRONMENT =
      Pattern.compile(
          "(?:os\\.environ\\s*\\[\\s*|os\\.environ\\.get\\(\\s*|os\\.getenv\\(\\s*"
              + "|process\\.env\\[\\s*|ENV\\[\\s*|ENV\\.fetch\\(\\s*|getenv\\(\\s*"
              + "|Deno\\.env\\.get\\(\\s*|Sys\\.getenv\\(\\s*)['\"]([A-Za-z_][A-Za-z0-9_]*)['\"]"
              + "|(?:process\\.env|Bun\\.env|import\\.meta\\.env)\\.([A-Za-z_][A-Za-z0-9_]*)"
              + "|\\$ENV\\{\\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?\\s*\\}");

  /** A URL written in code; a placeholder's brace or a quote ends it. */
  private static final Pattern URL =
      Pattern.compile(
          "(?i)\\b(?:https?|ftp|wss?|redis|rediss|mongodb(?:\\+srv)?|postgres(?:ql)?|mysql"
              + "|sqlite)://[^\\s'\"`<>(){}\\\\,;]*");

  /** A name given a value: {@code x = …}, {@code const x = …}, {@code my $x = …}. */
  private static final Pattern ASSIGNED =
      Pattern.compile(
          "(?:\\b(?:const|let|var|my|local)\\s+)?([$]?[A-Za-z_][A-Za-z0-9_]*)\\s*=(?![=>~])");

  /** A name of the code's, a variable's sigil kept. */
  private static final Pattern NAME = Pattern.compile("[$]?[A-Za-z_][A-Za-z0-9_]*");

  /** A host given by name: {@code host='db1'}, {@code host: "cache.internal"}. */
  private static final Pattern HOST =
      Pattern.compile("\\bhost\\s*(?:=|:|=>)\\s*['\"]([A-Za-z0-9_.:-]+)['\"]");

  private final String code;

  /** The address each name of the code was given, as a shell word. */
  private final Map<String, String> named = new HashMap<>();

  CodeAddresses(String code) {
    this.code = code;
    Matcher assignment = ASSIGNED.matcher(code);
    while (assignment.find()) {
      int end = statementEnd(code, assignment.end());
      String address = first(code.substring(assignment.end(), end), false);
      if (address != null) {
        named.putIfAbsent(assignment.group(1), address);
      }
    }
  }

  /** The first address in {@code text}, the code's names read too; or null. */
  String in(String text) {
    return first(text, true);
  }

  /** The code's first address of all, or null. */
  String any() {
    return first(code, false);
  }

  /** The host the code names by a {@code host} argument, or null. */
  String host() {
    Matcher m = HOST.matcher(code);
    return m.find() ? m.group(1) : null;
  }

  private String first(String text, boolean names) {
    int best = Integer.MAX_VALUE;
    String found = null;
    Matcher url = URL.matcher(text);
    if (url.find() && url.group().length() > url.group().indexOf("://") + 3) {
      best = url.start();
      found = quoted(url.group());
    }
    Matcher variable = ENVIRONMENT.matcher(text);
    if (variable.find() && variable.start() < best) {
      best = variable.start();
      found = "\"$" + firstGroup(variable) + "\"";
    }
    if (names && !named.isEmpty()) {
      Matcher word = NAME.matcher(text);
      while (word.find() && word.start() < best) {
        String address = named.get(word.group());
        boolean member = word.start() > 0 && text.charAt(word.start() - 1) == '.';
        if (address != null && !member) {
          return address;
        }
      }
    }
    return found;
  }

  /** The text of the first group of {@code m} that matched, or the empty string. */
  static String firstGroup(Matcher m) {
    for (int g = 1; g <= m.groupCount(); g++) {
      if (m.group(g) != null) {
        return m.group(g);
      }
    }
    return "";
  }

  /** Where the statement that begins at {@code from} ends: a semicolon or a line's end. */
  static int statementEnd(String code, int from) {
    int end = from;
    while (end < code.length()
        && end - from < 300
        && code.charAt(end) != ';'
        && code.charAt(end) != '\n') {
      end++;
    }
    return end;
  }

  /** {@code text} as one shell word, single-quoted. */
  static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }

  /**
   * Where the call whose parenthesis opens at {@code open} closes (the index of its {@code )}, or
   * the code's end), strings skipped.
   */
  static int callEnd(String code, int open) {
    return atTop(code, open + 1, "");
  }

  /**
   * The index of the first of {@code stops} met from {@code from} outside strings and brackets
   * opened after {@code from}, or of the bracket that closes one opened before it, whichever comes
   * first; the text's length where neither is met.
   */
  static int atTop(String text, int from, String stops) {
    int depth = 0;
    char quote = 0;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          return i;
        }
        depth--;
      } else if (depth == 0 && stops.indexOf(c) >= 0) {
        return i;
      }
    }
    return text.length();
  }
}
