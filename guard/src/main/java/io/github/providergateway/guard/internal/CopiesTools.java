package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code copies} rules read of a server's tool, a storage system's HTTP API, a cloud SDK's
 * call and a configuration's change (issue 80 round 7, decision 117): a storage or backup system's
 * tool whose name says it deletes or rolls back, a DELETE of a pool, dataset, snapshot or backup
 * sent to one's API, inline code's delete of a snapshot, a backup or a vault; a tool whose name
 * says it deletes and whose arguments name a copy ({@code mcp__kubernetes__delete_resource} of a
 * {@code VolumeSnapshot}); a storage or backup tool that updates a schedule, a task or a retention
 * to off or to nothing; SQL handed to a database tool that ends point-in-time recovery or breaks a
 * replica; and a change of a configuration file (an edit, a file written) that cuts a retention to
 * one or none, pauses a backup schedule, suspends versioning, or lets a volume's or snapshot's data
 * be deleted with its claim.
 */
final class CopiesTools {
  private CopiesTools() {}

  /** An argument's name, or a resource kind, that names a copy. */
  private static final Pattern COPY_KEY =
      Pattern.compile(
          "(?i)snapshot|backup|recovery_?point|restore_?point|vault|dataset|replica|replication"
              + "|archive|tape|retention|legal_?hold");

  /** A tool's verb that changes a setting. */
  private static final Pattern SETS =
      Pattern.compile(
          "(?i)(?:^|[_\\-.])(?:update|set|modify|patch|configure|disable|pause|suspend|stop"
              + "|edit|change)(?:$|[_\\-.])");

  /**
   * A tool whose own name says it deletes or rolls back (the server's name saying nothing of
   * storage) and one of whose arguments' names, or a {@code kind}, names a copy.
   *
   * @param scan the call
   * @param loses the verbs that lose
   * @return the tool's name, or {@code null}
   */
  static String deletesNamedCopy(Scan scan, Pattern loses) {
    String tool = scan.call().tool();
    JsonNode args = scan.call().args();
    int cut = tool.lastIndexOf("__");
    if (cut < 0
        || args == null
        || !args.isObject()
        || !loses.matcher(tool.substring(cut + 2)).find()) {
      return null;
    }
    for (Iterator<Map.Entry<String, JsonNode>> fields = args.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey();
      String value = field.getValue().isTextual() ? field.getValue().asText() : "";
      if (PatternLiterals.finds(COPY_KEY, key)
          || (key.equalsIgnoreCase("kind")
                  || key.equalsIgnoreCase("resource")
                  || key.equalsIgnoreCase("type"))
              && value.length() < 100
              && PatternLiterals.finds(COPY_KEY, value)) {
        return tool + " (" + key + ")";
      }
    }
    return null;
  }

  /**
   * A storage or backup system's tool (by its server's or its own name) that sets a schedule, a
   * task, a job or a retention off: {@code enabled: false}, {@code paused: true}, a keep or
   * retention of one or none.
   *
   * @param scan the call
   * @param storage what names a storage or backup system
   * @return the tool's name, or {@code null}
   */
  static String turnsOff(Scan scan, Pattern storage) {
    String tool = scan.call().tool();
    JsonNode args = scan.call().args();
    int cut = tool.lastIndexOf("__");
    if (cut < 0 || args == null || !args.isObject()) {
      return null;
    }
    String name = tool.startsWith("mcp__") ? tool.substring(5) : tool;
    if (!PatternLiterals.finds(SETS, tool.substring(cut + 2)) || !storage.matcher(name).find()) {
      return null;
    }
    for (Iterator<Map.Entry<String, JsonNode>> fields = args.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey().toLowerCase(Locale.ROOT);
      JsonNode value = field.getValue();
      if ((key.equals("enabled") || key.equals("enable") || key.equals("active"))
              && (value.isBoolean() && !value.asBoolean() || value.asText().equals("false"))
          || (key.equals("paused")
                  || key.equals("suspend")
                  || key.equals("suspended")
                  || key.equals("disabled"))
              && (value.isBoolean() && value.asBoolean() || value.asText().equals("true"))
          || PatternLiterals.finds(RETENTION_KEY, key) && value.isNumber() && value.asLong() <= 1) {
        return tool + " (" + field.getKey() + ")";
      }
    }
    return null;
  }

