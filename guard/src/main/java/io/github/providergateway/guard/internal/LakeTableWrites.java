package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A data platform's table overwritten, emptied or its history destroyed by one of its engines,
 * whichever (issue 80 round 72, {@code databases.lake-table-overwritten}): SQL's {@code INSERT
 * OVERWRITE}, {@code TRUNCATE}, {@code ALTER TABLE … DROP PARTITION}, {@code RESTORE TABLE},
 * Delta's {@code VACUUM … RETAIN 0 HOURS}, Iceberg's procedures that lose snapshots, a DataFrame
 * written with {@code mode("overwrite")} into a table; said inline, in a here-document, or in a
 * file the same call writes and then hands the engine ({@code cat > /tmp/fix.py <<'PY' …
 * spark-submit /tmp/fix.py}); and BigQuery's {@code bq query --replace}, {@code bq cp -f}, {@code
 * bq load --replace}, {@code bq rm -f}. Decision 229 read Spark as this machine's unless it was
 * given a cluster; but a Spark or Hive client given none reads its site's configuration, which
 * names the company's metastore, so a table named in a schema there is the company's table. A local
 * master ({@code --master local[4]}), a scratch schema ({@code tmp}, {@code scratch}, {@code
 * sandbox}, {@code dev}, {@code test}), a local path and a dry run are not.
 */
final class LakeTableWrites {
  private LakeTableWrites() {}

  /** The engines that find their cluster in the site's configuration when given none. */
  private static final Set<String> SITE_CLIENTS =
      NameSet.of("spark-sql", "spark-shell", "pyspark", "spark-submit", "hive", "impala-shell");

  /** The engines whose server is named or always another's: shared as any database client's. */
  private static final Set<String> SERVER_CLIENTS =
      NameSet.of("beeline", "trino", "presto", "databricks", "dbsqlcli", "snowsql");

  /** A table's name: up to four parts, each a word or a back-quoted name or path. */
  private static final String NAME =
      "((?:`[^`]{1,300}`|[A-Za-z_][\\w$]*)(?:\\.(?:`[^`]{1,300}`|[A-Za-z_][\\w$]*)){0,3})";

  /** A quoted table's name, as a DataFrame's writer or a procedure is given it. */
  private static final String QUOTED = "['\"]([^'\"\\s]{1,300})['\"]";

  /** Less than Delta's week of retention, in hours. */
  private static final String UNDER_A_WEEK = "0*(?:\\d|[1-9]\\d|1[0-5]\\d|16[0-7])(?:\\.\\d+)?";

  /** The acts; the groups that are not null hold the table's name ({@link #table}). */
  private static final Pattern ACTS =
      Pattern.compile(
          "(?i)\\bINSERT\\s+OVERWRITE\\s+(?!(?:LOCAL\\s+)?DIRECTORY\\b)(?:TABLE\\s+|INTO\\s+)?"
              + NAME
              + "|\\bTRUNCATE\\s+(?:TABLE\\s+)?(?:IF\\s+EXISTS\\s+)?"
              + NAME
              + "|\\bALTER\\s+TABLE\\s+"
              + NAME
              + "\\s+DROP\\s+(?:IF\\s+EXISTS\\s+)?PARTITION\\b"
              + "|\\bRESTORE\\s+(?:TABLE\\s+)?"
              + NAME
              + "\\s+(?:TO\\s+)?(?:VERSION|TIMESTAMP)\\b"
              + "|\\bVACUUM\\s+"
              + NAME
              + "[^;]{0,200}?\\bRETAIN\\s+"
              + UNDER_A_WEEK
              + "\\s+HOURS\\b(?!\\s+DRY\\s+RUN)"
              + "|\\b(?:([A-Za-z_]\\w*)\\.)?system\\.(?:expire_snapshots|rollback_to_snapshot|rollback_to_timestamp"
              + "|set_current_snapshot|cherrypick_snapshot|remove_orphan_files)\\s*\\(\\s*"
              + "(?:table\\s*=>\\s*)?"
              + QUOTED
              + "(?![^)]{0,2000}?\\bdry_run\\s*=>\\s*true)"
              + "|\\bmode\\s*\\(\\s*(?:['\"]overwrite['\"]|SaveMode\\.Overwrite)\\s*\\)(?:[^;\\n]|\\n\\s*(?=\\.)){0,300}?"
              + "\\.(?:saveAsTable|insertInto)\\s*\\(\\s*"
              + QUOTED
              + "|\\.saveAsTable\\s*\\(\\s*"
              + QUOTED
              + "[^)]{0,200}?\\bmode\\s*=\\s*['\"]overwrite['\"]"
              + "|\\.insertInto\\s*\\(\\s*"
              + QUOTED
              + "\\s*,\\s*(?:overwrite\\s*=\\s*)?(?:True|true)\\b"
              + "|\\.writeTo\\s*\\(\\s*"
              + QUOTED
              + "\\s*\\)(?:[^;\\n]|\\n\\s*(?=\\.)){0,200}?"
              + "\\.(?:overwrite|overwritePartitions|replace|createOrReplace)\\s*\\(");

  /** {@return whether a program of this name is an engine read here} */
  static boolean engine(String program) {
    return program.equals("bq")
        || SITE_CLIENTS.contains(program)
        || SERVER_CLIENTS.contains(program)
        || DatabaseTargets.interpreter(program);
  }

