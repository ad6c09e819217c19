package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code records} rules ask (issue 80 round 7, decision 119): the legal, records
 * and trust-and-safety teams' two notions. <b>Evidence the company must keep</b>: a legal hold, an
 * audit trail, a chain of custody, a preserved report, a compliance record, a whistleblower's case,
 * a retention period; lost when it is released, deleted, purged, shortened, edited or backdated.
 * <b>An act that binds the company</b>: a filing submitted to a regulator or a court, a notice or a
 * settlement sent, a contract sent, signed, accepted or voided, an employee terminated, takedowns
 * and bans reversed or made in bulk, and what is disclosed to the other side, to a model or to the
 * subject of an investigation (privileged or unredacted material, an investigation's details, a
 * data subject's export, an anonymous reporter's identity).
 *
 * <p>Each is read from the call's text as a noun of the notion and a verb that acts on it, in the
 * programs that act (readers, printers, the local file tools, git and test runners do not: their
 * words are what a person reads or writes about the records), and is no act where the call says it
 * is a dry run, a validation, a preview, a draft, a test or development environment, a sandbox or
 * this machine. The text is read once a call, bounded ({@link #MAX_TEXT}), and each predicate first
 * asks for one of its nouns by a plain search before any pattern.
 */
final class RecordsPredicates {
  private RecordsPredicates() {}

  /** The most text read of one call. */
  private static final int MAX_TEXT = 16 * 1024;

  /**
   * The programs whose words act on no record: they read, print, compare or build here. A call of
   * only these says what it says about records to the person, not to a record.
   */
  private static final Set<String> LOCAL =
      Set.of(
          "grep",
          "egrep",
          "fgrep",
          "rg",
          "ag",
          "ack",
          "cat",
          "bat",
          "less",
          "more",
          "head",
          "tail",
          "wc",
          "ls",
          "tree",
          "find",
          "file",
          "stat",
          "du",
          "df",
          "echo",
          "printf",
          "jq",
          "yq",
          "xq",
          "cut",
          "sort",
          "uniq",
          "tr",
          "column",
          "diff",
          "cmp",
          "comm",
          "sha256sum",
          "sha1sum",
          "sha512sum",
          "md5sum",
          "b2sum",
          "cksum",
          "shasum",
          "xmllint",
          "pdftotext",
          "pdfinfo",
          "pdfgrep",
          "strings",
          "hexdump",
          "xxd",
          "od",
          "base64",
          "man",
          "which",
          "type",
          "test",
          "true",
          "false",
          "sleep",
          "cd",
          "pwd",
          "git",
          "gh",
          "glab",
          "pytest",
          "tox",
          "nox",
          "go",
          "cargo",
          "mvn",
          "mvnw",
          "gradle",
          "gradlew",
          "npm",
          "npx",
          "yarn",
          "pnpm",
          "make",
          "jest",
          "vitest",
          "mocha",
          "rspec",
          "phpunit",
          "libreoffice",
          "soffice",
          "pandoc",
          "code",
          "vim",
          "vi",
          "nano",
          "emacs",
          "open",
          "xdg-open",
          "ewfverify",
          "ewfinfo",
          "pyhanko",
          "openssl",
          "rm",
          "cp",
          "mv",
          "ln",
          "mkdir",
          "rmdir",
          "chmod",
          "chown",
          "tar",
          "zip",
          "unzip",
          "gzip",
          "gunzip",
          "zcat",
          "zgrep",
          "xz",
          "touch",
          "tee",
          "sed",
          "gsed",
          "truncate",
          "shred",
          "exiftool",
          "faketime",
          "datefudge",
          "date",
          "export",
          "source",
          "set",
          "read",
          "while",
          "for",
          "xargs",
          "paste",
          "join",
          "split",
          "basename",
          "dirname",
          "realpath",
          "readlink",
          "env",
          "sqlite3",
          "awk",
          "gawk");

  /** A test runner in an interpreter's or a build tool's words: the records are test data. */
  private static final Pattern TEST_RUN =
      Pattern.compile(
          "(?:^|\\s)(?:-m\\s+)?(?:pytest|unittest|tox|nose2?|behave)\\b|manage\\.py\\s+test\\b"
              + "|\\b(?:go|cargo|npm|yarn|pnpm|bun|deno)\\s+test\\b|\\brspec\\b|\\bjest\\b");

  /**
   * What says a call is no act: a dry run, a validation, a preview, a draft, a test, development or
   * sandbox environment, this machine.
   */
  private static final Pattern NOT_REAL =
      Pattern.compile(
          "--?dry[-_]?run\\b|\\bdry_run\\b|--(?:validate|validate-only|preview|plan|check|noop"
              + "|what-?if|simulate|test|draft|no-send|no-submit|dryrun)\\b|-whatif\\b"
              + "|\\btest[-_]?mode\\b|--env(?:ironment)?[= ]+['\"]?(?:test|testing|dev|development"
              + "|staging|stage|sandbox|qa|local|uat|ci)\\b|\\benv(?:ironment)?=(?:test|testing|dev"
              + "|development|staging|sandbox|qa|local)\\b|settings\\.(?:test|dev|local)\\b"
              + "|demo\\.docusign|\\bsandbox|\\blocalhost\\b|127\\.0\\.0\\.1|\"status\"\\s*:\\s*"
              + "\"created\"|\\bdrafts?\\b|\\busr_test_|\\btest_user");

  /** Reading the call once: its text and whether a program of it acts. */
  private record Call(String text, List<String> acting, boolean shell) {
    /** Whether some program that acts says it is no dry run, test or draft. */
    boolean real() {
      for (String step : acting) {
        if (!NOT_REAL.matcher(step).find()) {
          return true;
        }
      }
      return false;
    }

    /** The acting programs' words, together. */
    String actingText() {
      return String.join("\n", acting);
    }
  }

  private static final Call NOTHING = new Call("", List.of(), false);

  private static Call call(Scan scan) {
    return scan.once("RecordsPredicates.call", RecordsPredicates::read);
  }

  private static Call read(Scan scan) {
    String source = scan.source();
    if (source == null) {
      CallForRules call = scan.call();
      String tool = call.tool();
      if (!tool.contains("__") && !tool.startsWith("mcp")) {
        return NOTHING; // an agent's own tool: the file tools are read by their accesses
      }
      int last = tool.lastIndexOf("__");
      String name = last >= 0 ? tool.substring(last + 2) : tool;
      List<String> words = ActsPredicates.words(name);
      if (words.isEmpty() || READING_TOOL.contains(words.get(0))) {
        return NOTHING;
      }
      JsonNode args = call.args();
      String text = lower(String.join(" ", ActsPredicates.words(tool)) + " " + args);
      return new Call(text, List.of(text), false);
    }
    List<String> acting = new ArrayList<>();
    for (Step step : scan.steps()) {
      if (LOCAL.contains(step.program()) || step.program().isEmpty()) {
        continue; // most programs: a set lookup
      }
      StringBuilder words = new StringBuilder(step.program());
      for (Word word : step.args()) {
        words.append(' ').append(word.text());
        if (words.length() > MAX_TEXT) {
          break;
        }
      }
      String text = lower(words.toString());
      if (!TEST_RUN.matcher(text).find()) {
        acting.add(text);
      }
    }
    if (acting.isEmpty()) {
      return new Call(lower(source), List.of(), true);
    }
    return new Call(lower(source), acting, true);
  }

  private static String lower(String text) {
    String bounded = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    return bounded.toLowerCase(Locale.ROOT);
  }

  /** The first words of a tool's name that make it a read. */
  private static final Set<String> READING_TOOL =
      Set.of(
          "get",
          "list",
          "search",
          "query",
          "describe",
          "read",
          "fetch",
          "find",
          "show",
          "view",
          "count",
          "download",
          "export",
          "validate",
          "preview",
          "draft",
          "create_draft");

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("records-hold-released", RecordsPredicates::holdReleased);
    named.put("records-kept-destroyed", RecordsPredicates::keptDestroyed);
    named.put("records-retention-cut", RecordsPredicates::retentionCut);
    named.put("records-file-changed", RecordsPredicates::fileChanged);
    named.put("records-backdated", RecordsPredicates::backdated);
    named.put("records-binds-company", RecordsPredicates::bindsCompany);
    named.put("records-moderation-reversed", RecordsPredicates::moderationReversed);
    named.put("records-disclosed", RecordsPredicates::disclosed);
    named.put("records-reporter-identified", RecordsPredicates::reporterIdentified);
    named.put("records-hold-check-removed", RecordsPredicates::holdCheckRemoved);
  }

  // ---- Evidence the company must keep ----

  /** A legal hold, a matter, an object lock or an immutability policy. */
  private static final Pattern HOLD =
      Pattern.compile(
          "vault[-_ ]?holds?|legal[-_ ]?holds?|litigation[-_ ]?holds?|case[-_ ]?hold|in[-_ ]?place"
              + "[-_ ]?holds?|preservation[-_ ]?holds?|event[-_ ]?based[-_ ]?hold|temporary[-_ ]?hold"
              + "|retention\\s+(?:temp|event)\\b|held[-_ ]?accounts|object[-_ ]?lock|governance[-_ ]?"
              + "retention|immutability[-_ ]?polic|/holds\\b|/matters/|\\bmatters?\\b|e-?discovery"
              + "[-_ ]?cases?|compliance[-_ ]?cases?|litigationhold|holdpolicy|holdrule");

  /** What releases a hold: a delete, a removal, a release, an off. */
  private static final Pattern RELEASES =
      Pattern.compile(
          "\\b(?:delete|remove|release|lift|drop|destroy|purge|disable|bypass|unlock|expire)\\w{0,20}"
              + "|\\bclear\\b|\\bclose\\s+(?:the\\s+)?matter|[:/]close\\b|closematter|status=off\\b|\\$false\\b|:close\\b|:delete\\b|--no-(?:event-based"
              + "|temporary)-hold|\"status\"\\s*:\\s*\"off\"|enabled\\s*[=:]\\s*false");

  private static String holdReleased(Scan scan) {
    Call call = call(scan);
    if (!call.real()) {
      return null;
    }
    for (String step : call.acting()) {
      if (NOT_REAL.matcher(step).find()) {
        continue;
      }
      Matcher hold = HOLD.matcher(step);
      if (hold.find()) {
        Matcher release = RELEASES.matcher(step);
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
          "(?:^|;|\\s-[ce]\\s|--command[= ]|--execute[= ]|--query[= ]|\\n|\\(\\s*[\"'])\\s*(?:delete"
              + "\\s+from\\b|truncate\\b|drop\\s+(?:table|index|database|schema|bucket)|update\\s+"
              + "[\\w.\"`]{1,80}\\s+set\\b)|\\btruncate\\s+-s\\b|-x\\s*['\"]?delete\\b|--request[= ]delete\\b"
              + "|\\bdelete-(?:objects?|log-group|log-stream|trail|bucket|table|index|item|case|hold"
              + "|matter|records?|reports?)\\b|\\bdelete_objects?\\b|\\bstop-logging\\b|\\bs3\\s+rm\\b"
              + "|\\bs3\\s+rb\\b|\\b(?:gsutil|gcloud\\s+storage)\\s+(?:-m\\s+)?rm\\b|\\bazcopy\\s+remove"
              + "\\b|\\bwevtutil\\s+cl\\b|clear-eventlog|remove-(?:item|mailboxsearch|compliancecase)"
              + "|\\bauditctl\\s+-d\\b|\\bpurge\\b|\\bexpunge\\b|\\bobliterate\\b|\\bdestroy\\b"
              + "|permanently[-_]?delete|hard[-_]?delete|\\.delete\\s*\\(|\\bsinks\\s+delete\\b"
              + "|\\bdelete\\s+(?:audit|log|sink|trail|bucket|case|report|matter|record)\\w*|\\berase"
              + "\\w*\\b");

  /** The purges of a support desk: deleted tickets and users destroyed for good, in bulk. */
  private static final Pattern DESK_PURGE =
      Pattern.compile(
          "deleted_(?:tickets|users)|(?:tickets|users)/destroy_many|permanently_delete"
              + "|/users/[^/\\s]{1,40}/(?:permanently_)?delete");

  /** A request that destroys: a DELETE, a destroy or a permanent delete in its path. */
  private static final Pattern DESTROYING_METHOD =
      Pattern.compile(
          "-x\\s*['\"]?delete\\b|--request[= ]delete\\b|destroy|permanently|requests\\.delete"
              + "|method\\s*[=:]\\s*['\"]delete|\\bdelete\\s+https?://");

  private static String keptDestroyed(Scan scan) {
    Call call = call(scan);
    if (!call.real()) {
      return null;
    }
    for (String step : call.acting()) {
      if (NOT_REAL.matcher(step).find()) {
        continue;
      }
      Matcher kept = KEPT.matcher(step);
      if (kept.find()) {
        Matcher destroys = DESTROYS.matcher(step);
        if (destroys.find()) {
          return destroys.group().strip() + " of " + kept.group();
        }
      }
      if (step.contains("zendesk") || step.contains("deleted_") || step.contains("destroy_many")) {
        Matcher purge = DESK_PURGE.matcher(step);
        if (purge.find() && DESTROYING_METHOD.matcher(step).find()) {
          return purge.group();
        }
      }
    }
    return null;
  }

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
          "slack|conversations?|channels?|\\bteams\\b|mailbox|\\bmessages\\b|\\bchats?\\b|vault"
              + "|\\bmail\\b|exchange|records|legal");

  /** The longest retention that counts as cut short, in days. */
  private static final double SHORT_DAYS = 30;

  private static String retentionCut(Scan scan) {
    Call call = call(scan);
    if (!call.real()) {
      return null;
    }
    for (String step : call.acting()) {
      if (NOT_REAL.matcher(step).find()
          || !(step.contains("retention")
              || step.contains("retain")
              || step.contains("duration")
              || step.contains("older")
              || step.contains("expiration"))) {
        continue;
      }
      String found = shortRetention(step);
      if (found != null
          && RETENTION_ACT.matcher(step).find()
          && (KEPT.matcher(step).find()
              || MESSAGES.matcher(step).find()
              || found.startsWith("older") && step.contains("retention"))) {
        return found;
      }
    }
    return null;
  }

  /** The first retention a text gives that is {@link #SHORT_DAYS} or less, or {@code null}. */
  private static String shortRetention(String text) {
    Matcher value = RETENTION_VALUE.matcher(text);
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
      Matcher kept = KEPT_FILE.matcher(lower);
      if (kept.find() && !NOT_A_RECORD.matcher(lower).find()) {
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
              + "|\\bsetfile\\s+(?:-[a-z]\\s+\\S+\\s+)*-[dm]\\b");

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
    String text = lower(source);
    if (text.contains("date") || text.contains("faketime") || text.contains("time")) {
      Matcher git = GIT_DATE.matcher(text);
      if (git.find() && !text.contains("--date=now") && !BUILD_OR_TEST.matcher(text).find()) {
        return git.group().strip();
      }
      Matcher clock = FAKE_CLOCK.matcher(text);
      if (clock.find() && !BUILD_OR_TEST.matcher(text).find()) {
        return clock.group().strip();
      }
      Matcher set = DATE_SET.matcher(text);
      if (set.find() && !BUILD_OR_TEST.matcher(text).find()) {
        return set.group().strip();
      }
    }
    if (text.contains("touch")) {
      Matcher touch = TOUCH_DATE.matcher(text);
      while (touch.find()) {
        String found = touch.group();
        if (RECORD_FILE.matcher(found).find() && !BUILD_OR_TEST.matcher(found).find()) {
          return found.strip();
        }
      }
    }
    return null;
  }

  // ---- Acts that bind the company ----

  /** What is filed with a regulator or a court. */
  private static final Pattern FILING =
      Pattern.compile(
          "regulat\\w*|\\bregreport|\\be-?fil(?:e|ing|er)\\w*|\\bfilings?\\b|\\bcourt\\b|\\bdocket"
              + "|\\becf\\b|\\bpacer\\b|\\bedgar\\w*|sec\\.gov|fincen|\\bbsa\\w*|\\bsar\\b"
              + "|\\b\\d:\\d{2}-(?:cv|cr|bk)-\\d+|\\bsupervisory\\b|breach[-_ ]report|\\.gov(?:\\.\\w\\w)?"
              + "(?:/|\\b)");

  /** What submits a filing. */
  private static final Pattern SUBMITS =
      Pattern.compile(
          "\\bsubmit\\w*|--final\\b|--live\\b|--file\\b|--send\\b|\\btransmit\\w*|--upload\\b"
              + "|\\s-t\\s|\\bput\\s|-x\\s*['\"]?(?:post|put)\\b|--data|\\s-d\\s|\\s-f\\s");

  /** A notice, a settlement, an offer: what is sent or accepted in the company's name. */
  private static final Pattern NOTICE =
      Pattern.compile(
          "(?:legal|dmca|takedown|breach|termination|default|infringement|eviction|demand|claims?"
              + "|regulatory|court|formal|statutory|violation|counter)[-_ ]?notices?|notices?[-_ ]of[-_ ]"
              + "(?:breach|termination|default|claim|infringement|appeal|motion|intent|violation)"
              + "|(?<![a-z])dmca(?![a-z])|cease[-_ ]and[-_ ]desist|\\bsettlement\\w*|demand[-_ ]letter"
              + "|\\bsettle\\b|\\boffer\\s+of\\s+judgment");

  /** What sends, serves or accepts a notice. */
  private static final Pattern SENDS =
      Pattern.compile(
          "--send\\b|\\bsend(?:s|ing)?\\b|--serve\\b|\\bserve\\b|--deliver\\b|\\baccept\\w*"
              + "|--submit\\b|\\bsubmit\\b|--notify\\b|smtplib|\\bsendmail\\b|\\bmail\\b");

  /** A contract, an envelope, an agreement: what is signed, sent, accepted or voided. */
  private static final Pattern CONTRACT =
      Pattern.compile(
          "envelopes?|agreements?|\\bcontracts?\\b|docusign|adobesign|echosign|hellosign"
              + "|dropbox[-_]?sign|signature[-_]?requests?|pandadoc|signnow|/terms\\b|order[-_]?forms?"
              + "|\\bdpa\\b|\\bnda\\b|\\bmsa\\b");

  /** What signs, sends, accepts, declines or voids a contract. */
  private static final Pattern CONTRACT_ACT =
      Pattern.compile(
          "\\b(?:sign|signs|countersign\\w*|accept|accepts|accepted|acceptance|void|voids|voided"
              + "|voiding|decline|declined|cancel|cancels|cancelled|canceled|rescind\\w*|execute"
              + "|send|resend|sign_as|sign-as)\\b|\"status\"\\s*:\\s*\"(?:sent|voided|completed"
              + "|signed|declined)\"|\"state\"\\s*:\\s*\"(?:cancelled|canceled|signed|declined"
              + "|in_process)\"|status=['\"]?(?:sent|voided)|void_envelope|envelope_void");

  /** A human resources system or an employee's record. */
  private static final Pattern HR =
      Pattern.compile(
          "workday|bamboohr|successfactors|personio|rippling|hibob|\\bhris\\b|worker[-_ ]?ids?"
              + "|--worker\\b|employee[-_ ]?ids?|--employee\\b|staffing|\\bhr\\s|/hr/|employees/");

  /** What ends or changes an employment. */
  private static final Pattern HR_ACT =
      Pattern.compile("terminat\\w*|\\bfire\\b|dismiss\\w*|offboard\\w*|involuntary|demot\\w*");

  /** What makes an employment's change a submission, not a report of one. */
  private static final Pattern HR_SUBMITS =
      Pattern.compile(
          "--submit|--confirm|--yes\\b|--execute|--apply|--force|--effective|-x\\s*['\"]?(?:post|put"
              + "|patch)\\b|\\bsoap|terminate_employee|--data|\\.post\\s*\\(");

  private static String bindsCompany(Scan scan) {
    Call call = call(scan);
    if (!call.real()) {
      return null;
    }
    String text = call.shell() ? call.text() : call.actingText();
    String acting = call.actingText();
    String found = pair(text, acting, FILING, SUBMITS);
    if (found == null) {
      found = pair(text, acting, NOTICE, SENDS);
    }
    if (found == null) {
      found = pair(text, acting, CONTRACT, CONTRACT_ACT);
    }
    if (found == null && HR_SUBMITS.matcher(text).find()) {
      found = pair(text, acting, HR, HR_ACT);
    }
    return found != null && !readsOnly(scan) ? found : null;
  }

  /**
   * A noun anywhere in the call and a verb among its acting programs' words, or both in the call's
   * text where it is a tool's.
   */
  private static String pair(String text, String acting, Pattern noun, Pattern verb) {
    Matcher n = noun.matcher(text);
    if (!n.find()) {
      return null;
    }
    Matcher v = verb.matcher(acting);
    if (!v.find()) {
      // The verb elsewhere in the call (a template filled, a here-string fed) where the noun is
      // among the acting programs' words: the act is theirs.
      if (!noun.matcher(acting).find()) {
        return null;
      }
      v = verb.matcher(text);
      if (!v.find()) {
        return null;
      }
    }
    return v.group().strip() + " of " + n.group().strip();
  }

  /** Whether the call's only acting programs are HTTP clients that read (GET, HEAD). */
  private static boolean readsOnly(Scan scan) {
    if (scan.source() == null) {
      return false;
    }
    boolean any = false;
    for (Step step : scan.steps()) {
      if (LOCAL.contains(step.program()) || step.program().isEmpty()) {
        continue;
      }
      String program = step.program();
      if (!program.equals("curl")
          && !program.equals("wget")
          && !program.equals("http")
          && !program.equals("xh")) {
        return false;
      }
      String method = ServiceCalls.method(program, step.args());
      if (!method.equals("get") && !method.equals("head")) {
        return false;
      }
      any = true;
    }
    return any;
  }

  /** Trust and safety's decisions: takedowns, appeals, strikes, bans, suspensions. */
  private static final Pattern MODERATION =
      Pattern.compile(
          "takedowns?|\\bappeals?\\b|\\bstrikes?\\b|moderation|\\bremovals?\\b|enforcement[-_]actions?"
              + "|\\bbans?\\b|\\bbanned\\b|suspen\\w*|\\bbanned_|_bans?\\b");

  /** What reverses one, or makes one for many. */
  private static final Pattern REVERSES =
      Pattern.compile(
          "restor\\w*|reinstat\\w*|overturn\\w*|revers\\w*|unban\\w*|unsuspend\\w*|\\blift\\w*"
              + "|approve[-_]?all|bulk[-_]?approve|\\bban\\b|'banned'|\"banned\"|=\\s*'?banned"
              + "|suspended\\s*=\\s*true|status\\s*=\\s*'suspended'");

  /** What makes a decision one of many: a batch, a file of ids, a pattern, all. */
  private static final Pattern MANY =
      Pattern.compile(
          "--all\\b|\\bbatch\\w*|\\bbulk\\w*|--from-file|--file\\b|--input\\b|\\.csv\\b|\\.txt\\b"
              + "|\\blike\\s+'|\\bin\\s*\\(\\s*select|--queue\\b|--since\\b|\\ball\\b");

  private static String moderationReversed(Scan scan) {
    Call call = call(scan);
    if (!call.real()) {
      return null;
    }
    for (String step : call.acting()) {
      if (NOT_REAL.matcher(step).find()) {
        continue;
      }
      Matcher noun = MODERATION.matcher(step);
      if (!noun.find()) {
        continue;
      }
      Matcher verb = REVERSES.matcher(step);
      if (verb.find()
          && (MANY.matcher(step).find() || Environments.namesProduction(step))
          && !readsOnly(scan)) {
        return verb.group().strip() + " of " + noun.group().strip();
      }
    }
    return null;
  }

  // ---- What is disclosed ----

  /**
   * What leaves the company or reaches a model: a mail, a chat message, a transfer to another host,
   * a delivery, a member added, a comment made public, a model's API.
   */
  private static final Pattern OUTWARD =
      Pattern.compile(
          "(?:^|[\\s;&|(])(?:mail|mailx|mutt|neomutt|sendmail|swaks|msmtp|s-nail|scp|sftp|rclone"
              + "|lftp|llm|aichat|sgpt|mods|fabric)\\s|smtplib|nodemailer|sendgrid|mailgun|postmark"
              + "|send[-_]?(?:raw[-_]?)?email|chat\\.postmessage|post[-_ ]?message|send[-_ ]?message"
              + "|hooks\\.slack|webhook|sftp://|ftps?://|--upload\\b|--deliver\\w*|\\bdeliver[-_]?to"
              + "|email:|/members\\b|/invit\\w*|/shares?\\b|/permissions\\b|/collaborators\\b"
              + "|api\\.openai\\.com|api\\.anthropic\\.com|generativelanguage|openai\\.|anthropic\\."
              + "|\"public\"\\s*:\\s*true|'public'\\s*:\\s*true|\\bpublic\\s*:\\s*true|--public\\b"
              + "|gist|pastebin|transfer\\.sh|\\s-t\\s+\\S{1,200}\\s+\\S{0,80}(?:sftp|ftps?|https?)://"
              + "|\\bssh\\s[^|;&\\n]{0,200}cat\\s*>|\\bproduce\\b[^\\n]{0,300}(?:--to|--dest\\w*|_dest)"
              + "|(?:^|\\s)claude\\s+-p\\b|\\bgemini\\s+-p\\b|\\bmessages\\.create|chat\\.completions");

  /**
   * What must not leave: privileged or unredacted material, an investigation's or a hotline's, a
   * whistleblower's, a personnel matter's, a data subject's export, a law enforcement request's,
   * restricted hash sets.
   */
  private static final Pattern SENSITIVE =
      Pattern.compile(
          "(?<!exclude-tags\\s)(?<!exclude\\s)(?<!--)privilege\\w*|include[-_]?privileged"
              + "|attorney[-_ ]?client|work[-_ ]product|counsel[-_ ]?(?:memo|analysis|notes|advice"
              + "|opinion)|outside[-_ ]counsel|per (?:outside )?counsel|unredact\\w*|delete_annot"
              + "|remove[-_]?redact\\w*|strip[-_]?redact\\w*|redact_annot|remove-restrictions"
              + "|hotline|whistleblow\\w*|ethicspoint|\\beth-\\d|ethics[-_ ]?(?:case|report)"
              + "|investigation[-_ ]?(?:case|report|file|notes|findings|summary)|internal[-_ ]"
              + "investigation|an investigation|(?:hr|ethics|misconduct|workplace)[-_ ]investigation"
              + "|investigations/|/investigations\\b|under investigation|interview[-_ ]?notes"
              + "|\\bintake\\b|grievance|personnel[-_ ]?file|(?:^|[\\s/'\"=@])hr/|silent[-_ ]hold"
              + "|hold on your|collecting your|(?<![a-z])dsar|subject[-_ ]access|law[-_ ]?enforcement"
              + "|\\ble[-_]response|\\bler-\\d|subpoena|hash[-_]?sets?|photodna|ncmec|cybertip|csam"
              + "|e-?discovery|review[-_ ]?workspace|/workspaces/|/matters/|privileged");

  /** A reporting channel's or an investigation's name, which discloses only with a case. */
  private static final Pattern CHANNEL_WORD =
      Pattern.compile("hotline|whistleblow|ethicspoint|ethics|investigation|grievance");

  /** A case: its number, its intake, its interviews, findings or allegations. */
  private static final Pattern CASE_MARK =
      Pattern.compile(
          "\\b[a-z]{2,6}-\\d{4}-\\d{2,6}\\b|\\bcase[-_ #:]{0,3}(?:no|id|number)?[-_ #:]{0,3}\\d"
              + "|intake|interview|findings|allegation|complain\\w*|about you|your (?:laptop|mailbox"
              + "|account|drive)|against you|accus\\w*");

  /** What says a message is the hold's own notice to its custodians, not a warning. */
  private static final Pattern HOLD_NOTICE =
      Pattern.compile("hold[-_ ]notice|preservation[-_ ]notice|notice of (?:legal )?hold");

  /** A data subject's export delivered without the subject's identity checked. */
  private static final Pattern UNVERIFIED =
      Pattern.compile(
          "(?:skip|no|without|bypass)[-_]?(?:identity[-_]?)?verif\\w*|--unverified|--no-verify");

  private static String disclosed(Scan scan) {
    Call call = call(scan);
    if (!call.real()) {
      return null;
    }
    String text = call.shell() ? call.text() : call.actingText();
    Matcher outward = OUTWARD.matcher(text);
    if (!outward.find()) {
      return null;
    }
    String cleaned = text.replace("--privileged", "");
    Matcher sensitive = SENSITIVE.matcher(cleaned);
    while (sensitive.find()) {
      String what = sensitive.group().strip();
      if (what.startsWith("privilege") && excluded(cleaned, sensitive.start())) {
        continue;
      }
      if (what.startsWith("dsar") || what.startsWith("subject")) {
        if (!UNVERIFIED.matcher(text).find()) {
          continue; // a delivery to the subject checked: the subject's own right
        }
      }
      if (HOLD_NOTICE.matcher(text).find()) {
        return null;
      }
      if (CHANNEL_WORD.matcher(what).find() && !CASE_MARK.matcher(text).find()) {
        continue; // the channel's figures or its code, no one's case
      }
      if ((what.startsWith("e-") || what.startsWith("ediscovery") || what.contains("matters"))
          && !text.contains("/members")
          && !text.contains("/invit")
          && !text.contains("/share")
          && !text.contains("/permissions")
          && !text.contains("/collaborators")) {
        continue; // a production of what is not privileged: the ordinary course of a matter
      }
      if (what.contains("workspace")
          && !(text.contains("/members")
              || text.contains("/invit")
              || text.contains("/share")
              || text.contains("/permissions"))) {
        continue;
      }
      return what + " (" + outward.group().strip() + ")";
    }
    return null;
  }

  /** Whether a word of privilege at {@code at} is named to be left out ({@code --exclude-tags}). */
  private static boolean excluded(String text, int at) {
    int from = Math.max(0, at - 40);
    String before = text.substring(from, at);
    int exclude = before.lastIndexOf("exclude");
    int include = before.lastIndexOf("include");
    return exclude >= 0 && exclude > include || before.endsWith("non-") || before.endsWith("not ");
  }

  /** An anonymous reporting channel. */
  private static final Pattern CHANNEL =
      Pattern.compile(
          "hotline|whistleblow\\w*|ethicspoint|speakup|speak-up|ethics|anonymous[-_ ]?report\\w*"
              + "|navex|convercent");

  /** What identifies the reporter: an address, an agent, a sign-on, a web server's log. */
  private static final Pattern IDENTITY =
      Pattern.compile(
          "client_ip|remote_addr|x-forwarded-for|user_agent|sso_subject|ip_address|\\bip\\b"
              + "|access\\.log|\\$1\\b|submitter\\w*|reporter_(?:ip|email|id|name)|device_id");

  private static String reporterIdentified(Scan scan) {
    Call call = call(scan);
    if (!call.shell() || call.acting().isEmpty()) {
      return null;
    }
    String text = call.text();
    Matcher channel = CHANNEL.matcher(text);
    if (!channel.find()) {
      return null;
    }
    Matcher identity = IDENTITY.matcher(text);
    if (!identity.find()) {
      return null;
    }
    // A read of the channel's own data or logs (a database, another host, a cluster's logs), not
    // of its source code.
    for (String step : call.acting()) {
      if (step.startsWith("ssh ")
          || step.startsWith("psql")
          || step.startsWith("mysql")
          || step.startsWith("mariadb")
          || step.startsWith("sqlcmd")
          || step.startsWith("mongo")
          || step.startsWith("kubectl")
          || step.startsWith("oc ")
          || step.startsWith("aws ")
          || step.startsWith("gcloud")
          || step.startsWith("az ")
          || step.startsWith("docker")
          || step.startsWith("curl")
          || step.startsWith("bq ")
          || step.startsWith("snowsql")
          || step.startsWith("clickhouse")
          || step.startsWith("python")
          || step.startsWith("node")) {
        return identity.group() + " of " + channel.group();
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
          String o = lower(old);
          String n = lower(now);
          int before = count(HOLD_CODE, o);
          if (before > 0 && count(HOLD_CODE, n) < before && CONDITION.matcher(o).find()) {
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
    Matcher value = RETENTION_VALUE.matcher(text);
    while (value.find()) {
      if (days(value.group(1), value.group(2), value.group(3)) > SHORT_DAYS) {
        return value.group().strip();
      }
    }
    return null;
  }
}
