package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code copies} rules ask (issue 80 round 7, decision 117): the copies a company
 * keeps to recover (snapshots, backups, replicas, archives, tapes, and the locks on them) lost or
 * weakened, whatever the tool. A pool's replicas set to one; an option that turns a way back off
 * ({@code --enable-versioning false}, {@code --backup-retention-period 0}); a snapshot shared with
 * everyone; a stream of a snapshot sent to an outside address; a backup console fed deletes; a
 * setting that ends point-in-time recovery, in SQL, in an edit or in a file written; a heartbeat
 * sent whatever the backup did; an MCP tool or an HTTP API of a storage system asked to delete a
 * pool, a dataset, a snapshot or a backup; a cloud SDK's call in inline code that does.
 */
final class CopiesPredicates {
  private CopiesPredicates() {}

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "copies-tool-destroys",
        scan -> {
          String found = CopiesTools.toolDestroys(scan);
          return found != null ? found : CopiesTools.deletesNamedCopy(scan, CopiesTools.LOSES);
        });
    named.put(
        "copies-tool-turns-off", scan -> CopiesTools.turnsOff(scan, CopiesTools.STORAGE_SYSTEM));
    named.put("copies-tool-sql-loosens", CopiesTools::toolSqlLoosens);
    named.put(
        "copies-edit-cuts-retention",
        scan ->
            scan.once(
                "CopiesPredicates.cut",
                s ->
                    EditCalls.read(
                        s.call(),
                        (old, now, files) ->
                            CopiesTools.retentionCut(
                                old, now, files.isEmpty() ? "" : files.get(0)))));
    named.put(
        "copies-edit-loosens",
        scan ->
            scan.once(
                "CopiesPredicates.edited",
                s ->
                    EditCalls.read(
                        s.call(),
                        (old, now, files) ->
                            !files.isEmpty()
                                    && files.stream()
                                        .allMatch(f -> Environments.testFile(f, s.call().project()))
                                ? null // a test's or CI's throwaway server
                                : changeLoosens(old, now, files))));
    named.put(
        "copies-heartbeat-forged",
        CopiesSettings.HEARTBEAT_NAMED.around(
            scan -> {
              String source = scan.source();
              return source == null || !scan.call().tool().equals("shell")
                  ? null
                  : CopiesSettings.heartbeatForged(source);
            }));
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "copies-fewer-copies",
        (scan, step, read) ->
            CopiesArguments.fewerCopies(step.invocation().args())
                && !namesScratch(step.invocation().args())
                && !poolMadeHere(scan, step));
    named.put("copies-not-scratch", (scan, step, read) -> !namesScratch(step.invocation().args()));
    named.put(
        "copies-names-live-copy",
        (scan, step, read) ->
            namesCopy(step.invocation().args())
                && !namesScratch(step.invocation().args())
                && !Environments.localTestData(scan, step));
    named.put(
        "copies-suspends-copy",
        (scan, step, read) -> {
          String flat = CopiesSettings.joined(step.invocation().args()).replace(" ", "");
          return (flat.contains("\"suspend\":true")
                  || flat.contains("\"paused\":true")
                  || flat.contains("\"enabled\":false"))
              && namesCopy(step.invocation().args());
        });
    named.put(
        "copies-unlocks-immutable",
        (scan, step, read) -> CopiesArguments.unlocksImmutable(step.invocation().args()));
    named.put(
        "copies-option-off",
        (scan, step, read) ->
            CopiesArguments.optionOff(step.invocation().args())
                && !namesScratch(step.invocation().args()));
    named.put(
        "copies-shared-with-everyone",
        (scan, step, read) -> CopiesArguments.everyone(step.invocation().args()));
    named.put("copies-stream-leaves", (scan, step, read) -> CopiesMedia.streamLeaves(scan, step));
    named.put(
        "copies-console-loses",
        (scan, step, read) -> CopiesSettings.consoleLoses(fed(scan, step)) != null);
    named.put(
        "copies-sql-loosens",
        (scan, step, read) -> {
          if (Environments.localTestData(scan, step)
              || inLocalContainer(step)
              || onThisMachine(scan, step)) {
            return false;
          }
          for (String text : ProductionPredicates.sqlOf(scan, step)) {
            if (CopiesSettings.loosened(text) != null) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "copies-args-loosen",
        (scan, step, read) ->
            !Environments.localTestData(scan, step)
                && !inLocalContainer(step)
                && !onThisMachine(scan, step)
                && CopiesSettings.loosened(CopiesSettings.joined(step.invocation().args()))
                    != null);
    named.put(
        "copies-writes-loosen",
        (scan, step, read) -> {
          String program = step.program();
          if (program.equals("sed") || program.equals("gsed") || program.equals("perl")) {
            return WeakenPredicates.inPlace(step, CopiesPredicates::changeLoosens) != null;
          }
          return WeakenPredicates.written(scan, step, CopiesPredicates::changeLoosens) != null;
        });
    named.put("copies-http-destroys", (scan, step, read) -> CopiesTools.httpDestroys(step));
    named.put("copies-code-destroys", (scan, step, read) -> CopiesTools.codeDestroys(step));
    named.put("copies-same-bucket-colder", (scan, step, read) -> CopiesMedia.colderInPlace(step));
    named.put(
        "copies-restores-over-live", (scan, step, read) -> CopiesMedia.restoresOverLive(step));
    named.put(
        "copies-keeps-hours",
        (scan, step, read) ->
            CopiesMedia.keepsHours(step.invocation().args())
                && !Environments.localTestData(scan, step));
    named.put("copies-writes-tape", (scan, step, read) -> CopiesMedia.writesTape(scan, step));
    named.put(
        "copies-keeps-one",
        (scan, step, read) ->
            CopiesMedia.keepsOne(step.invocation().args())
                && !Environments.localTestData(scan, step));
    named.put(
        "copies-forgets-snapshots",
        (scan, step, read) ->
            CopiesMedia.forgetsNamed(step.invocation().args())
                && !Environments.localTestData(scan, step));
    named.put(
        "copies-sed-silences-backup",
        (scan, step, read) -> CopiesSchedules.sedSilencesBackup(step));
    named.put(
        "copies-crontab-drops-backup",
        (scan, step, read) -> CopiesSchedules.crontabDropsBackup(scan, step));
    named.put("copies-unexecs-backup", (scan, step, read) -> CopiesSchedules.unexecsBackup(step));
    named.put(
        "copies-status-forged", (scan, step, read) -> CopiesSchedules.statusForged(scan, step));
    named.put(
        "copies-no-barrier",
        (scan, step, read) -> {
          for (String a : step.invocation().args()) {
            if (a.contains("nobarrier") || a.contains("barrier=0")) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "copies-sql-breaks-replica",
        (scan, step, read) -> {
          if (DatabaseTargets.thisMachinesServer(scan, step)) {
            return false;
          }
          for (String text : ProductionPredicates.sqlOf(scan, step)) {
            if (CopiesSettings.breaksReplica(text)) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "copies-acting-destroys-copy",
        PredicateGate.ACTING_VERB.around(
            (scan, step, read) -> {
              ActingVerbs.Found found = ActingVerbs.found(scan, step);
              return found != null
                  && found.verbClass().equals("destroys")
                  && namesCopy(step.invocation().args());
            }));
    named.put(
        "copies-code-loosens",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null
              && code.length() <= CopiesSettings.MAX_TEXT
              && (code.contains("ALTER SYSTEM")
                  || code.contains("alter system")
                  || code.contains("SET GLOBAL")
                  || code.contains("set global")
                  || code.contains("config_set")
                  || code.contains("CONFIG SET"))
              && !PatternLiterals.finds(CopiesTools.LOCAL_ENDPOINT, code)
              && CopiesSettings.loosened(code) != null;
        });
    named.put(
        "copies-writes-cut-retention",
        (scan, step, read) ->
            WeakenPredicates.inPlace(
                    step,
                    (old, now, files) ->
                        CopiesTools.retentionCut(old, now, files.isEmpty() ? "" : files.get(0)))
                != null);
    named.put("copies-names-copy", (scan, step, read) -> namesCopy(step.invocation().args()));
    named.put("copies-backup-job-stopped", (scan, step, read) -> BackupJobsStopped.stopped(step));
  }

  // ---- a console fed ---------------------------------------------------------------------------

  /**
   * The text a program is fed in the same command: its here-documents and here-strings, and what
   * the command's printers print (a pipe, or a file written and redirected in).
   */
  static String fed(Scan scan, Step step) {
    StringBuilder text = new StringBuilder();
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null && text.length() < CopiesSettings.MAX_TEXT) {
        text.append(redirect.body()).append('\n');
      }
    }
    for (Step other : scan.steps()) {
      if (other != step
          && (other.program().equals("echo") || other.program().equals("printf"))
          && text.length() < CopiesSettings.MAX_TEXT) {
        for (String arg : other.invocation().args()) {
          text.append(arg.replace("\\n", "\n")).append(' ');
        }
        text.append('\n');
      }
    }
    for (String arg : step.invocation().args()) {
      if (text.length() < CopiesSettings.MAX_TEXT) {
        text.append(arg).append(' '); // dsmadmc's command and ssh's remote one are its words
      }
    }
    return text.toString();
  }

  // ---- an edit or a file written ----------------------------------------------------------------

  /** The files whose settings keep a database's way back. */
  private static final Pattern SETTINGS_FILE =
      Pattern.compile(
          "(?i)(?:^|/)(?:postgresql[\\w.-]{0,30}\\.conf|[\\w.-]{0,40}\\.cnf|redis[\\w.-]{0,30}\\.conf"
              + "|mysqld?[\\w.-]{0,30}\\.conf|pgbackrest\\.conf|[\\w.-]{0,40}\\.cnf\\.j2"
              + "|postgresql[\\w.-]{0,30}\\.conf\\.j2)$");

  /** A backup's line in a crontab or a timer, and what names a backup script. */
  private static final Pattern BACKUP_WORD =
      Pattern.compile(
          "(?i)backup|restic|borg|pgbackrest|wal-g|barman|bacula|rsnapshot|duplicity|kopia"
              + "|snapshot|sanoid|syncoid|zrepl|velero|xtrabackup");

  /** A file that holds scheduled jobs. */
  private static final Pattern SCHEDULE_FILE =
      Pattern.compile(
          "(?i)(?:^|/)(?:crontab|cron\\.d/[^/]{1,80}|cron\\.(?:daily|hourly|weekly|monthly)/[^/]{1,80}"
              + "|[^/]{0,80}\\.cron|[^/]{0,80}\\.timer|root)$");

  /** A line of a schedule commented out. */
  private static final Pattern COMMENTED =
      Pattern.compile("(?m)^\\s*#+\\s*((?:[\\d*@][^\\n]{0,300}))$");

  /** A script that ends at once: {@code exit 0} as a line. */
  private static final Pattern EXITS = Pattern.compile("(?m)^\\s*exit\\s+0\\s*$");

  /**
   * What a change of a file loosens of the copies: a database's settings file given a setting that
   * ends its way back (not in a test's folder), a backup's scheduled line commented out or taken
   * out, a backup script made to exit at once.
   */
  static String changeLoosens(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    String lower = file.toLowerCase(Locale.ROOT);
    if (lower.contains("/test") || lower.contains("fixture") || lower.startsWith("/tmp/")) {
      return null;
    }
    if (PatternLiterals.finds(SETTINGS_FILE, file)
        || file.equals("inline code") && now.contains("archive_command")) {
      String found = CopiesSettings.loosened(now);
      if (found != null && (old.isEmpty() || CopiesSettings.loosened(old) == null)) {
        return found + " in " + file;
      }
      return null;
    }
    if (PatternLiterals.finds(SCHEDULE_FILE, file) && !old.isEmpty()) {
      Matcher m = PatternLiterals.matcher(COMMENTED, now);
      while (m.find()) {
        if (PatternLiterals.finds(BACKUP_WORD, m.group(1)) && old.contains(m.group(1).trim())) {
          return "a backup's schedule commented out in " + file;
        }
      }
      if (PatternLiterals.finds(BACKUP_WORD, old) && !PatternLiterals.finds(BACKUP_WORD, now)) {
        return "a backup's schedule taken out of " + file;
      }
      return null;
    }
    String name = file.substring(file.lastIndexOf('/') + 1);
    if (PatternLiterals.finds(BACKUP_WORD, name)
        && (name.endsWith(".sh") || !name.contains("."))
        && !lower.contains("/test")
        && PatternLiterals.finds(EXITS, now)
        && !PatternLiterals.finds(EXITS, old)
        && (old.isEmpty() ? now.indexOf("exit 0") < 40 : true)) {
      return "a backup script made to exit at once: " + file;
    }
    return null;
  }

  /**
   * Whether a word of the program, not an option, names a copy: a backup, a snapshot, a worm store.
   */
  static boolean namesCopy(List<String> args) {
    for (String arg : args) {
      if (arg.startsWith("-")) {
        continue; // an option: yarn's --immutable is no store
      }
      String lower = arg.toLowerCase(Locale.ROOT);
      if (PatternLiterals.finds(BACKUP_WORD, arg)
          || lower.contains("worm")
          || lower.contains("immutable")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a word of the program names a test, development, scratch or staging thing ({@code
   * shop-staging}, {@code scratch-vm}, {@code kind-dev}): a lab's copies, not the company's.
   */
  static boolean namesScratch(List<String> args) {
    for (String arg : args) {
      if (arg.startsWith("/tmp/")) {
        return true;
      }
      if (!arg.startsWith("-")
          && !arg.startsWith("/") // a device's or a system folder's path: /dev/md0, /usr/local
          && arg.length() < 200
          && (Environments.testName(arg) || Environments.stagingHost(arg))) {
        return true;
      }
    }
    return false;
  }

  /** Whether the command makes the Ceph pool it then sets ({@code ceph osd pool create test}). */
  private static boolean poolMadeHere(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    int set = args.indexOf("set");
    if (!step.program().equals("ceph") || set < 0 || set + 1 >= args.size()) {
      return false;
    }
    String pool = args.get(set + 1);
    for (Step other : scan.steps()) {
      List<String> words = other.invocation().args();
      if (other != step
          && other.program().equals("ceph")
          && words.contains("create")
          && words.contains(pool)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a client names no host, runs at the command's top level and not as another user, and no
   * variable of the command gives it a host: the database or store of this machine (a developer's
   * own).
   */
  private static boolean onThisMachine(Scan scan, Step step) {
    if (!Environments.hosts(step).isEmpty()
        || !step.invocation().via().isEmpty() // ssh's remote command, kubectl exec, a script
        || step.invocation().wrappers().contains("sudo")) { // sudo -u postgres: a server's own
      return false;
    }
    for (String arg : step.invocation().args()) {
      if (arg.contains("://") || arg.contains("host=") || arg.startsWith("service=")) {
        return false;
      }
    }
    String source = scan.source();
    return source == null
        || !(source.contains("PGHOST")
            || source.contains("MYSQL_HOST")
            || source.contains("REDISCLI_"));
  }

  /** A database client run inside a container of the project's compose file or a local one. */
  private static boolean inLocalContainer(Step step) {
    return DatabaseTargets.inLocalContainer(step);
  }
}
