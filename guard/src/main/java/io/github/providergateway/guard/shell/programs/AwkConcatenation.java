package io.github.providergateway.guard.shell.programs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * awk's strings joined by writing them side by side (decision 186): {@code system("mbpoll -a " $2 "
 * -r " $3)}, {@code cmd = "curl -X POST …/users/" u "/unban"; system(cmd)}. The command a run call
 * is given is the literals as written with each field or variable between them an unknown word
 * ({@code $2}, {@code $u}), and {@code ENVIRON["TOKEN"]} the shell's {@code ${TOKEN}}: the command
 * awk builds, as the shell that runs it reads it.
 */
final class AwkConcatenation {
  private AwkConcatenation() {}

  /** What stands for an operand the reading cannot name: a function's value, an element. */
  private static final String COMPUTED = "$AWK";

  /** {@code ENVIRON["NAME"]}, at a name's start. */
  private static final Pattern ENVIRON = Pattern.compile("ENVIRON\\[\\s*\"(\\w{1,64})\"\\s*\\]");

  /**
   * After a literal: it and the operands written after it on its line, joined.
   *
   * @param code the cursor, past the literal; left past the last operand joined
   * @param first the literal's value
   * @return the joined text
   */
  static String after(CodeCursor code, String first) {
    StringBuilder joined = new StringBuilder(first);
    for (int operands = 0; operands < 64; operands++) {
      int back = code.pos;
      code.pos = blanksFrom(code, code.pos);
      String next = operand(code);
      if (next == null) {
        code.pos = back;
        break;
      }
      joined.append(next);
    }
    return joined.toString();
  }

  /**
   * The string last assigned to {@code name} before the cursor ({@code cmd = "curl " u}), joined as
   * {@link #after} joins it; null where none is.
   */
  static String assigned(CodeCursor code, String name) {
    Matcher assignment =
        Pattern.compile("(?<![\\w$])" + Pattern.quote(name) + "\\s*=(?!=)\\s*(?=\")")
            .matcher(code.s)
            .region(0, code.pos);
    int at = -1;
    while (assignment.find()) {
      at = assignment.end();
    }
    if (at < 0) {
      return null;
    }
    int back = code.pos;
    code.pos = at;
    String value = code.readString();
    value = value == null ? null : after(code, value);
    code.pos = back;
    return value;
  }

  /**
   * awk's {@code cmd | getline} (decision 191): the string last assigned to the variable before the
   * pipe at {@code bar}, which awk hands the shell to run as it does {@code system(cmd)}'s; null
   * where no variable stands there or none was assigned a string.
   */
  static String pipedToGetline(CodeCursor code, int bar) {
    String s = code.s;
    if (!s.startsWith("getline", code.skipSpacesFrom(bar + 1))) {
      return null;
    }
    int end = bar;
    while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
      end--;
    }
    int start = end;
    while (start > 0 && CodeCursor.isIdentifierPart(s.charAt(start - 1))) {
      start--;
    }
    if (start == end || !Character.isLetter(s.charAt(start)) && s.charAt(start) != '_') {
      return null; // "sort" | getline is the literal's (InlineScan), $0 | getline nobody's
    }
    int back = code.pos;
    code.pos = bar;
    String command = assigned(code, s.substring(start, end));
    code.pos = back;
    return command;
  }

  /**
   * The operand at the cursor, read past; null where none is (an operator, a close, a line's end).
   */
  private static String operand(CodeCursor code) {
    String s = code.s;
    int n = code.n;
    if (code.pos >= n) {
      return null;
    }
    char c = s.charAt(code.pos);
    if (c == '"') {
      return code.readString();
    }
    if (c == '$') {
      int start = code.pos++;
      while (code.pos < n && CodeCursor.isIdentifierPart(s.charAt(code.pos))) {
        code.pos++;
      }
      return code.pos > start + 1 ? s.substring(start, code.pos) : null; // $2, $NF; not $(…)
    }
    if (!Character.isLetter(c) && c != '_') {
      return null;
    }
    Matcher environ = ENVIRON.matcher(s).region(code.pos, n);
    if (environ.lookingAt()) {
      code.pos = environ.end();
      return "${" + environ.group(1) + "}";
    }
    int start = code.pos;
    while (code.pos < n && CodeCursor.isIdentifierPart(s.charAt(code.pos))) {
      code.pos++;
    }
    String name = s.substring(start, code.pos);
    if (name.equals("in") || name.equals("getline")) {
      return null; // an operator's word, no operand
    }
    if (code.pos < n && (s.charAt(code.pos) == '(' || s.charAt(code.pos) == '[')) {
      code.pos = closeOf(s, code.pos) + 1; // tolower($1), a[i]: a value the reading cannot name
      return COMPUTED;
    }
    return "$" + name;
  }

  /** The close of the bracket at {@code open}, or the last character where it has none. */
  private static int closeOf(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '(' || c == '[') {
        depth++;
      } else if ((c == ')' || c == ']') && --depth == 0) {
        return i;
      }
    }
    return s.length() - 1;
  }

  private static int blanksFrom(CodeCursor code, int i) {
    while (i < code.n && (code.s.charAt(i) == ' ' || code.s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }
}
