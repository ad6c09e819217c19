package io.github.providergateway.guard.shell.programs;

import java.util.Map;

/**
 * The names inline code assigns string literals to ({@code n = 'sys' + 'tem'}, {@code my $c =
 * "rm"}), and literals joined by {@code +}: what {@link InlineScan} fills in where a run call is
 * given a name rather than a string ({@code getattr(os, n)}, {@code system($c)}).
 */
final class InlineAssignments {
  private InlineAssignments() {}

  /** {@code name = 'literal' (+ 'literal')*}, with a declaration before it or none. */
  private static final java.util.regex.Pattern ASSIGNMENT =
      java.util.regex.Pattern.compile(
          "(?:\\b(?:const|let|var|my|local)\\s+)?([$@]?[A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*"
              + "((?:\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')(?:\\s*(?:\\+|\\.\\.|\\.)\\s*(?:\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'))*)");

  private static final java.util.regex.Pattern LITERAL =
      java.util.regex.Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"|'([^']*)'");

  /** String literals joined by {@code +}, as one string; null when anything else is there. */
  static String joinedLiterals(String text) {
    StringBuilder joined = new StringBuilder();
    java.util.regex.Matcher literal = LITERAL.matcher(text);
    int at = 0;
    boolean any = false;
    while (literal.find()) {
      String between = text.substring(at, literal.start()).strip();
      if (!between.isEmpty() && !between.equals("+")) {
        return null;
      }
      joined.append(literal.group(1) != null ? literal.group(1) : literal.group(2));
      at = literal.end();
      any = true;
    }
    return any && text.substring(at).isBlank() ? joined.toString() : null;
  }

  /** The strings the code assigns to a name, literals joined by +, . or .. as written. */
  static Map<String, String> of(String code) {
    Map<String, String> assigned = new java.util.HashMap<>();
    java.util.regex.Matcher m = ASSIGNMENT.matcher(code);
    while (m.find()) {
      StringBuilder value = new StringBuilder();
      java.util.regex.Matcher literal = LITERAL.matcher(m.group(2));
      while (literal.find()) {
        value.append(literal.group(1) != null ? literal.group(1) : literal.group(2));
      }
      assigned.put(m.group(1), value.toString());
    }
    return assigned;
  }
}
