package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What the {@code copies} rules read of a backup's schedule and its reported state (issue 80 round
 * 7, decision 117): a backup's line commented out or deleted from a crontab by {@code sed -i} or by
 * {@code crontab -l | grep -v backup | crontab -}, a backup script made to exit at once, a backup's
 * cron script made not executable (run-parts skips it), and a backup's status file or metric
 * written to say it succeeded with no backup run.
 */
final class CopiesSchedules {
  private CopiesSchedules() {}

  /** What names a backup, a snapshot tool or a replication job. */
  static final Pattern BACKUP_WORD =
      Pattern.compile(
          "(?i)backup|restic|borg|pgbackrest|wal-g|barman|bacula|rsnapshot|duplicity|kopia"
              + "|snapshot|sanoid|syncoid|zrepl|znapzend|velero|xtrabackup|vzdump|veeam");

  /** A file that holds scheduled jobs, or a backup's script. */
  private static final Pattern SCHEDULED =
      Pattern.compile(
          "(?i)(?:^|/)(?:crontab|cron\\.d/[^/]{1,80}|cron\\.(?:daily|hourly|weekly|monthly)/[^/]{1,80}"
              + "|[^/]{0,80}\\.cron|[^/]{0,80}\\.timer|spool/cron/[^/]{1,80})$");

  /** A sed script that comments a line out, deletes it, or inserts an exit. */
  private static final Pattern SILENCES =
      Pattern.compile(
          "s[/|#,]\\^[/|#,]#|s[/|#,]\\^\\\\?\\(?[^/|#,]{0,40}[/|#,]#|/d\\s*'?$|/d;|\\bd$"
              + "|[0-9]\\s*[ia]\\\\?\\s*exit 0|exit 0");

  /**
   * Whether {@code sed -i} or {@code perl -pi} comments out or deletes a backup's line in a crontab
   * or a timer, or inserts {@code exit 0} into a backup's script.
   */
  static boolean sedSilencesBackup(Step step) {
    List<String> args = step.invocation().args();
    boolean inPlace = false;
    boolean script = false;
    boolean target = false;
    for (String a : args) {
      if (a.startsWith("-i") || a.equals("--in-place") || a.startsWith("-pi") || a.equals("-p")) {
        inPlace |= !a.equals("-p");
        continue;
      }
      if (a.startsWith("-")) {
        continue;
      }
      if (PatternLiterals.finds(BACKUP_WORD, a) && PatternLiterals.finds(SILENCES, a)) {
        script = true;
      } else if (PatternLiterals.finds(SCHEDULED, a)
          || PatternLiterals.finds(BACKUP_WORD, a.substring(a.lastIndexOf('/') + 1))
              && a.contains("/")
              && !a.startsWith("/tmp/")) {
        target = true;
      }
      if (PatternLiterals.finds(SILENCES, a) && a.contains("exit 0")) {
        script = true; // an exit inserted: the script's name says backup, below
      }
    }
    return inPlace && script && target;
  }