  /**
   * SQL handed to a database tool ({@code sql}, {@code query}, {@code statement}) that ends
   * point-in-time recovery or durability, or breaks a replica.
   */
  static String toolSqlLoosens(Scan scan) {
    if (scan.source() != null || scan.call().args() == null) {
      return null;
    }
    for (String field : List.of("sql", "query", "statement")) {
      String text = scan.call().args().path(field).asText("");
      if (!text.isEmpty()) {
        String found = CopiesSettings.loosened(text);
        if (found != null) {
          return found;
        }
        if (CopiesSettings.breaksReplica(text)) {
          return "a replica broken off";
        }
      }
    }
    return null;
  }

  /** A setting's name that says how many copies, or how long, are kept. */
  private static final Pattern RETENTION_KEY =
      Pattern.compile(
          "(?i)keep|retention|retain|hourly|daily|weekly|monthly|yearly|expir|delete_?after"
              + "|max_?(?:backups|snapshots|files)|rotation|snapshot_?limit|copies|replicas");

  /**
   * A setting with a number: {@code keep_daily: 7}, {@code hourly = 48}, {@code retention-full=4}.
   */
  private static final Pattern NUMBERED =
      Pattern.compile(
          "(?m)^[ \\t\"']*([A-Za-z][\\w.-]{0,60})[\"']?[ \\t]*[:=][ \\t]*\"?(\\d{1,6})\"?[ \\t]*,?[ \\t]*(?:#.*)?$");

  /**
   * A switch set: {@code paused: true}, {@code status = "Suspended"}, {@code reclaimPolicy:
   * Delete}.
   */
  private static final Pattern SWITCHED =
      Pattern.compile(
          "(?im)^[ \\t\"']*(paused|suspend|skip_final_snapshot|force_destroy|status|persistentvolumereclaimpolicy"
              + "|reclaimpolicy|deletionpolicy|prevent_destroy|object_lock_enabled|deletion_protection"
              + "|enabled)[\"']?[ \\t]*[:=][ \\t]*\"?([A-Za-z]{1,12})\"?");

  /** The values a switch turns a way back off with, by the switch's name. */
  private static final Map<String, String> OFF_VALUES =
      Map.ofEntries(
          Map.entry("paused", "true"),
          Map.entry("suspend", "true"),
          Map.entry("skip_final_snapshot", "true"),
          Map.entry("force_destroy", "true"),
          Map.entry("status", "suspended"),
          Map.entry("persistentvolumereclaimpolicy", "delete"),
          Map.entry("reclaimpolicy", "delete"),
          Map.entry("deletionpolicy", "delete"),
          Map.entry("prevent_destroy", "false"),
          Map.entry("object_lock_enabled", "false"),
          Map.entry("deletion_protection", "false"),
          Map.entry("enabled", "false"));

  /** What names a backup or a snapshot in a file's path or text. */
  private static final Pattern COPY_TEXT =
      Pattern.compile(
          "(?i)backup|snapshot|sanoid|borgmatic|restic|pgbackrest|wal-g|barman|velero|kopia|retention"
              + "|versioning|point_in_time|recovery|replica|vault|volume");

