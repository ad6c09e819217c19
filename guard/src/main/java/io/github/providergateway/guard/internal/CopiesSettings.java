package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The texts the {@code copies} rules read (issue 80 round 7, decision 117): a setting that takes
 * away a database's way back or its writes' durability, wherever it is written (SQL's {@code ALTER
 * SYSTEM} and {@code SET GLOBAL}, a configuration file's line, {@code redis-cli CONFIG SET}); what
 * a backup or storage console is fed that deletes, purges or relabels its volumes; and a backup's
 * heartbeat sent whatever the backup did.
 */
final class CopiesSettings {
  private CopiesSettings() {}

  /** The most text read. */
  static final int MAX_TEXT = 32 * 1024;

  /**
   * A setting that ends point-in-time recovery or loosens durability: PostgreSQL's archiving made a
   * no-op or turned off, {@code fsync}, {@code full_page_writes} or {@code synchronous_commit} off,
   * {@code wal_level} minimal; MySQL's binary log turned off or flushed, {@code sync_binlog} 0,
   * {@code innodb_flush_log_at_trx_commit} 0 or 2, the doublewrite buffer off; Redis's append-only
   * file or its saves off. Group 1, where present, is a number of seconds or days kept.
   */
  private static final Pattern LOOSENED =
      Pattern.compile(
          "(?i)archive_command\\s*(?:=|\\bto\\b)?\\s*['\"]?\\s*(?:/bin/true|/usr/bin/true|true|:|exit 0"
              + "|/bin/false|cd \\.|)\\s*['\"](?!\\w)"
              + "|archive_mode\\s*(?:=|\\bto\\b)\\s*['\"]?off\\b"
              + "|\\bfsync\\s*(?:=|\\bto\\b)\\s*['\"]?(?:off|false|0)\\b"
              + "|full_page_writes\\s*(?:=|\\bto\\b)\\s*['\"]?(?:off|false|0)\\b"
              + "|synchronous_commit\\s*(?:=|\\bto\\b)\\s*['\"]?off\\b"
              + "|wal_level\\s*(?:=|\\bto\\b)\\s*['\"]?minimal\\b"
              + "|\\bsync_binlog\\s*=\\s*0\\b"
              + "|innodb_flush_log_at_trx_commit\\s*=\\s*[02]\\b"
              + "|innodb_doublewrite\\s*=\\s*(?:0|off)\\b"
              + "|^\\s*(?:skip[-_]log[-_]bin|disable[-_]log[-_]bin)\\b"
              + "|\\bappendonly\\s+['\"]?no\\b"
              + "|\\bappendfsync\\s+['\"]?no\\b"
              + "|\\bconfig\\s+set\\s+save(?:\\s+(?:''|\"\"))?\\s*$"
              + "|\\bexpire_logs_days\\s*=\\s*1\\b"
              + "|alter\\s+system\\s+reset\\s+(?:archive_command|archive_mode|all)\\b"
              + "|binlog_expire_logs_seconds\\s*=\\s*(\\d{1,9})\\b",
          Pattern.MULTILINE);

  /** What a setting found says, as the reason shows it, or {@code null} for none. */
  static String loosened(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    String read = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    Matcher m = PatternLiterals.matcher(LOOSENED, read);
    while (m.find()) {
      if (m.group(1) != null) {
        try {
          if (Long.parseLong(m.group(1)) >= 86_400L) {
            continue; // a day or more of binary logs kept: a retention, not its end
          }
        } catch (NumberFormatException e) {
          continue;
        }
      }
      return m.group().trim();
    }
    return null;
  }

  /**
   * What a console of backups or storage is fed that loses copies: Bacula's and Bareos' {@code
   * delete volume=…}, {@code purge}, {@code truncate}, {@code relabel}, a job disabled; Spectrum
   * Protect's {@code delete volume}, {@code delete filespace}; ONTAP's snapshots deleted or
   * restored, a volume deleted or taken offline, its snapshot policy set to none, SnapMirror
   * broken, released or deleted.
   */
  private static final Pattern CONSOLE_LOSES =
      Pattern.compile(
          "(?i)\\b(?:delete|purge)\\s+(?:volume|jobid|jobs?|client|pool|filespace|backup|archive)\\b"
              + "|\\btruncate\\s+(?:volstatus|allpools|volume|storage|pool)"
              + "|\\brelabel\\b|\\bprune\\s+(?:files|jobs|volume|stats|snapshot)\\b"
              + "|volstatus=(?:purged|recycle)"
              + "|\\bdisable\\s+(?:job|schedule)\\b"
              + "|\\b(?:volume\\s+)?snapshot\\s+(?:delete|restore)\\b"
              + "|\\bsnap\\s+(?:delete|restore)\\b"
              + "|\\bvolume\\s+(?:delete|offline|destroy)\\b"
              + "|-snapshot-policy\\s+none\\b"
              + "|\\bsnapmirror\\s+(?:break|release|delete|resync|abort)\\b");

  /** What the text fed to a console does to the copies, or {@code null} for nothing. */
  static String consoleLoses(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    Matcher m =
        CONSOLE_LOSES.matcher(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text);
    return m.find() ? m.group() : null;
  }

