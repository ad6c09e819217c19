package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evidence the company must keep, as the {@code records} rules read it (decision 119): a legal hold
 * released, an audit trail, evidence or a preserved report destroyed, a retention cut to a month or
 * less, a file of records outside the project changed, a record backdated, a hold's check taken out
 * of code or a retention cut in it.
 */
final class RecordsKept {
  private RecordsKept() {}

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "records-hold-released",
        CallClues.any(HOLD_OVERRIDE, HOLD).around(RecordsKept::holdReleased));
    named.put("records-kept-destroyed", RecordsKept::keptDestroyed);
    named.put("records-retention-cut", RecordsKept::retentionCut);
    named.put("records-file-changed", RecordsKept::fileChanged);
    // Read of the command's whole text in lower case, asked more than once a call: read once.
    named.put(
        "records-backdated",
        CallClues.any(GIT_DATE, FAKE_CLOCK, DATE_SET, TOUCH_DATE)
            .around(scan -> scan.once("RecordsKept.backdated", RecordsKept::backdated)));
    named.put("records-hold-check-removed", RecordsKept::holdCheckRemoved);
  }

  // ---- Evidence the company must keep ----

  /** A legal hold, a matter, an object lock or an immutability policy. */
  private static final Pattern HOLD =
      Pattern.compile(
          "vault[-_ ]?holds?|legal[-_ ]?holds?|litigation[-_ ]?holds?|case[-_ ]?hold|in[-_ ]?place"
              + "[-_ ]?holds?|preservation[-_ ]?holds?|event[-_ ]?based[-_ ]?hold|temporary[-_ ]?hold"
              + "|retention\\s+(?:temp|event)\\b|held[-_ ]?accounts|object[-_ ]?lock|governance[-_ ]?"
              + "retention|immutability[-_ ]?polic|/holds\\b|/matters/|\\bmatters?\\b|e-?discovery"
              + "[-_ ]?cases?|compliance[-_ ]?cases?|litigationhold|holdpolicy|holdrule"
              + "|retention[-_ ]?labels?|retentioncompliance(?:policy|rule)|recovery[-_ ]?points?\\b[^\\n]{0,80}hold");

  /** An option that tells an erasure or a purge to pass over the holds: erasure over a hold. */
  private static final Pattern HOLD_OVERRIDE =
      Pattern.compile(
          "--?(?:ignore|skip|override|bypass|no|force|disregard)[-_]?(?:legal[-_]?|litigation[-_]?)?"
              + "holds?(?:[-_]?checks?)?\\b|--(?:include|purge|erase|delete)[-_](?:held|on[-_]hold)\\b"
              + "|(?:ignore_holds?|skip_hold_check)[\"']?\\s*[=:]\\s*(?:true|1)");

  /** A hold in a tool's name or arguments, where no program's other words stand beside it. */
  private static final Pattern HOLD_OF_TOOL =
      Pattern.compile("(?<![a-z])holds?(?![a-z])|hold[-_]?ids?|matter[-_]?ids?");

  /** What releases a hold: a delete, a removal, a release, an off. */
  private static final Pattern RELEASES =
      Pattern.compile(
          "\\b(?:delete|remove|release|lift|drop|destroy|purge|disable|bypass|unlock|expire)\\w{0,20}"
              + "|\\bclear\\b|\\bclose\\s+(?:the\\s+)?matter|[:/]close\\b|closematter|status=off\\b|\\$false\\b|:close\\b|:delete\\b|--no-(?:event-based"
              + "|temporary)-hold|\"status\"\\s*:\\s*\"off\"|enabled\\s*[=:]\\s*false");

  private static String holdReleased(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    for (String step : call.real()) {
      Matcher override = PatternLiterals.matcher(HOLD_OVERRIDE, step);
      if (override.find()) {
        return override.group(); // an erasure or a purge told to pass over the holds
      }
      Matcher hold = PatternLiterals.matcher(HOLD, step);
      boolean held = hold.find();
      if (!held && !call.shell()) {
        hold =
            PatternLiterals.matcher(
                HOLD_OF_TOOL, step); // a tool's name and arguments: delete_hold, hold_id
        held = hold.find();
      }
      if (held) {
        Matcher release = PatternLiterals.matcher(RELEASES, step);
        if (release.find()) {
          return release.group() + " of " + hold.group();
        }
      }
    }
    return null;
  }

  /**
   * What the company must keep, by its name in a table, a bucket, a URL, a log: an audit trail, a
   * chain of custody, evidence, a preserved report, a subject's request, a whistleblower's case, a
   * compliance record.
   */
  private static final Pattern KEPT =
      Pattern.compile(
          "audit|cloudtrail|chain[-_ ]?of[-_ ]?custody|custody|evidence|forensic|preservation"
              + "|preserved|ncmec|cybertip|csam|\\bdsar|subject[-_ ]access|erasure[-_ ]requests?"
              + "|consent[-_ ]?records?|legal[-_ ]?holds?|litigation|e-?discovery|subpoena"
              + "|whistleblow|hotline|ethicspoint|ethics[-_ ]?(?:cases?|reports?)|speakup"
              + "|compliance[-_ ]?(?:records?|archive)|records[-_ ]?retention|journal[-_ ]?rules?"
              + "|security[-_ ]?log|event[-_ ]?logs?");

  /**
   * What destroys or falsifies a record: SQL's deletes and updates, a DELETE, a cloud delete, a log
   * stopped or cleared, a purge.
   */
  private static final Pattern DESTROYS =
      Pattern.compile(
          "(?:^|;|\\s-[ce]\\s|--command[= ]|--execute[= ]|--query[= ]|\\n|\\(\\s*[\"']|\":\\s*\")\\s*(?:delete"
              + "\\s+from\\b|truncate\\b|drop\\s+(?:table|index|database|schema|bucket)|update\\s+"
              + "[\\w.\"`]{1,80}\\s+set\\b)|\\btruncate\\s+-s\\b|-x\\s*['\"]?delete\\b|--request[= ]delete\\b"
              + "|\\bdelete-(?:objects?|log-group|log-stream|trail|bucket|table|index|item|case|hold"
              + "|matter|records?|reports?)\\b|\\bdelete_objects?\\b|\\bstop-logging\\b|\\bs3\\s+rm\\b"
              + "|\\bs3\\s+rb\\b|\\b(?:gsutil|gcloud\\s+storage)\\s+(?:-m\\s+)?rm\\b|\\bazcopy\\s+remove"
              + "\\b|\\bwevtutil\\s+cl\\b|clear-eventlog|remove-(?:item|mailboxsearch|compliancecase)"
              + "|\\bauditctl\\s+-d\\b|\\bpurge\\b|\\bexpunge\\b|\\bobliterate\\b|\\bdestroy\\b"
              + "|permanently[-_]?delete|hard[-_]?delete|\\.delete\\s*\\(|\\bsinks\\s+delete\\b"
              + "|\\bdelete\\s+(?:audit|log|sink|trail|bucket|case|report|matter|record)\\w*|\\berase"
              + "\\w*\\b|_delete_by_query|deletemany|delete_many|\\.remove\\s*\\(|\\b(?:blob|container|file|share|object|objects|item|log|logs|bucket|table"
              + "|records?)\\s+delete\\b");

  /**
   * A verb standing alone as a program's subcommand ({@code evidence.py delete}): a destroy, where
   * the program is not a cluster's or a container's, whose resources' names are no records.
   */
  private static final Pattern BARE_DESTROY =
      Pattern.compile("(?<![-\\w])(?:delete|wipe|shred|destroy|purge)(?![-\\w])");

  /**
   * The programs whose objects are a cluster's or a machine's: a pod named audit is no audit log.
   */
  private static final Set<String> ORCHESTRATORS =
      NameSet.of(
          "kubectl", "oc", "helm", "docker", "podman", "terraform", "pulumi", "nomad", "systemctl");

  /** The purges of a support desk: deleted tickets and users destroyed for good, in bulk. */
  private static final Pattern DESK_PURGE =
      Pattern.compile(
          "deleted[-_](?:tickets|users)|(?:tickets|users)/destroy_many|permanently[-_ ]delete"
              + "|(?:tickets|users)\\s+permanently"
              + "|/users/[^/\\s]{1,40}/(?:permanently_)?delete");

  /** A request that destroys: a DELETE, a destroy or a permanent delete in its path. */
  private static final Pattern DESTROYING_METHOD =
      Pattern.compile(
          "-x\\s*['\"]?delete\\b|--request[= ]delete\\b|destroy|permanently|requests\\.delete|purge"
              + "|method\\s*[=:]\\s*['\"]delete|\\bdelete\\s+https?://");

  private static String keptDestroyed(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts() || RecordsCall.kubectlReadsOnly(scan)) {
      return null; // kubectl describe cronjob evidence-purge: a look at the job (decision 183)
    }
    for (String step : call.real()) {
      Matcher kept = PatternLiterals.matcher(KEPT, step);
      if (kept.find()) {
        Matcher destroys = PatternLiterals.matcher(DESTROYS, step);
        if (destroys.find()) {
          return destroys.group().strip() + " of " + kept.group();
        }
        int space = step.indexOf(' ');
        Matcher bare = PatternLiterals.matcher(BARE_DESTROY, step);
        if (!ORCHESTRATORS.contains(space < 0 ? step : step.substring(0, space))
            && !DATABASE_CLIENT.matcher(step).lookingAt()
            && bare.find()) {
          return bare.group() + " of " + kept.group();
        }
      }
      if (step.contains("zendesk") || step.contains("deleted") || step.contains("destroy_many")) {
        Matcher purge = PatternLiterals.matcher(DESK_PURGE, step);
        if (purge.find() && PatternLiterals.finds(DESTROYING_METHOD, step)) {
          return purge.group();
        }
      }
      if (DATABASE_CLIENT.matcher(step).lookingAt()) {
        // A database's client handed its SQL on its input (a here-document, echo's pipe): the SQL
        // is the command's text, not the client's words.
        String sql = statements(call.text());
        Matcher sqlKept = PatternLiterals.matcher(KEPT, sql);
        Matcher destroys = PatternLiterals.matcher(DESTROYS, sql);
        if (sqlKept.find() && destroys.find()) {
          return destroys.group().strip() + " of " + sqlKept.group();
        }
      }
    }
    return null;
  }

  /** A database's client, by the program's name. */
  private static final Pattern DATABASE_CLIENT =
      Pattern.compile(
          "(?:psql|mysql|mariadb|sqlcmd|sqlplus|clickhouse-client|cqlsh|mongosh|mongo|snowsql|duckdb"
              + "|bq|cockroach|trino|presto)\\b");

  /**
   * A command's text read as SQL: what echo and printf print starts a line of its own, as a
   * here-document's lines do.
   */
  private static String statements(String text) {
    return ECHOED.matcher(text).replaceAll("\n");
  }

  /** The start of what echo or printf prints. */
  private static final Pattern ECHOED =
      Pattern.compile("\\b(?:echo|printf)\\s+(?:-[a-z]+\\s+)?['\"]");

  /**
   * A retention period given as a number: a retention's, a duration's, an age a purge deletes from,
   * with its unit (in the key or after the number).
   */
  private static final Pattern RETENTION_VALUE =
      Pattern.compile(
          "(retention[\\w.-]{0,30}|duration[-_]?days|retain[\\w-]{0,20}|older[-_]?than"
              + "|expiration[\"']?\\s*:\\s*\\{\\s*[\"']?days)[\"']?\\s*[=:\\s]\\s*[\"']?(\\d{1,13})"
              + "\\s{0,1}([a-z]{0,7})");

  /** The words that make a step a retention's or a purge's. */
  private static final Pattern RETENTION_ACT =
      Pattern.compile(
          "retention|retain|purge|expunge|erase|delete|lifecycle|\\bput-|\\bupdate\\b|--alter"
              + "|\\bset");

  /** What holds messages: a chat's channels and conversations, a mailbox. */
  private static final Pattern MESSAGES =
      Pattern.compile(
          "slack|conversations?|channels?|\\bteams\\b|mailbox|\\bmessages\\b|\\bchats?\\b|vault|box\\.com"
              + "|drive|sharepoint|onedrive|dropbox|documents"
              + "|\\bmail\\b|exchange|records|legal");

  /** The longest retention that counts as cut short, in days. */
  private static final double SHORT_DAYS = 30;

  private static String retentionCut(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    if (!call.acts()) {
      return null;
    }
    for (String step : call.acting()) {
      if (PatternLiterals.finds(RecordsCall.NOT_REAL, step)
          || !(step.contains("retention")
              || step.contains("retain")
              || step.contains("duration")
              || step.contains("older")
              || step.contains("expiration"))) {
        continue;
      }
      String found = shortRetention(step);
      if (found != null
          && PatternLiterals.finds(RETENTION_ACT, step)
          && (PatternLiterals.finds(KEPT, step)
              || PatternLiterals.finds(MESSAGES, step)
              || found.startsWith("older") && step.contains("retention"))) {
        return found;
      }
    }
    return null;
  }

  /** The first retention a text gives that is {@link #SHORT_DAYS} or less, or {@code null}. */
  private static String shortRetention(String text) {
    Matcher value = PatternLiterals.matcher(RETENTION_VALUE, text);
    while (value.find()) {
      double days = days(value.group(1), value.group(2), value.group(3));
      if (days >= 0 && days <= SHORT_DAYS) {
        boolean purge = value.group(1).startsWith("older");
        if (!purge
            || text.contains("purge")
            || text.contains("delete")
            || text.contains("erase")
            || text.contains("retention")) {
          return value.group().strip();
        }
      }
    }
    return null;
  }

  /** A retention's value in days, by the unit its key or its suffix says; -1 where unknown. */
  static double days(String key, String number, String suffix) {
    double n;
    try {
      n = Double.parseDouble(number);
    } catch (NumberFormatException e) {
      return -1;
    }
    String unit = suffix.isEmpty() ? key : suffix;
    if (key.endsWith(".ms") || key.endsWith("ms") || unit.equals("ms")) {
      return n / 86_400_000d;
    }
    if (unit.startsWith("s") && !unit.startsWith("set")) {
      return n / 86_400d;
    }
    if (unit.startsWith("h")) {
      return n / 24d;
    }
    if (unit.startsWith("min") || unit.equals("m") && !key.contains("month")) {
      return n / 1440d;
    }
    if (unit.startsWith("w")) {
      return n * 7;
    }
    if (unit.startsWith("mo") || unit.startsWith("y")) {
      return unit.startsWith("y") ? n * 365 : n * 30;
    }
    if (key.contains("hours") || key.contains("hour")) {
      return n / 24d;
    }
    return n; // days, as most retentions are given
  }

  /** A file of records by its path: evidence, a chain of custody, an audit log, a matter's. */
  private static final Pattern KEPT_FILE =
      Pattern.compile(
          "evidence|chain[-_ ]?of[-_ ]?custody|custody|forensic|legal[-_ ]?holds?|litigation"
              + "|preservation|/audit/|audit[-_.]?(?:log|trail|events?)|cloudtrail|ncmec|cybertip"
              + "|/matters?/|/records/|minutes/|board[-_ ]?minutes");

  /** A file that is code or test data, or a summary a verification writes. */
  private static final Pattern NOT_A_RECORD =
      Pattern.compile(
          "\\.(?:py|java|kt|ts|tsx|js|jsx|go|rb|rs|php|cs|scala|sql|sh|yaml|yml|toml|md|html|css)$"
              + "|(?:^|/)(?:tests?|fixtures?|testdata|spec|__tests__|samples?|examples?)/"
              + "|hash|sha\\d*|md5|manifest|checksum|verif|report|\\.tsr$|\\.sig$");

  private static String fileChanged(Scan scan) {
    List<Access> accesses = scan.accesses();
    if (accesses.isEmpty()) {
      return null;
    }
    String project = scan.call().project() == null ? null : scan.call().project().toString();
    for (Access access : accesses) {
      if (!access.changes() || access.target().path() == null) {
        continue;
      }
      String path = access.target().path().toString();
      String lower = path.toLowerCase(Locale.ROOT);
      if (project != null && path.startsWith(project + "/") || lower.startsWith("/tmp/")) {
        continue; // the project's own files, a scratch copy
      }
      Matcher kept = PatternLiterals.matcher(KEPT_FILE, lower);
      if (kept.find() && !PatternLiterals.finds(NOT_A_RECORD, lower)) {
        return path;
      }
    }
    return null;
  }

  // ---- Backdating ----

  /** A date set on a file's metadata, or on a program's clock. */
  private static final Pattern DATE_SET =
      Pattern.compile(
          "(?<![-\\w])-(?:all)?dates?=|(?<![-\\w])-(?:create|modify|datetimeoriginal|filemodify|filecreate|metadata"
              + "|creation|pdf:creation|pdf:mod|xmp:create|xmp:modify)date=|\\.(?:creationtime"
              + "|lastwritetime|lastaccesstime)\\s*=|-name\\s+['\"]?(?:creationtime|lastwritetime)"
              + "|os\\.utime\\([^)]{0,200}(?:mktime|datetime|timestamp|\\d{9,})|set-creation-date"
              + "|creationdate\\s*[=:]\\s*d?:?\\d|infokey:\\s*creationdate|\\bsetfile\\s+(?:-[a-z]\\s+\\S+\\s+)*-[dm]\\b");

  /** A git command that writes history with a date of its own. */
  private static final Pattern GIT_DATE =
      Pattern.compile(
          "git_(?:author|committer)_date=|\\bgit\\s+(?:-c\\s+\\S+\\s+)*(?:commit|commit-tree"
              + "|rebase|am|cherry-pick|filter-branch|filter-repo)\\b[^\\n;&|]{0,400}--date[= ]"
              + "|--env-filter[^\\n]{0,400}_date|--committer-date-is-author-date[^\\n]{0,40}"
              + "--ignore-date");

  /** A clock set back for a program: faketime, libfaketime, datefudge, the system's clock. */
  private static final Pattern FAKE_CLOCK =
      Pattern.compile("(?:^|[\\s;&|(])(?:faketime|datefudge)\\s|libfaketime|\\bfaketime=");

  /** touch's options that set a time. */
  private static final Pattern TOUCH_DATE =
      Pattern.compile(
          "\\btouch\\s+(?:-\\w+\\s+)*(?:-[a-z]*[dtr]\\b|--date|--reference)[^\\n;&|]{0,300}");

  /** A record by its name: a document, a message, an export, a log; a records folder. */
  private static final Pattern RECORD_FILE =
      Pattern.compile(
          "\\.(?:pdf|docx?|xlsx?|csv|eml|msg|pst|log|e01|odt|rtf|pages|numbers|xml|json|txt)\\b"
              + "|contracts?/|minutes|signed|evidence|records?/|audit|legal/|filings?/|board"
              + "|invoices?/|/mnt/|/srv/");

  /** What keeps a date in the build or the tests: the tests' own files, a build's stamp. */
  private static final Pattern BUILD_OR_TEST =
      Pattern.compile(
          "(?:^|[\\s/'\"])(?:tests?|fixtures?|testdata|spec|__tests__|build|target|dist|out"
              + "|node_modules|\\.cache)/|\\.stamp\\b|reproducible|source_date_epoch|(?:pytest"
              + "|go\\s+test|npm\\s+test|jest|rspec|unittest|make\\s+test|cargo\\s+test|mvnw?|gradlew?"
              + "|test|tests)\\b");

  private static String backdated(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return null;
    }
    String text = RecordsCall.lower(source);
    if (text.contains("date") || text.contains("faketime") || text.contains("time")) {
      Matcher git = PatternLiterals.matcher(GIT_DATE, text);
      if (git.find()
          && !text.contains("--date=now")
          && !PatternLiterals.finds(BUILD_OR_TEST, text)) {
        return git.group().strip();
      }
      Matcher clock = PatternLiterals.matcher(FAKE_CLOCK, text);
      if (clock.find() && !PatternLiterals.finds(BUILD_OR_TEST, text)) {
        return clock.group().strip();
      }
      Matcher set = PatternLiterals.matcher(DATE_SET, text);
      if (set.find() && !PatternLiterals.finds(BUILD_OR_TEST, text)) {
        return set.group().strip();
      }
    }
    if (text.contains("touch")) {
      Matcher touch = PatternLiterals.matcher(TOUCH_DATE, text);
      while (touch.find()) {
        String found = touch.group();
        if (PatternLiterals.finds(RECORD_FILE, found)
            && !PatternLiterals.finds(BUILD_OR_TEST, found)) {
          return found.strip();
        }
      }
    }
    return null;
  }

  // ---- Code and configuration ----

  /** A hold or a preservation in code: what a purge or a deletion must skip. */
  private static final Pattern HOLD_CODE =
      Pattern.compile(
          "\\bheld\\w*|\\w*legal[-_]?holds?\\w*|litigation[-_]?holds?|on[-_]?hold\\w*|preserv\\w*"
              + "|\\bholds?\\b|\\w*_holds?\\b|retention[-_]?lock|do[-_]?not[-_]?delete|under[-_]?hold");

  /** A condition in code: what a hold's check is made of. */
  private static final Pattern CONDITION =
      Pattern.compile(
          "\\bif\\b|\\bunless\\b|\\bcontinue\\b|\\bskip|\\breturn\\b|\\braise\\b|\\bthrow\\b"
              + "|\\bwhere\\b|\\bfilter|\\bexclude|\\bnot\\s+in\\b|\\bwhen\\b|\\?\\s");

  private static String holdCheckRemoved(Scan scan) {
    CallForRules call = scan.call();
    if (!call.tool().equals("edit") && !call.tool().equals("write")) {
      return null;
    }
    return EditCalls.read(
        call,
        (old, now, files) -> {
          String o = RecordsCall.lower(old);
          String n = RecordsCall.lower(now);
          int before = count(HOLD_CODE, o);
          if (before > 0 && count(HOLD_CODE, n) < before && PatternLiterals.finds(CONDITION, o)) {
            return "a hold's check taken out of " + String.join(", ", files);
          }
          String was = longestRetention(o);
          String cut = shortRetention(n);
          if (was != null && cut != null) {
            return cut + " (was " + was + ") in " + String.join(", ", files);
          }
          return null;
        });
  }

  private static int count(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /** A retention the text gives that is longer than {@link #SHORT_DAYS}, or {@code null}. */
  private static String longestRetention(String text) {
    Matcher value = PatternLiterals.matcher(RETENTION_VALUE, text);
    while (value.find()) {
      if (days(value.group(1), value.group(2), value.group(3)) > SHORT_DAYS) {
        return value.group().strip();
      }
    }
    return null;
  }
}
