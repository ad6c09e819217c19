package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code copies} rules read of a server's tool and of a configuration's change (issue 80
 * round 7, decision 117): a tool whose name says it deletes and whose arguments name a copy ({@code
 * mcp__kubernetes__delete_resource} of a {@code VolumeSnapshot}); a storage or backup tool that
 * updates a schedule, a task or a retention to off or to nothing; SQL handed to a database tool
 * that ends point-in-time recovery or breaks a replica; and a change of a configuration file (an
 * edit, a file written) that cuts a retention to one or none, pauses a backup schedule, suspends
 * versioning, or lets a volume's or snapshot's data be deleted with its claim.
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
      if (COPY_KEY.matcher(key).find()
          || (key.equalsIgnoreCase("kind")
                  || key.equalsIgnoreCase("resource")
                  || key.equalsIgnoreCase("type"))
              && value.length() < 100
              && COPY_KEY.matcher(value).find()) {
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
    if (!SETS.matcher(tool.substring(cut + 2)).find() || !storage.matcher(name).find()) {
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
          || RETENTION_KEY.matcher(key).find() && value.isNumber() && value.asLong() <= 1) {
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
    if (!COPY_TEXT.matcher(file).find() && !COPY_TEXT.matcher(old).find()) {
      return null;
    }
    Map<String, Long> before = new HashMap<>();
    Matcher m = NUMBERED.matcher(old);
    while (m.find()) {
      before.put(m.group(1).toLowerCase(Locale.ROOT), Long.parseLong(m.group(2)));
    }
    m = NUMBERED.matcher(now);
    while (m.find()) {
      String key = m.group(1).toLowerCase(Locale.ROOT);
      long value = Long.parseLong(m.group(2));
      Long was = before.get(key);
      if (RETENTION_KEY.matcher(key).find() && value <= 1 && was != null && was > 1) {
        return key + " " + was + " -> " + value + " in " + file;
      }
    }
    Map<String, String> switches = new HashMap<>();
    m = SWITCHED.matcher(old);
    while (m.find()) {
      switches.put(m.group(1).toLowerCase(Locale.ROOT), m.group(2).toLowerCase(Locale.ROOT));
    }
    m = SWITCHED.matcher(now);
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
              || COPY_TEXT.matcher(block).find()
              || !key.equals("enabled") && COPY_TEXT.matcher(file).find();
      if (off != null && value.equals(off) && was != null && !was.equals(off) && suspendsCopy) {
        return key + " " + was + " -> " + value + " in " + file;
      }
    }
    return null;
  }
}
