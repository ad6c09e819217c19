package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A database client handed only statements that read, in its own statement option ({@code psql -c
 * "SELECT …"}, {@code mysql -e "SHOW …"}, {@code sqlcmd -Q "SELECT …"}): a count of filings is no
 * filing (round 24's first run denied {@code psql "$RO_URL" -c "SELECT ack_status, count(*) FROM
 * efile_submissions WHERE submitted_at >= …"} as one). SQL fed another way (a file, standard input)
 * is not read, so it is no read.
 */
final class SqlReadsOnly {
  private SqlReadsOnly() {}

  /** Each client's options that take the statements to run. */
  private static final Map<String, Set<String>> STATEMENT_OPTIONS =
      Map.of(
          "psql", Set.of("-c", "--command"),
          "mysql", Set.of("-e", "--execute"),
          "mariadb", Set.of("-e", "--execute"),
          "sqlcmd", Set.of("-Q", "-q"),
          "clickhouse-client", Set.of("-q", "--query"),
          "snowsql", Set.of("-q", "--query"),
          "cqlsh", Set.of("-e", "--execute"));

  /** The first words of a statement that reads. */
  private static final Set<String> READS =
      NameSet.of("select", "with", "show", "explain", "describe", "desc", "values", "table");

  /** Words that make a statement that begins as a read write: {@code SELECT … INTO t}. */
  private static final Pattern WRITES =
      Pattern.compile(
          "\\b(?:insert|update|delete|truncate|drop|alter|create|grant|revoke|merge|into|copy"
              + "|call|exec|execute|set|lock|vacuum|reindex|refresh|pg_\\w+"
              // functions a SELECT calls that change: a sequence, a large object, a job (d. 312)
              + "|nextval|setval|lo_\\w+|cron\\.\\w+|dblink_exec|set_config)\\b");

  /** Whether {@code step} is a database client whose every statement, as given, reads. */
  static boolean reads(Step step) {
    Set<String> options = STATEMENT_OPTIONS.get(step.program());
    return options != null
        && readsIn(step.args(), options)
        && step.invocation().redirects().stream().noneMatch(r -> r.operator().startsWith("<"));
  }

  /**
   * Whether {@code args} give statements in {@code options} ({@code -c "…"}, {@code --sql=…}) and
   * every one of them reads: a cloud query service's too ({@code aws athena start-query-execution
   * --query-string "SELECT …"}, decision 201).
   */
  static boolean readsIn(List<Word> args, Set<String> options) {
    boolean any = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String sql = null;
      if (options.contains(text) && i + 1 < args.size()) {
        sql = args.get(++i).text();
      } else if (text.startsWith("--") && text.indexOf('=') > 0) {
        String option = text.substring(0, text.indexOf('='));
        sql = options.contains(option) ? text.substring(option.length() + 1) : null;
      }
      if (sql != null) {
        if (!statementsRead(sql)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  private static boolean statementsRead(String sql) {
    if (sql.length() > 4096) {
      return false;
    }
    String lower = sql.toLowerCase(Locale.ROOT).replaceAll("'[^']*'", "''");
    for (String statement : lower.split(";")) {
      String s = statement.strip().replaceFirst("^\\(+", "");
      if (s.isEmpty()) {
        continue;
      }
      String first = s.split("\\s+", 2)[0];
      if (!READS.contains(first) || PatternLiterals.finds(WRITES, s)) {
        return false;
      }
    }
    return true;
  }
}
