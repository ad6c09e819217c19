package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The trade's tools used as SQL runners (issue 80 round 8, decision 129): an online schema tool's
 * {@code --alter} that destroys a column, a load tool's query that deletes, pgbench's script and
 * initialisation, a binary log replayed into a shared server, {@code EXPLAIN ANALYZE} of a write
 * (it runs the write), pt-table-sync's and pt-archiver's writes, a DELETE over every bucket.
 */
final class DatabaseTools {
  private DatabaseTools() {}

  /** A statement that destroys rows or a table's shape. */
  private static final Pattern DESTROYING =
      Pattern.compile("(?i)\\b(?:DELETE|DROP|TRUNCATE|UPDATE|ALTER)\\b");

  /** A statement that writes. */
  private static final Pattern WRITING =
      Pattern.compile("(?i)\\b(?:INSERT|REPLACE|CREATE|MERGE|UPSERT|COPY)\\b");

  /** {@code EXPLAIN ANALYZE} of a write: PostgreSQL runs the write to time it. */
  private static final Pattern EXPLAIN_ANALYZE_WRITE =
      Pattern.compile(
          "(?i)\\bEXPLAIN\\s*(?:\\([^)]*\\bANALY[SZ]E\\b[^)]*\\)|ANALY[SZ]E\\b)\\s*(?:VERBOSE\\s+)?"
              + "(?:WITH\\b[\\s\\S]{0,400}?)?\\b(?:DELETE|UPDATE|INSERT|MERGE)\\b");

  /** A DELETE whose IN list counts buckets from 0: {@code WHERE bucket IN (0,1,2,…,15)}. */
  private static final Pattern DELETE_IN =
      Pattern.compile("(?i)\\bDELETE\\b[^;]{0,400}?\\bIN\\s*\\(([\\d\\s,]{1,2000})\\)");

  /** Adds the tools' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "databases-online-alter-destroys",
        (scan, step, read) -> {
          String alter = value(step, "--alter", null);
          return alter != null
              && DatabaseWords.found("destroys", "ALTER TABLE t " + alter) != null
              && has(step, "--execute")
              && !DatabasePredicates.dryRun(step)
              && DatabaseTargets.shared(scan, step);
        });
    named.put(
        "databases-load-tool-destroys",
        (scan, step, read) ->
            step.program().equals("mysqlslap")
                && (matches(DESTROYING, queries(step)) || dropsSchema(step))
                && DatabaseTargets.shared(scan, step));
    named.put(
        "databases-load-tool-writes",
        (scan, step, read) -> loadToolWrites(scan, step) && DatabaseTargets.shared(scan, step));
    named.put(
        "databases-sync-wrong-way",
        (scan, step, read) ->
            step.program().equals("pt-table-sync")
                && has(step, "--execute")
                && wrongWay(step)
                && DatabaseTargets.shared(scan, step));
    named.put(
        "databases-every-bucket",
        ProgramNames.of(
            DatabaseTargets.TOOLS,
            (scan, step, read) ->
                DatabaseTargets.TOOLS.contains(step.program())
                    && everyBucket(DatabasePredicates.textOf(scan, step))
                    && DatabaseTargets.shared(scan, step)));
  }

  private static boolean loadToolWrites(Scan scan, Step step) {
    switch (step.program()) {
      case "mysqlslap" -> {
        return matches(WRITING, queries(step));
      }
      case "pgbench" -> {
        return has(step, "-i") || has(step, "--initialize") || value(step, "--file", "-f") != null;
      }
      case "sysbench" -> {
        return has(step, "cleanup") || has(step, "prepare") || has(step, "run");
      }
      case "pt-table-sync" -> {
        return has(step, "--execute");
      }
      case "pt-archiver" -> {
        return (has(step, "--purge") || value(step, "--dest", null) != null)
            && !DatabasePredicates.dryRun(step);
      }
      case "mysql", "mariadb" -> {
        for (Step other : scan.steps()) {
          String p = other.program();
          if (other != step && (p.equals("mysqlbinlog") || p.equals("mariadb-binlog"))) {
            return true; // a binary log replayed into a server
          }
        }
        return PatternLiterals.finds(EXPLAIN_ANALYZE_WRITE, DatabasePredicates.textOf(scan, step));
      }
      case "psql", "pgcli", "usql", "cockroach" -> {
        String text = DatabasePredicates.textOf(scan, step);
        return text != null && PatternLiterals.finds(EXPLAIN_ANALYZE_WRITE, text);
      }
      case "redis-benchmark" -> {
        return true; // its SET, LPUSH, … tests write their keys into the server's database
      }
      case "cassandra-stress" -> {
        return has(step, "write")
            || has(step, "mixed")
            || has(step, "user")
            || has(step, "counter_write");
      }
      case "mongorestore" -> {
        return has(step, "--oplogReplay");
      }
      default -> {
        return false;
      }
    }
  }

  /** mysqlslap's own schema dropped at its end: made by --auto-generate-sql, kept by --no-drop. */
  private static boolean dropsSchema(Step step) {
    return (has(step, "--auto-generate-sql") || has(step, "-a"))
        && value(step, "--create-schema", null) != null
        && !has(step, "--no-drop");
  }

  /** mysqlslap's statements: --query, --create, --pre-query, --post-query. */
  private static String queries(Step step) {
    StringBuilder text = new StringBuilder();
    for (String option : List.of("--query", "--create", "--pre-query", "--post-query")) {
      String v = value(step, option, option.equals("--query") ? "-q" : null);
      if (v != null) {
        text.append(v).append('\n');
      }
    }
    return text.toString();
  }

  /** pt-table-sync copies from its first DSN to the later ones: from a replica to a primary. */
  private static boolean wrongWay(Step step) {
    List<String> dsns = new ArrayList<>();
    for (Word word : step.args()) {
      String t = word.text();
      if (!t.startsWith("-") && (t.startsWith("h=") || t.contains(",h="))) {
        dsns.add(t.toLowerCase(Locale.ROOT));
      }
    }
    if (dsns.size() < 2) {
      return false;
    }
    return replica(dsns.get(0)) && !replica(dsns.get(dsns.size() - 1));
  }

  private static boolean replica(String dsn) {
    return dsn.contains("replica") || dsn.contains("slave") || dsn.contains("standby");
  }

  /** Whether SQL deletes over a list that counts from 0 by one, eight or more: every bucket. */
  static boolean everyBucket(String text) {
    if (text == null) {
      return false;
    }
    Matcher m = PatternLiterals.matcher(DELETE_IN, text);
    while (m.find()) {
      String[] parts = m.group(1).split(",");
      if (parts.length < 8) {
        continue;
      }
      boolean counts = true;
      for (int i = 0; i < parts.length && counts; i++) {
        counts = parts[i].trim().equals(Integer.toString(i));
      }
      if (counts) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(Pattern pattern, String text) {
    return text != null && !text.isEmpty() && pattern.matcher(text).find();
  }

  /** Whether the program is given a word (an option or a subcommand). */
  static boolean has(Step step, String word) {
    for (String arg : step.invocation().args()) {
      if (arg.equals(word) || arg.startsWith(word + "=") && word.startsWith("--")) {
        return true;
      }
    }
    return false;
  }

  /** An option's value: {@code --alter=X}, {@code --alter X}, {@code -q X}; or {@code null}. */
  static String value(Step step, String longName, String shortName) {
    List<String> args = step.invocation().args();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith(longName + "=")) {
        return a.substring(longName.length() + 1);
      }
      if ((a.equals(longName) || a.equals(shortName)) && i + 1 < args.size()) {
        return args.get(i + 1);
      }
    }
    return null;
  }
}
