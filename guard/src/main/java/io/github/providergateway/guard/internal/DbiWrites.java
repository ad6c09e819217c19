package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * R's and Julia's database drivers given a statement that writes, in code typed on the command line
 * (round 74, {@code shapes.code-acts-on-shared}): {@code Rscript -e 'dbExecute(con, "UPDATE
 * ACTUARIAL…")'}, {@code DBI::dbSendStatement}, Julia's {@code LibPQ.execute}. Read as SQL, as a
 * Python cursor's {@code execute} is: a data source by its name ({@code odbc::odbc(), "warehouse"})
 * is the company's shared database. SQLite, DuckDB, an in-memory database and this machine's are
 * not, unless production is named.
 */
final class DbiWrites {
  private DbiWrites() {}

  /** A driver's call that runs a statement. */
  private static final Pattern RUNS =
      Pattern.compile("\\b(?:dbExecute|dbSendStatement|dbSendQuery|dbGetQuery|execute)\\s*\\(");

  /** A statement that changes rows or tables. */
  private static final Pattern WRITES =
      Pattern.compile(
          "(?is)\\b(?:UPDATE\\s+[\\w.\"`\\[\\]]+\\s+SET|DELETE\\s+FROM|INSERT\\s+INTO|MERGE\\s+INTO"
              + "|ALTER\\s+TABLE|CREATE\\s+OR\\s+REPLACE\\s+TABLE)\\b");

  /** A database of this machine or of a file. */
  private static final Pattern LOCAL =
      Pattern.compile("(?i)SQLite|duckdb|:memory:|localhost|127\\.0\\.0\\.1");

  /** Whether {@code step}'s inline R or Julia runs a statement that writes on a shared database. */
  static boolean writes(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > 64 * 1024) {
      return false;
    }
    return PatternLiterals.finds(RUNS, code)
        && PatternLiterals.finds(WRITES, code)
        && (!PatternLiterals.finds(LOCAL, code) || Environments.namesProduction(code));
  }
}