  /** Inline Python that starts Spark: its session reads the site's configuration too. */
  private static final Pattern PYSPARK = Pattern.compile("\\bpyspark\\b|\\bSparkSession\\b");

  /** A Spark session's master set in code to this machine's. */
  private static final Pattern LOCAL_MASTER_IN_CODE =
      Pattern.compile("\\.master\\s*\\(\\s*['\"]local");

  /**
   * {@return the shared table an engine of a data platform overwrites, empties or loses the history
   * of, or null}
   *
   * @param scan the call
   * @param step the engine
   */
  static String overwrittenShared(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("bq")) {
      return BigQueryReplaces.replaced(step);
    }
    boolean site = SITE_CLIENTS.contains(program);
    boolean code = DatabaseTargets.interpreter(step);
    if (!site && !code && !SERVER_CLIENTS.contains(program)) {
      return null;
    }
    String text = textOf(scan, step);
    if (text.isEmpty() || code && !PatternLiterals.finds(PYSPARK, text)) {
      return null;
    }
    boolean onItsSite = site || code;
    if (onItsSite ? !siteShared(scan, step, text) : !DatabaseTargets.shared(scan, step)) {
      return null;
    }
    Matcher m = PatternLiterals.matcher(ACTS, text);
    while (m.find()) {
      String table = table(m);
      if (table != null && !scratch(table, onItsSite) && !explained(text, m.start())) {
        return m.group();
      }
    }
    return null;
  }

  /** A statement that Spark, Hive or Trino only plans: {@code EXPLAIN [EXTENDED] INSERT …}. */
  private static final Pattern EXPLAIN = Pattern.compile("(?i)^[\\s(\"']*EXPLAIN\\b");

  /** Whether the act at {@code at} is in a statement that is only explained. */
  private static boolean explained(String text, int at) {
    int start = Math.max(text.lastIndexOf(';', at), text.lastIndexOf('\n', at)) + 1;
    return PatternLiterals.finds(EXPLAIN, text.substring(start, at));
  }

  /**
   * The table's name: the groups that are not null, joined ({@code local.system.expire_snapshots(
   * 'db.t')} names the catalog {@code local} before its table).
   */
  private static String table(Matcher m) {
    StringBuilder name = new StringBuilder();
    for (int i = 1; i <= m.groupCount(); i++) {
      if (m.group(i) != null) {
        name.append(name.isEmpty() ? "" : ".").append(m.group(i));
      }
    }
    return name.isEmpty() ? null : name.toString();
  }

  /**
   * The engine's statements and code: its arguments, here-documents, and the files the same call
   * writes and hands it ({@code spark-submit /tmp/fix.py}, {@code spark-sql -f /tmp/fix.sql}).
   */
  private static String textOf(Scan scan, Step step) {
    List<String> texts = new ArrayList<>(SqlStatements.statements(scan, step));
    for (Word word : step.args()) {
      String file = word.text();
      if (!file.startsWith("-") && file.length() < 300) {
        String written = CallWrittenText.writtenTo(scan, file);
        if (written != null) {
          texts.add(written);
        }
      }
    }
    String text = String.join("\n", texts);
    return text.length() > DatabaseWords.MAX_TEXT
        ? text.substring(0, DatabaseWords.MAX_TEXT)
        : text;
  }

  /**
   * Whether a client that reads its site's configuration reaches the company's metastore: not given
   * a local master, no host that is all this machine's, no test's place named, not in a local
   * container, not local test data.
   */
  private static boolean siteShared(Scan scan, Step step, String text) {
    if (Environments.production(scan, step)) {
      return true;
    }
    if (localMaster(step)
        || PatternLiterals.finds(LOCAL_MASTER_IN_CODE, text)
        || Environments.localTestData(scan, step)
        || DatabaseTargets.namesTestPlace(step)
        || DatabaseTargets.inLocalContainer(step)) {
      return false;
    }
    List<String> hosts = DatabaseTargets.hostsOf(step);
    return hosts.isEmpty() || !hosts.stream().allMatch(DatabaseTargets::localOrTest);
  }

  /** {@code --master local[4]}, {@code --master=local}: Spark on this machine alone. */
  private static boolean localMaster(Step step) {
    List<String> args = step.invocation().args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--master") && i + 1 < args.size()) {
        return args.get(i + 1).startsWith("local");
      }
      if (arg.startsWith("--master=")) {
        return arg.startsWith("--master=local");
      }
    }
    return false;
  }

  /**
   * Whether a table is a scratch one: a schema or catalog (a part before its last) whose name says
   * test, development, scratch, sandbox or tmp; a path of this machine's; or, where the client
   * reads its site's configuration, a name with no schema (the session's own database).
   */
  static boolean scratch(String table, boolean onItsSite) {
    String name = table.replace('`', ' ').strip();
    if (name.contains("/")) {
      String path = name.substring(name.indexOf(' ') + 1).strip();
      boolean cloud = path.matches("(?i)(?:s3a?|gs|abfss?|wasbs?|dbfs|hdfs|oss)://.*");
      return !cloud || Environments.testName(path);
    }
    String[] parts = name.split("\\s*\\.\\s*");
    if (parts.length == 1) {
      return onItsSite || Environments.testName(name);
    }
    for (int i = 0; i < parts.length - 1; i++) {
      String part = parts[i].toLowerCase(Locale.ROOT);
      if (Environments.testName(part) || part.equals("temp") || part.startsWith("temp_")) {
        return true;
      }
    }
    return false;
  }
}
