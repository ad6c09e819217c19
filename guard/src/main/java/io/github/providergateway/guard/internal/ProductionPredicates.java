package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The predicates of the {@code production.*} rules (production.json) and the shared notion they and
 * the {@code db.*} and {@code infra.*} rules use ({@link Environments}, decision 92): {@code
 * production-target}, {@code local-test-data}, and what a clause cannot say of a production harm
 * (SQL that writes every row, inline code that destroys data, a scale to zero, a backup kept no
 * more, a request to a payment, status, alerting, mail, CDN, flag or DNS service). Each reads the
 * program's words once, after its clause's program and subcommand already matched.
 */
final class ProductionPredicates {
  private ProductionPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("production-target", (scan, step, read) -> Environments.production(scan, step));
    named.put(
        "dispatches-to-production", // gh api …/dispatches -f inputs[environment]=production
        (scan, step, read) -> {
          for (var word : step.args()) {
            if (word.text().endsWith("/dispatches") || word.text().endsWith("/dispatches/")) {
              return Environments.production(scan, step);
            }
          }
          return false;
        });
    named.put("job-named-for-act", (scan, step, read) -> JobsStartedByHand.namedForAnAct(step));
    named.put(
        "pipeline-acted", // its schedulers named in no clause, so an unnamed one's acts stay denied
        new ProgramNames(
            SchedulerActs::scheduler,
            (scan, step, read) -> SchedulerActs.acted(scan, step) != null));
    named.put("not-local-test-data", (scan, step, read) -> !Environments.localTestData(scan, step));
    named.put(
        "remote-target",
        (scan, step, read) -> {
          for (String host : Environments.hosts(step)) {
            if (!Environments.localHost(host) && !Environments.stagingHost(host)) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "production-writes-every-row",
        (scan, step, read) ->
            writesEveryRow(sqlOf(scan, step)) && Environments.production(scan, step));
    named.put(
        "production-code-destroys",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          if (code == null) {
            code = String.join(" ", step.invocation().args()); // manage.py shell -c, rails runner
          }
          return codeDestroys(code) && Environments.production(scan, step);
        });
    named.put(
        "production-scales-to-zero",
        (scan, step, read) ->
            OptionNumbers.zero(
                    step.invocation().args(), "--replicas", "--desired-count", "--desired-capacity")
                && Environments.production(scan, step));
    named.put(
        "production-fed-unreadable",
        (scan, step, read) ->
            UnreadableFeeds.fedUnreadable(scan, step) && Environments.production(scan, step));
    named.put(
        "production-sql-locks",
        (scan, step, read) ->
            anySql(scan, step, ProductionPredicates::locks) && Environments.production(scan, step));
    named.put(
        "names-backup",
        (scan, step, read) -> {
          for (String arg : step.invocation().args()) {
            String a = arg.toLowerCase(Locale.ROOT);
            for (String name : BACKUP_UNITS) {
              if (!a.startsWith("-") && a.contains(name)) {
                return true;
              }
            }
          }
          return false;
        });
    named.put(
        "production-sql-copies-out",
        (scan, step, read) ->
            anySql(scan, step, sql -> copiesOut(sql, onlyShown(scan, step)))
                && Environments.production(scan, step));
    named.put(
        "production-runs-sql-file",
        (scan, step, read) ->
            (runsSqlFile(step) || PipedStatements.producer(scan, step) != null)
                && Environments.production(scan, step));
    named.put(
        "keeps-one-backup",
        (scan, step, read) ->
            keepsOneBackup(step.invocation().args()) && !Environments.localTestData(scan, step));
    named.put(
        "sql-weakens-backups",
        (scan, step, read) -> anySql(scan, step, ProductionPredicates::weakensBackups));
    named.put(
        "code-weakens-backups",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && codeWeakensBackups(code);
        });
    named.put(
        "production-sql-drops-replication",
        (scan, step, read) ->
            anySql(scan, step, ProductionPredicates::dropsReplication)
                && Environments.production(scan, step));
    named.put(
        "production-retention-cut",
        (scan, step, read) ->
            cutsRetention(step.invocation().args()) && Environments.production(scan, step));
    named.put(
        "dns-batch-deletes",
        (scan, step, read) -> {
          for (String arg : step.invocation().args()) {
            String a =
                arg.replace("\"", "").replace("'", "").replace(" ", "").toLowerCase(Locale.ROOT);
            if (a.contains("action:delete") || a.contains("action=delete")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "suspends-versioning",
        (scan, step, read) -> {
          for (String arg : step.invocation().args()) {
            if (arg.contains("Suspended") || arg.contains("MFADelete=Disabled")) {
              return true;
            }
          }
          return false;
        });
    for (Environments.Service service : Environments.services()) {
      if (service.production()) {
        named.put(
            "production-service-" + service.name(),
            (scan, step, read) ->
                ServiceCalls.calls(scan, step, service) && Environments.production(scan, step));
      } else {
        named.put(
            "service-" + service.name(),
            (scan, step, read) -> ServiceCalls.calls(scan, step, service));
      }
    }
  }

  /** What a backup unit's name holds. */
  private static final String[] BACKUP_UNITS = {
    "backup",
    "borg",
    "restic",
    "snapper",
    "timeshift",
    "duplicity",
    "pgbackrest",
    "wal-g",
    "barman",
    "bacula",
    "rsnapshot",
    "duplicati",
    "kopia"
  };

  /**
   * SQL that writes rows out of the database: psql's {@code \\copy … to}, {@code COPY … TO} (not
   * {@code FROM}), MySQL's {@code INTO OUTFILE}.
   */
  static boolean copiesOut(String text) {
    return copiesOut(text, false);
  }

  /**
   * {@link #copiesOut(String)}, where {@code shown} says the client's output is only shown (no
   * redirect to a file, no pipe): then {@code COPY … TO STDOUT} prints rows as a {@code SELECT}
   * does (decision 173), judged as one.
   */
  static boolean copiesOut(String text, boolean shown) {
    List<String> words = sqlWords(text.replace("\\copy", " COPY "));
    boolean copy = false;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("COPY")) {
        copy = true;
      } else if (word.equals(";")) {
        copy = false; // COPY t FROM …: rows come in, not out
      } else if (copy && word.equals("TO")) {
        if (shown && i + 1 < words.size() && words.get(i + 1).equals("STDOUT")) {
          copy = false; // COPY (…) TO STDOUT prints as a SELECT does (decision 173)
          continue;
        }
        return true;
      } else if (word.equals("OUTFILE") || word.equals("DUMPFILE")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the step's output is only shown: not redirected to a file, and the call pipes nothing.
   */
  private static boolean onlyShown(Scan scan, Step step) {
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith(">") || redirect.operator().startsWith("&>")) {
        return false;
      }
    }
    String source = scan.source();
    return source != null && !source.replace("||", "").contains("|");
  }

  /**
   * Whether a SQL client runs a file of SQL: {@code -f}/{@code --file}, or its input redirected
   * from a file ({@code < dump.sql}; not a here-document or a here-string, which are read).
   */
  static boolean runsSqlFile(Step step) {
    if (!step.is(ProgramKind.SQL_CLIENT)) {
      return false;
    }
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().equals("<") && redirect.body() == null) {
        return true;
      }
    }
    List<String> args = step.invocation().args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("-f") || arg.equals("--file") || arg.startsWith("--file=")) {
        return true;
      }
      String command =
          arg.startsWith("--command=") || arg.startsWith("--execute=")
              ? arg.substring(arg.indexOf('=') + 1)
              : Set.of("-c", "-e", "--command", "--execute").contains(arg) && i + 1 < args.size()
                  ? args.get(i + 1)
                  : null;
      if (command != null && includesFile(command.strip())) {
        return true; // psql -c '\i /tmp/cleanup.sql', mysql -e 'source /tmp/x.sql': a file's SQL
      }
    }
    return false;
  }

  /** psql's {@code \i}, {@code \ir}, {@code \include}; mysql's {@code source} and {@code \.}. */
  private static boolean includesFile(String command) {
    String c = command.toLowerCase(Locale.ROOT);
    return c.startsWith("\\i ")
        || c.startsWith("\\ir ")
        || c.startsWith("\\include")
        || c.startsWith("\\. ")
        || c.startsWith("source ");
  }

  /** SQL that locks a table or ends sessions. */
  static boolean locks(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) { // blanks as one space: no pattern over the text
      char c = Character.toUpperCase(text.charAt(i));
      boolean blank = Character.isWhitespace(c);
      if (!blank || out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
        out.append(blank ? ' ' : c);
      }
    }
    String flat = out.toString();
    return flat.contains("VACUUM FULL")
        || flat.contains("PG_TERMINATE_BACKEND")
        || flat.contains("LOCK TABLE")
        || flat.contains("ALTER SYSTEM")
        || flat.contains("FLUSH TABLES WITH READ LOCK")
        || flat.startsWith("KILL ")
        || flat.contains(" KILL ");
  }

  /** Whether one of the texts of SQL the program carries ({@link #sqlOf}) is so. */
  private static boolean anySql(Scan scan, Step step, java.util.function.Predicate<String> test) {
    for (String text : sqlOf(scan, step)) {
      if (test.test(text)) {
        return true;
      }
    }
    return false;
  }

  /** SQL that drops a replication slot, which change data capture reads from. */
  static boolean dropsReplication(String text) {
    return text.toLowerCase(Locale.ROOT).contains("drop_replication_slot");
  }

  /**
   * The SQL a program carries ({@link SqlStatements#statements}), and what a printer of the same
   * command prints where the program is a client (SQL piped into it); and where a client's SQL
   * hands a literal statement to a runner ({@code sp_executesql N'…'}, a job step's
   * {@code @command}), that statement too (decision 199).
   */
  static List<String> sqlOf(Scan scan, Step step) {
    java.util.Map<Step, List<String>> read =
        scan.once("ProductionPredicates.sql", s -> new java.util.IdentityHashMap<>());
    return read.computeIfAbsent(step, program -> sqlRead(scan, program));
  }

  private static List<String> sqlRead(Scan scan, Step step) {
    List<String> texts = new ArrayList<>(SqlStatements.statements(scan, step));
    if (step.is(ProgramKind.SQL_CLIENT)) {
      for (Step other : scan.steps()) {
        if (other != step && other.is(ProgramKind.ECHO)) {
          texts.addAll(SqlStatements.statements(other));
        }
      }
      for (String text : List.copyOf(texts)) {
        texts.addAll(AssembledStatements.literalsRun(text));
      }
    }
    return texts;
  }

  /**
   * Whether SQL holds an {@code UPDATE … SET} or a {@code DELETE FROM} with no {@code WHERE} before
   * its statement ends (or a {@code WHERE} that holds for every row: {@code true}, {@code 1=1}). An
   * {@code UPDATE} after {@code FOR}, {@code DO} or {@code ON} ({@code SELECT … FOR UPDATE}, {@code
   * ON CONFLICT DO UPDATE}, {@code ON UPDATE CASCADE}) is no statement of its own; string literals
   * are left out.
   */
  static boolean writesEveryRow(List<String> texts) {
    for (String text : texts) {
      List<String> words = sqlWords(text);
      for (int i = 0; i < words.size(); i++) {
        String w = words.get(i);
        String before = i > 0 ? words.get(i - 1) : "";
        boolean update = w.equals("UPDATE") && !List.of("FOR", "DO", "ON").contains(before);
        boolean delete =
            w.equals("DELETE")
                && !before.equals("ON")
                && i + 1 < words.size()
                && words.get(i + 1).equals("FROM");
        boolean replaces =
            w.equals("REPLACE")
                    && before.equals("OR")
                    && i + 1 < words.size()
                    && words.get(i + 1).equals("TABLE")
                || w.equals("INSERT")
                    && i + 1 < words.size()
                    && words.get(i + 1).equals("OVERWRITE");
        if (replaces) {
          return true; // CREATE OR REPLACE TABLE, INSERT OVERWRITE: the table's rows are replaced
        }
        if (!update && !delete) {
          continue;
        }
        boolean set = delete;
        boolean bounded = false;
        for (int j = i + 1; j < words.size() && !words.get(j).equals(";"); j++) {
          set |= words.get(j).equals("SET");
          if (words.get(j).equals("WHERE")) {
            int end = j;
            while (end < words.size() && !words.get(end).equals(";")) {
              end++;
            }
            bounded = !SqlStatements.holdsForEveryRow(words, j, end);
            break;
          }
        }
        if (set && !bounded) {
          return true;
        }
      }
    }
    return false;
  }

  /** SQL's words in upper case, {@code ;} a word, string literals and comments left out. */
  static List<String> sqlWords(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      if (c == '\'') {
        int end = text.indexOf('\'', i + 1);
        i = end < 0 ? text.length() : end;
        c = ' ';
      } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
        c = ' ';
      }
      if (Character.isLetterOrDigit(c) || c == '_') {
        word.append(Character.toUpperCase(c));
      } else {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
        if (c == ';') {
          words.add(";");
        }
      }
    }
    return words;
  }

  /** What a database library's code does to every row or a whole table, blanks left out. */
  private static final String[] DESTROYS = {
    ".all().delete()",
    ".objects.delete()",
    ".objects.update(",
    ".all().update(",
    ".delete_all",
    ".destroy_all",
    ".update_all(",
    "deletemany({})",
    "delete_many({})",
    "if_exists='replace'",
    "if_exists=\"replace\"",
    ".drop_all(",
  };

  /**
   * Whether inline code destroys data wholesale: SQL in it that writes every row, or a library's
   * call that deletes or overwrites every row or the table ({@code
   * Customer.objects.all().delete()}, {@code to_sql(…, if_exists='replace')}, {@code
   * delete_many({})}).
   */
  static boolean codeDestroys(String code) {
    // The SQL sits in the code's strings: read it with the quotes as blanks.
    if (writesEveryRow(List.of(code.replace('\'', ' ').replace('"', ' ').replace('`', ' ')))) {
      return true;
    }
    String flat = code.replace(" ", "").toLowerCase(Locale.ROOT);
    for (String part : DESTROYS) {
      if (flat.contains(part)) {
        return true;
      }
    }
    return flat.contains(".query(") && flat.contains(").delete()");
  }

  /**
   * A prune that keeps one backup or none: borg's and restic's {@code --keep-*} adding up to one at
   * most (no {@code --keep-within}), wal-g's {@code retain [FULL] 1} or {@code everything}.
   */
  static boolean keepsOneBackup(List<String> args) {
    int kept = 0;
    boolean keeps = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("everything")) {
        return true;
      }
      if (a.equals("retain")) {
        String n = i + 1 < args.size() ? args.get(i + 1) : "";
        if ((n.equals("FULL") || n.equals("FIND_FULL")) && i + 2 < args.size()) {
          n = args.get(i + 2);
        }
        return n.equals("0") || n.equals("1");
      }
      if (a.startsWith("--keep-within") || a.startsWith("--keep-tag")) {
        return false;
      }
      if (a.startsWith("--keep-") || a.matches("-[dwmyH]")) {
        keeps = true;
        String value =
            a.contains("=")
                ? a.substring(a.indexOf('=') + 1)
                : i + 1 < args.size() ? args.get(i + 1) : "";
        try {
          kept += Integer.parseInt(value);
        } catch (NumberFormatException e) {
          return false; // a count the guard cannot read: no claim
        }
      }
    }
    return keeps && kept <= 1;
  }

  /** SQL that ends a database's history: binary logs purged, time travel off, archiving off. */
  static boolean weakensBackups(String text) {
    String flat = text.replace(" ", "").replace("\n", "").toUpperCase(Locale.ROOT);
    return flat.contains("PURGEBINARYLOGS")
        || flat.contains("PURGEMASTERLOGS")
        || flat.contains("RESETMASTER")
        || flat.contains("RESETBINARYLOGS")
        || flat.contains("DATA_RETENTION_TIME_IN_DAYS=0")
        || flat.contains("MAX_TIME_TRAVEL_HOURS=0")
        || flat.contains("ARCHIVE_MODE=OFF")
        || flat.contains("ARCHIVE_MODE='OFF'");
  }

  /** Inline code that deletes snapshots or backups, or sets their retention to nothing. */
  static boolean codeWeakensBackups(String code) {
    String flat = code.replace(" ", "");
    return flat.contains("BackupRetentionPeriod=0")
        || flat.contains("delete_db_snapshot")
        || flat.contains("delete_db_cluster_snapshot")
        || flat.contains("delete_snapshot(")
        || flat.contains("delete_recovery_point")
        || flat.contains("delete_backup_vault")
        || flat.contains("'Status':'Suspended'")
        || flat.contains("\"Status\":\"Suspended\"");
  }

  /**
   * Kafka's retention set to less than an hour, or to a few bytes, or a topic's cleanup turned to
   * compaction alone, which keeps only each key's latest record (decision 229).
   */
  static boolean cutsRetention(List<String> args) {
    for (String arg : args) {
      for (String part : arg.split(",")) {
        int eq = part.indexOf('=');
        if (eq < 0) {
          continue;
        }
        String name = part.substring(0, eq);
        if (name.equals("cleanup.policy") && part.substring(eq + 1).trim().equals("compact")) {
          return true;
        }
        long value;
        try {
          value = Long.parseLong(part.substring(eq + 1).trim());
        } catch (NumberFormatException e) {
          continue;
        }
        if (name.equals("retention.ms") && value >= 0 && value < 3_600_000L
            || name.equals("retention.bytes") && value >= 0 && value < 1_048_576L) {
          return true;
        }
      }
    }
    return false;
  }
}