  /**
   * What a change of a configuration file cuts of the copies: a retention or keep count brought
   * from more than one to one or none, a switch turned to what loses copies (a schedule paused, a
   * CronJob suspended in a backup's file, versioning suspended, a final snapshot skipped, a
   * volume's data deleted with its claim, {@code prevent_destroy} off). Only where the old text had
   * the setting otherwise: a new file's settings are its author's.
   *
   * @param old the text taken out
   * @param now the text put in
   * @param file the file changed
   * @return what was cut, or {@code null}
   */
  static String retentionCut(String old, String now, String file) {
    if (old.isEmpty()
        || old.length() > CopiesSettings.MAX_TEXT
        || now.length() > CopiesSettings.MAX_TEXT) {
      return null;
    }
    String lower = file.toLowerCase(Locale.ROOT);
    if (lower.contains("/test") || lower.contains("fixture") || lower.startsWith("/tmp/")) {
      return null; // a test's settings
    }
    if (!PatternLiterals.finds(COPY_TEXT, file) && !PatternLiterals.finds(COPY_TEXT, old)) {
      return null;
    }
    Map<String, Long> before = new HashMap<>();
    Matcher m = PatternLiterals.matcher(NUMBERED, old);
    while (m.find()) {
      before.put(m.group(1).toLowerCase(Locale.ROOT), Long.parseLong(m.group(2)));
    }
    m = PatternLiterals.matcher(NUMBERED, now);
    while (m.find()) {
      String key = m.group(1).toLowerCase(Locale.ROOT);
      long value = Long.parseLong(m.group(2));
      Long was = before.get(key);
      if (PatternLiterals.finds(RETENTION_KEY, key) && value <= 1 && was != null && was > 1) {
        return key + " " + was + " -> " + value + " in " + file;
      }
      if (PatternLiterals.finds(RETENTION_KEY, key)
          && value == 0
          && was == null
          && old.toLowerCase(Locale.ROOT).contains(key)) {
        return key + " (whatever it was) -> 0 in " + file; // sed's s/^keep-monthly = .*/…/
      }
    }
    String shortened = withinShortened(old, now);
    if (shortened != null) {
      return shortened + " in " + file;
    }
    String excluded = excludesPersonalData(old, now, file);
    if (excluded != null) {
      return excluded;
    }
    Map<String, String> switches = new HashMap<>();
    m = PatternLiterals.matcher(SWITCHED, old);
    while (m.find()) {
      switches.put(m.group(1).toLowerCase(Locale.ROOT), m.group(2).toLowerCase(Locale.ROOT));
    }
    m = PatternLiterals.matcher(SWITCHED, now);
    while (m.find()) {
      String key = m.group(1).toLowerCase(Locale.ROOT);
      String value = m.group(2).toLowerCase(Locale.ROOT);
      String was = switches.get(key);
      String off = OFF_VALUES.get(key);
      // A suspend or an enabled switch is a copy's where its block says so (the 200 characters
      // before it: a backup CronJob, a point_in_time_recovery block), or its file does.
      String block = now.substring(Math.max(0, m.start() - 200), m.start());
      boolean suspendsCopy =
          !key.equals("suspend") && !key.equals("enabled")
              || PatternLiterals.finds(COPY_TEXT, block)
              || !key.equals("enabled") && PatternLiterals.finds(COPY_TEXT, file);
      if (off != null && value.equals(off) && was != null && !was.equals(off) && suspendsCopy) {
        return key + " " + was + " -> " + value + " in " + file;
      }
    }
    return null;
  }

  /**
   * A keep-within setting with its duration: {@code keep-within = "30d"}, {@code keep_within: 2d}.
   */
  private static final Pattern WITHIN =
      Pattern.compile(
          "(?m)^[ \\t\"']*((?i:keep[-_]?within)[\\w-]{0,20})[\"']?[ \\t]*[:=][ \\t]*[\"']?"
              + "(\\d{1,4}[hHdD])[\"']?[ \\t]*,?[ \\t]*(?:#.*)?$");

  /** A folder of the person's own data, or the home itself, as a backup's exclude line names it. */
  private static final Pattern PERSONAL_EXCLUDE =
      Pattern.compile(
          "(?m)^[ \\t]*(?:-[ \\t]*)?[\"']?(?:[-+][ \\t]|(?:sh|pp|fm|re|pf):)?"
              + "((?:/home/[^/\\s\"']{1,64}|~|\\$HOME)(?:/(?:Pictures|Photos|Bilder|Fotos|Documents"
              + "|Dokumente|Videos|Music|Musik|Desktop|Schreibtisch|Mail|Sync|Nextcloud|Dropbox"
              + "|\\.thunderbird|\\.gnupg|\\.ssh|\\.password-store)\\b[^\\n\"']*|/?))[\"']?[ \\t]*$");

  /**
   * A keep-within brought below a week where it was not already ({@code keep-within = "1d"}): the
   * history older than that goes at the next prune.
   */
  private static String withinShortened(String old, String now) {
    Matcher m = PatternLiterals.matcher(WITHIN, now);
    while (m.find()) {
      if (!shortWithin(m.group(2))) {
        continue;
      }
      Matcher before = PatternLiterals.matcher(WITHIN, old);
      boolean wasShort = false;
      while (before.find()) {
        wasShort |= before.group(1).equalsIgnoreCase(m.group(1)) && shortWithin(before.group(2));
      }
      if (!wasShort) {
        return m.group(1) + " -> " + m.group(2);
      }
    }
    return null;
  }

