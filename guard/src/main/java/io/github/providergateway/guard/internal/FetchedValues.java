package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * A variable the command assigns from a program's output, read for the place it was fetched from
 * (decision 285): {@code DATABASE_URL=$(aws ssm get-parameter --name /prod/cod/database_url …)
 * ./bin/migrate up} and {@code export DATABASE_URL=$(vault kv get -field=url secret/prod/db) &&
 * rails db:migrate} work on production as surely as {@code DATABASE_URL=$PROD_DATABASE_URL} does,
 * though the value the shell hands on names nothing: the secret's path does.
 */
final class FetchedValues {
  private FetchedValues() {}

  /** How far into a command its assignments are read: a call's text is rarely longer. */
  private static final int MAX_SOURCE = 16_384;

  /** How many substitutions are read: each is read to its end, so the work stays linear. */
  private static final int MAX_READ = 32;

  /**
   * Whether the command assigns an upper-case variable ({@code NAME=$(…)}, {@code NAME="$(…)"},
   * {@code NAME=`…`}) the output of a command whose words name production.
   *
   * @param source the command's text
   * @return whether one such output is assigned
   */
  static boolean fromProduction(String source) {
    String text = source.length() > MAX_SOURCE ? source.substring(0, MAX_SOURCE) : source;
    int read = 0;
    for (int eq = text.indexOf('='); eq > 0 && read < MAX_READ; eq = text.indexOf('=', eq + 1)) {
      String inner = namedBefore(text, eq) ? substituted(text, eq + 1) : null;
      read += inner == null ? 0 : 1;
      for (String token : inner == null ? List.<String>of() : CommandTokens.split(inner)) {
        String value = token.replace("\"", "").replace("'", "").replace("\\", "");
        if (Environments.namesProduction(value)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The command substituted right after {@code =} ({@code $(…)} to its closing parenthesis, nested
   * ones counted, or {@code `…`}), a double quote before it allowed; null where the value is none.
   */
  private static String substituted(String text, int at) {
    int i = at < text.length() && text.charAt(at) == '"' ? at + 1 : at;
    if (i < text.length() && text.charAt(i) == '`') {
      int end = text.indexOf('`', i + 1);
      return text.substring(i + 1, end < 0 ? text.length() : end);
    }
    if (!text.startsWith("$(", i) || text.startsWith("$((", i)) {
      return null; // arithmetic, or a value that is no command's output
    }
    int depth = 1;
    for (int j = i + 2; j < text.length(); j++) {
      char c = text.charAt(j);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return text.substring(i + 2, j);
      }
    }
    return text.substring(i + 2);
  }

  /** Whether an upper-case variable's name ends right before {@code =}, begun by a word's start. */
  private static boolean namedBefore(String text, int eq) {
    int start = eq;
    while (start > 0) {
      char c = text.charAt(start - 1);
      if (!(c >= 'A' && c <= 'Z' || c == '_' || c >= '0' && c <= '9')) {
        break;
      }
      start--;
    }
    if (start == eq || Character.isDigit(text.charAt(start))) {
      return false;
    }
    return start == 0 || " \t\n;&|(".indexOf(text.charAt(start - 1)) >= 0;
  }
}