  /**
   * Whether a crontab is installed from standard input ({@code crontab -}) in a command that drops
   * a backup's line on the way: {@code grep -v backup}, {@code sed '/restic/d'}.
   */
  static boolean crontabDropsBackup(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    if (!args.contains("-") && !args.isEmpty() && !args.get(args.size() - 1).startsWith("/dev/")) {
      boolean file = false;
      for (String a : args) {
        file |= !a.startsWith("-");
      }
      if (file) {
        return false; // a crontab file of the project: what it holds is read elsewhere
      }
    }
    for (Step other : scan.steps()) {
      if (other == step) {
        continue;
      }
      List<String> words = other.invocation().args();
      String program = other.program();
      if ((program.equals("grep") || program.equals("egrep"))
          && (words.contains("-v") || words.contains("--invert-match"))) {
        for (String w : words) {
          if (!w.startsWith("-") && PatternLiterals.finds(BACKUP_WORD, w)) {
            return true;
          }
        }
      }
      if (program.equals("sed") || program.equals("awk")) {
        for (String w : words) {
          if (PatternLiterals.finds(BACKUP_WORD, w) && (w.contains("/d") || w.contains("!/"))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** A mode that takes the execute bit away. */
  private static final Pattern NOT_EXECUTABLE =
      Pattern.compile("^(?:[ugoa]*-[rw]*x[rw]*|0?[0-7]?[46][0-6][0-6])$");

  /** Where a scheduled job's script or program lies. */
  private static final Pattern RUN_PLACE =
      Pattern.compile("cron|/s?bin/|\\.sh$|\\.py$|/libexec/|/scripts?/");

  /**
   * Whether {@code chmod} takes the execute bit from a backup's cron script or program (run-parts
   * and cron then skip it).
   */
  static boolean unexecsBackup(Step step) {
    boolean mode = false;
    boolean backup = false;
    for (String a : step.invocation().args()) {
      if (PatternLiterals.matches(NOT_EXECUTABLE, a)) {
        mode = true;
      } else if (a.contains("/")
          && PatternLiterals.finds(BACKUP_WORD, a.substring(a.lastIndexOf('/') + 1))
          && PatternLiterals.finds(RUN_PLACE, a)
          && !a.startsWith("/tmp/")) {
        backup = true;
      }
    }
    return mode && backup;
  }

  /** A backup's status file or metric. */
  private static final Pattern STATUS_FILE =
      Pattern.compile(
          "(?i)(?:backup|restic|borg|pgbackrest|wal-g|barman|snapshot|kopia|velero)[^/]{0,60}(?:/[^/]{0,60})?"
              + "(?:success|last|ok|done|status|heartbeat|healthy|fail|\\.prom)[^/]{0,40}$");

  /** Whether a path is the system's: absolute, neither a temporary one nor the project's. */
  private static boolean elsewhere(Scan scan, String path) {
    java.nio.file.Path project = scan.call().project();
    return path.startsWith("/")
        && !path.startsWith("/tmp/")
        && (project == null || !path.startsWith(project.toString()));
  }

  /** The programs that make a backup. */
  private static final java.util.Set<String> BACKUP_PROGRAMS =
      NameSet.of(
          "restic",
          "borg",
          "borgmatic",
          "pgbackrest",
          "wal-g",
          "barman",
          "kopia",
          "duplicity",
          "rsnapshot",
          "velero",
          "xtrabackup",
          "mariabackup",
          "pg_basebackup",
          "pg_dump",
          "pg_dumpall",
          "mysqldump",
          "mariadb-dump",
          "vzdump",
          "bconsole",
          "tar",
          "rsync",
          "syncoid",
          "rclone",
          "zfs",
          "btrfs",
          "dump",
          "xfsdump",
          "mongodump",
          "etcdctl");

  /**
   * Whether a program writes a backup's status file or metric ({@code touch
   * /var/lib/backup/last_success}, {@code echo 0 > …/backup_failed.prom}) in a command that runs no
   * backup: its success said with nothing done.
   */
  static boolean statusForged(Scan scan, Step step) {
    boolean writes = false;
    if (step.program().equals("touch")) {
      for (String a : step.invocation().args()) {
        writes |= !a.startsWith("-") && elsewhere(scan, a) && PatternLiterals.finds(STATUS_FILE, a);
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String target = redirect.target().text();
      writes |=
          redirect.writes()
              && elsewhere(scan, target)
              && PatternLiterals.finds(STATUS_FILE, target);
    }
    if (step.program().equals("tee")) {
      for (String a : step.invocation().args()) {
        writes |= !a.startsWith("-") && elsewhere(scan, a) && PatternLiterals.finds(STATUS_FILE, a);
      }
    }
    if (!writes) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (BACKUP_PROGRAMS.contains(other.program())) {
        return false; // a backup run writes its own status
      }
    }
    return true;
  }
}