  private static boolean shortWithin(String duration) {
    return duration.matches("\\d{1,4}[hH]|[0-6][dD]");
  }

  /**
   * A backup's exclude list widened over the person's own data (the photos, the documents, the
   * mail, the home itself): a line of the change that was not there before, in a file of excludes
   * of a backup.
   */
  static String excludesPersonalData(String old, String now, String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    boolean excludes =
        lower.contains("exclude") || old.contains("exclude") || now.contains("exclude");
    if (!excludes || !PatternLiterals.finds(COPY_TEXT, file + "\n" + old)) {
      return null;
    }
    Matcher m = PatternLiterals.matcher(PERSONAL_EXCLUDE, now);
    while (m.find()) {
      if (!old.contains(m.group(1))) {
        return "excludes " + m.group(1) + " from the backup in " + file;
      }
    }
    return null;
  }

  /** What names a storage or backup system in a tool's or server's name. */
  static final Pattern STORAGE_SYSTEM =
      Pattern.compile(
          "(?i)truenas|freenas|zfs|zpool|ceph|rbd|netapp|ontap|synology|qnap|proxmox|pbs|veeam"
              + "|restic|borg|kopia|backup|snapshot|dataset|pool|nas|storage|velero|bacula|rubrik"
              + "|cohesity|commvault|pure|nimble|minio|replica|tape|archive|glacier|vault_lock");

  /** A verb that loses what it names. */
  static final Pattern LOSES =
      Pattern.compile(
          "(?i)(?:^|[_\\-.])(?:delete|destroy|remove|rm|purge|prune|rollback|revert|wipe|erase"
              + "|format|expire|forget|drop|truncate|clear|break|disable)(?:$|[_\\-.])");

  /**
   * An MCP tool of a storage or backup system (by its server's or its own name) whose name says it
   * deletes, destroys, purges, prunes or rolls back.
   */
  static String toolDestroys(Scan scan) {
    String tool = scan.call().tool();
    if (!tool.startsWith("mcp__") && !tool.contains("__")) {
      return null;
    }
    String name = tool.startsWith("mcp__") ? tool.substring(5) : tool;
    int cut = name.lastIndexOf("__");
    String verb = cut >= 0 ? name.substring(cut + 2) : name;
    if (!PatternLiterals.finds(LOSES, verb) || !PatternLiterals.finds(STORAGE_SYSTEM, name)) {
      return null;
    }
    return tool;
  }

  /**
   * A path's part that names what keeps copies in a storage system's API; a pool only as a storage
   * system names it (TrueNAS's {@code /api/v2.0/pool}, Ceph's {@code /api/pool/}), not a load
   * balancer's or an address pool.
   */
  private static final Pattern COPY_PATH =
      Pattern.compile(
          "(?i)/api/v2\\.0/pool(?:/|$)|/api/pool/|/storage/pools?/"
              + "|/(?:dataset|datasets|snapshot|snapshots|snapshottask|backup|backups"
              + "|recovery-?points|restore-?points|replication|replications|snapmirror"
              + "|backup-?vaults|backupjobs|backup-jobs|zfs|tapes?|retention|legal-?hold"
              + "|object-?lock|immutability)(?:/|$|\\?|%2f)");

  /** A call whose path's end says it loses: {@code …/rollback}, {@code …/delete}. */
  private static final Pattern LOSING_END =
      Pattern.compile("(?i)/(?:rollback|delete|destroy|purge|prune|wipe|erase|revert)(?:$|\\?)");

  /**
   * An HTTP client asked to DELETE a pool, a dataset, a snapshot or a backup of a host not this
   * machine's, or to POST to such a path whose end says it rolls back or deletes.
   */
  static boolean httpDestroys(Step step) {
    String program = step.program();
    if (!ClinicalPredicates.REQUESTERS.contains(program) || LocalUrls.only(step)) {
      return false;
    }
    String method = ServiceCalls.method(program, step.args());
    for (Word word : step.args()) {
      String t = word.text();
      if (!t.contains("/") || t.startsWith("-")) {
        continue;
      }
      if (!PatternLiterals.finds(COPY_PATH, t)) {
        continue;
      }
      if (method.equals("delete")
          || !method.equals("get") && PatternLiterals.finds(LOSING_END, t)) {
        return true;
      }
    }
    return false;
  }

