package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SQL that hands a statement to something that runs it (decision 199): SQL Server's {@code EXEC(…)}
 * and {@code sp_executesql}, a SQL Agent job step's {@code @command}, MySQL's {@code PREPARE …
 * FROM}, Oracle's {@code EXECUTE IMMEDIATE}, PL/pgSQL's {@code EXECUTE} in a {@code DO} block.
 * Where the statement is one literal, it is read as the SQL it is ({@link #literalsRun}: {@code
 * sp_executesql N'SELECT …'} reads, a job step's {@code N'UPDATE …'} writes); where it is built
 * when the SQL runs ({@code N'UPD' + N'ATE'} in a variable, {@code CONCAT}, {@code format}, {@code
 * EXEC(@s)}), nobody can read it in the call ({@link #assembled}), and on a shared database it is
 * taken for a write, as a file's unseen statements are (decision 152).
 */
final class AssembledStatements {
  private AssembledStatements() {}

  /** How deep a literal run inside a literal run is read. */
  private static final int MAX_DEPTH = 2;

  /** The most SQL read. */
  private static final int MAX_TEXT = 32 * 1024;

  /** What one reading of SQL finds: the literals handed to a runner, the first runner assembled. */
  private record Found(List<String> literals, String assembled) {}

  /**
   * {@return the first place where SQL runs a statement built when it runs ({@code sp_executesql
   * @s}, {@code EXEC(@s)}, {@code PREPARE st FROM @s}), or {@code null}}
   */
  static String assembled(String sql) {
    return read(sql).assembled();
  }

  /**
   * {@return the statements SQL hands to a runner as one literal each, unquoted ({@code ''} as
   * {@code '}), those inside them too}
   */
  static List<String> literalsRun(String sql) {
    return read(sql).literals();
  }

  private static Found read(String sql) {
    List<String> literals = new ArrayList<>();
    String assembled = read(sql, 0, literals);
    return new Found(literals, assembled);
  }

  private static String read(String sql, int depth, List<String> literals) {
    if (sql == null || sql.isEmpty() || sql.length() > MAX_TEXT || !mayRun(sql)) {
      return null;
    }
    List<SqlToken> tokens = SqlToken.of(sql);
    String assembled = null;
    List<String> found = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      String runner = runnerAt(tokens, i);
      if (runner == null) {
        continue;
      }
      int at = argumentAt(tokens, i, runner);
      SqlToken first = at < tokens.size() ? tokens.get(at) : null;
      if (first == null) {
        continue;
      }
      if (first.literal() && endsArgument(tokens, at + 1, runner)) {
        found.add(first.text());
      } else if (!first.literal() && runner.equals("EXECUTE") && !inBody(tokens, i)) {
        continue; // EXECUTE q: a prepared statement, whose PREPARE shows it or is read there
      } else if (assembled == null) {
        assembled = shown(tokens, i, at);
      }
    }
    literals.addAll(found);
    if (depth + 1 < MAX_DEPTH) {
      for (String literal : found) {
        String inner = read(literal, depth + 1, literals);
        assembled = assembled == null ? inner : assembled;
      }
    }
    return assembled;
  }

  /** Whether the SQL names a runner at all: most SQL does not, and is not tokenized. */
  private static boolean mayRun(String sql) {
    String upper = sql.toUpperCase(Locale.ROOT);
    return upper.contains("EXEC") || upper.contains("PREPARE") || upper.contains("@COMMAND");
  }

  /**
   * The runner that starts at {@code tokens[i]}: {@code EXEC(} or {@code EXECUTE(} (T-SQL's dynamic
   * SQL), {@code SP_EXECUTESQL}, {@code IMMEDIATE} after {@code EXECUTE}, {@code PREPARE} (its
   * {@code FROM}), a job step's {@code @COMMAND =}, {@code EXECUTE} before a literal or an
   * expression; or {@code null}.
   */
  private static String runnerAt(List<SqlToken> tokens, int i) {
    SqlToken token = tokens.get(i);
    if (token.literal()) {
      return null;
    }
    String w = token.text();
    String next = i + 1 < tokens.size() ? tokens.get(i + 1).text() : "";
    String before = i > 0 ? tokens.get(i - 1).text() : "";
    if ((w.equals("EXEC") || w.equals("EXECUTE")) && next.equals("(")) {
      return "EXEC(";
    }
    if (w.equals("SP_EXECUTESQL") || w.endsWith(".SP_EXECUTESQL")) {
      return "SP_EXECUTESQL";
    }
    if (w.equals("IMMEDIATE") && before.equals("EXECUTE")) {
      return "IMMEDIATE";
    }
    if (w.equals("PREPARE")) {
      return "PREPARE";
    }
    if (w.equals("@COMMAND") && next.equals("=") && jobStep(tokens, i)) {
      return "@COMMAND";
    }
    if (w.equals("EXECUTE") && !next.equals("IMMEDIATE") && !next.isEmpty() && !next.equals(";")) {
      return "EXECUTE";
    }
    return null;
  }

  /** Whether the statement {@code tokens[i]} stands in adds or changes a SQL Agent job's step. */
  private static boolean jobStep(List<SqlToken> tokens, int i) {
    for (int k = i - 1; k >= 0 && !tokens.get(k).text().equals(";"); k--) {
      String w = tokens.get(k).text();
      if (w.endsWith("SP_ADD_JOBSTEP") || w.endsWith("SP_UPDATE_JOBSTEP")) {
        return true;
      }
    }
    return false;
  }

  /** The index of the statement a runner at {@code i} is given. */
  private static int argumentAt(List<SqlToken> tokens, int i, String runner) {
    return switch (runner) {
      case "EXEC(", "@COMMAND" -> i + 2;
      case "SP_EXECUTESQL" -> {
        int at = i + 1; // sp_executesql @stmt = N'…'
        if (at + 1 < tokens.size()
            && tokens.get(at).text().equals("@STMT")
            && tokens.get(at + 1).text().equals("=")) {
          at += 2;
        }
        yield at;
      }
      case "PREPARE" -> {
        // PREPARE st FROM …; PostgreSQL's PREPARE st AS SELECT … shows its statement
        int at = i + 2;
        yield at < tokens.size() && tokens.get(at).text().equals("FROM") ? at + 1 : tokens.size();
      }
      default -> i + 1;
    };
  }

  /** Whether the argument ends after one literal: nothing joined to it. */
  private static boolean endsArgument(List<SqlToken> tokens, int after, String runner) {
    if (after >= tokens.size()) {
      return true;
    }
    String next = tokens.get(after).text();
    return switch (next) {
      case "+", "||", "(" -> false;
      case ")" -> true;
      default -> !runner.equals("EXEC(");
    };
  }

  /** Whether {@code tokens[i]} stands in a dollar-quoted body ({@code DO $$ … $$}). */
  private static boolean inBody(List<SqlToken> tokens, int i) {
    int marks = 0;
    for (int k = 0; k < i; k++) {
      if (tokens.get(k).dollarMark()) {
        marks++;
      }
    }
    return marks % 2 == 1;
  }

  /** The runner and its first words, as a reason shows them. */
  private static String shown(List<SqlToken> tokens, int i, int at) {
    StringBuilder text = new StringBuilder();
    for (int k = i; k < tokens.size() && k <= at + 1; k++) {
      SqlToken token = tokens.get(k);
      text.append(text.length() == 0 ? "" : " ")
          .append(token.literal() ? "'…'" : token.text().toLowerCase(Locale.ROOT));
    }
    return text.toString();
  }
}