  /** A backup's heartbeat: a check-in service's host or a push gateway's backup metric. */
  private static final Pattern HEARTBEAT =
      Pattern.compile(
          "(?i)hc-ping\\.com|healthchecks\\.io/ping|cronitor\\.link|cronitor\\.io/p/|nosnch\\.in"
              + "|deadmanssnitch|/api/push/|heartbeat|betteruptime\\.com/api/v1/heartbeat"
              + "|uptime\\.betterstack\\.com/api/v1/heartbeat|opsgenie\\.com/v2/heartbeats"
              + "|pushgateway[^\\s]{0,200}/job/[^\\s]{0,40}backup|backup[\\w-]{0,40}_(?:last_)?success");

  /** The words one of which a heartbeat holds: looked for first, as most commands hold none. */
  private static final String[] BEAT_WORDS = {
    "hc-ping",
    "healthchecks",
    "cronitor",
    "nosnch",
    "snitch",
    "eartbeat",
    "/api/push/",
    "ushgateway",
    "_success"
  };

  /** Whether the command may hold a heartbeat: a few plain searches before the pattern's. */
  private static boolean mayBeat(String source) {
    for (String word : BEAT_WORDS) {
      if (source.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** A program that makes a backup, as the command runs it. */
  private static final Pattern BACKUP_RUN =
      Pattern.compile(
          "(?i)\\b(?:restic\\b[^|;&\\n]{0,300}\\bbackup|borg\\b[^|;&\\n]{0,300}\\bcreate|borgmatic"
              + "|pgbackrest\\b[^|;&\\n]{0,300}\\bbackup|wal-g\\s+backup-push|barman\\s+backup"
              + "|kopia\\s+snapshot\\s+create|duplicity\\b|rsnapshot\\b|velero\\s+backup\\s+create"
              + "|xtrabackup\\b|mariabackup\\b|pg_basebackup\\b|mysqldump\\b|pg_dump(?:all)?\\b"
              + "|rclone\\s+(?:sync|copy)|aws\\s+s3\\s+sync|tar\\b[^|;&\\n]{0,60}-[a-z]*c)");

  /**
   * Whether a command sends a backup's heartbeat whatever the backup did: the backup's failure
   * swallowed ({@code || true}, {@code || :}, {@code || exit 0}) or the heartbeat not joined to it
   * by {@code &&}; or a backup's success metric pushed with no backup run at all.
   */
  /** A shell call {@link #heartbeatForged} may find something in: a check-in's address. */
  static final CallClues HEARTBEAT_NAMED = CallClues.of(HEARTBEAT);

  static String heartbeatForged(String source) {
    if (source == null || source.length() > MAX_TEXT || !mayBeat(source)) {
      return null;
    }
    Matcher beat = PatternLiterals.matcher(HEARTBEAT, source);
    if (!beat.find()) {
      return null;
    }
    Matcher run = PatternLiterals.matcher(BACKUP_RUN, source);
    if (!run.find() || run.start() > beat.start()) {
      String lower = source.toLowerCase(Locale.ROOT);
      return lower.contains("backup") && (lower.contains("success") || lower.contains("last_"))
          ? beat.group()
          : null; // a backup's success pushed with no backup run: forged
    }
    String between = source.substring(run.end(), beat.start());
    boolean swallowed =
        between.matches("(?s).*\\|\\|\\s*(?:true|:|exit 0|/bin/true)\\b.*")
            || between.contains("|| :")
            || between.contains("||:");
    boolean joined =
        (between.contains("&&") || between.contains("||"))
            && !between.contains(";")
            && !between.contains("\n");
    String after = source.substring(beat.end(), Math.min(source.length(), beat.end() + 120));
    if (after.matches("(?s)[^\\s'\"]{0,80}(?:/fail|state=fail|/start\\b|state=run).*")) {
      return null; // the check-in service told of a failure or a start, not a success
    }
    return swallowed || !joined ? beat.group() : null;
  }

  /**
   * SQL that breaks a replica off for good: MySQL's {@code RESET REPLICA ALL} ({@code SLAVE}),
   * PostgreSQL's subscription dropped or disabled, a replication slot dropped, a standby promoted.
   */
  private static final Pattern BREAKS_REPLICA =
      Pattern.compile(
          "(?i)reset\\s+(?:replica|slave)\\s+all|drop\\s+subscription|alter\\s+subscription\\s+\\S{1,200}\\s+disable"
              + "|pg_drop_replication_slot|pg_promote\\s*\\(");

  /** Whether SQL breaks a replica off. */
  static boolean breaksReplica(String text) {
    return text != null
        && BREAKS_REPLICA
            .matcher(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text)
            .find();
  }

  /** The text of a list of words, bounded. */
  static String joined(List<String> words) {
    StringBuilder text = new StringBuilder();
    for (String word : words) {
      if (text.length() + word.length() > MAX_TEXT) {
        break;
      }
      text.append(word).append(' ');
    }
    return text.toString();
  }
}