  /** A cloud SDK's or an HTTP library's call in code that loses a copy or its lock. */
  private static final Pattern CODE_LOSES =
      Pattern.compile(
          "delete_(?:db_|db_cluster_|cluster_)?snapshot|delete_backup(?:_vault|_plan|_selection)?\\b"
              + "|delete_recovery_point|DeleteSnapshotCommand|DeleteDBSnapshotCommand"
              + "|DeleteDBClusterSnapshotCommand|DeleteRecoveryPointCommand|DeleteBackupCommand"
              + "|DeleteBackupVaultCommand|BypassGovernanceRetention['\"]?\\s*[:=]\\s*(?:True|true)"
              + "|PointInTimeRecoveryEnabled['\"]?\\s*[:=]\\s*(?:False|false)"
              + "|delete_bucket_replication|DeleteBucketReplicationCommand"
              + "|schedule_key_deletion|ScheduleKeyDeletionCommand|delete_vault\\b|DeleteVaultCommand"
              + "|put_object_legal_hold[\\s\\S]{0,200}['\"]OFF['\"]"
              + "|snapshots\\.(?:begin_)?delete\\(|snapshots\\(\\)\\.delete\\(|backups\\.(?:begin_)?delete\\("
              + "|Remove-VBRBackup|Remove-VBRRestorePoint|Remove-VBRJob|Disable-VBRJob"
              + "|Remove-AzRecoveryServicesBackupProtection|Remove-AzRecoveryServicesVault"
              + "|Disable-AzRecoveryServicesBackupProtection|Remove-AzSnapshot|Remove-VBRTapeMedium"
              + "|Erase-VBRTapeMedium|Remove-Snapshot\\b|versioning_enabled\\s*=\\s*False"
              + "|backups\\(\\)\\.delete\\(|delete_namespaced_custom_object[\\s\\S]{0,300}(?:volumesnapshots|backups)"
              + "|BackupRetentionPeriod['\"]?\\s*[:=]\\s*[01]\\b|SnapshotRetentionLimit['\"]?\\s*[:=]\\s*0\\b"
              + "|GroupNames['\"]?\\s*[:=]\\s*\\[\\s*['\"]all['\"]|['\"]Group['\"]\\s*:\\s*['\"]all['\"]"
              + "|(?:delete_retention_policy|DeleteRetentionPolicy|soft_delete)[\\s\\S]{0,80}enabled['\"]?\\s*[:=]\\s*(?:False|false)"
              + "|MFADelete['\"]?\\s*[:=]\\s*['\"]Disabled"
              + "|Win32_Shadow[Cc]opy[\\s\\S]{0,120}(?:Delete\\(|Remove-CimInstance|Remove-WmiObject)");

  /** The words one of which code that loses a copy holds: looked for before the patterns. */
  private static final String[] LOSING_WORDS = {
    "elete",
    "etention",
    "Remove-",
    "Disable-",
    "ersioning",
    "Group",
    "PointInTime",
    "legal_hold",
    "Bypass",
    "ollback",
    "key_deletion",
    "KeyDeletion",
    "soft_delete",
    "MFADelete"
  };

  private static boolean mayLose(String code) {
    for (String word : LOSING_WORDS) {
      if (code.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** An endpoint of this machine in code: a local emulator of the cloud. */
  static final Pattern LOCAL_ENDPOINT =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|localstack|moto|mock_aws|mock_s3|minio:9000");

  /** Inline code that loses a copy: a cloud SDK's delete of a snapshot or backup, a lock lifted. */
  static boolean codeDestroys(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null && (step.program().equals("pwsh") || step.program().equals("powershell"))) {
      code = CopiesSettings.joined(step.invocation().args()); // -Command's script, or a file's name
    }
    if (code == null || code.length() > CopiesSettings.MAX_TEXT || !mayLose(code)) {
      return false;
    }
    if (PatternLiterals.finds(LOCAL_ENDPOINT, code)) {
      return false;
    }
    if (PatternLiterals.finds(CODE_LOSES, code)) {
      return true;
    }
    // An HTTP library's DELETE of a storage system's pool, dataset, snapshot or backup.
    String lower = code.toLowerCase(Locale.ROOT);
    return (lower.contains(".delete(")
            || lower.contains("'delete'")
            || lower.contains("\"delete\"")
            || lower.contains("rollback"))
        && lower.contains("http")
        && PatternLiterals.finds(COPY_PATH, code);
  }
}
