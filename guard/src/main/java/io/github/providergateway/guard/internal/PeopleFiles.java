package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code people} rules ask of people's files (decision 138): a file of people's
 * records (a payroll register, a census, a leave roster, a performance plan, resumes, a background
 * report) sent to another party or a model, or read whole into the conversation; a confidential
 * survey's answers joined back to who gave them; and a file of the project's pay or leave rules
 * written below the law's floor (FMLA's twelve weeks, California's daily overtime and final pay,
 * punches rounded only the employer's way, a job posting without its pay range, candidates'
 * self-identification shown to interviewers). A file whose name says synthetic, fake, a fixture or
 * a sample is test data.
 */
final class PeopleFiles {
  private PeopleFiles() {}

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("people-records-sent-out", PeopleFiles::recordsSentOut);
    named.put("people-records-read-whole", PeopleFiles::recordsReadWhole);
    named.put("people-fields-exported", FieldsExported::exported);
    named.put("people-identifiers-selected", PeopleFiles::identifiersSelected);
    named.put("people-tables-dumped", PeopleTablesDumped::dumped);
    named.put("people-identifiers-fetched", IdentifiersFetched::fetched);
    named.put("people-survey-deanonymised", PeopleFiles::surveyDeanonymised);
    named.put("people-labor-floor-broken", LaborFloors::broken);
  }

  /** A file of people's records, by the words of its path and an extension of data or a report. */
  static final Pattern PEOPLE_FILE =
      Pattern.compile(
          "[\\w./*$-]*(?:payroll[-_]?register|census|\\bssns?\\b|_ssn|ssn_|leave[-_]?(?:roster|cases?)"
              + "|\\bpip[-_]|performance[-_]?(?:review|improvement|plan)|comp[-_](?:outliers?|bands?|data"
              + "|review)|salar(?:y|ies)|resumes?\\b|\\bcvs?/|background[-_]?(?:checks?|reports?)"
              + "|\\bi-?9s?[-_/]|medical|\\bw-?2s?[-_/.]|personnel|disciplin\\w*|layoffs?|\\brif[-_]"
              + "|grievances?|er[-_]cases?|hr[-_]cases?|investigations?|merit[-_]|headcount[-_]?plan"
              + "|credit[-_]?reports?|tri[-_]?merge)"
              + "[\\w./*$-]*");

  /** A name that says the file is made up for tests. */
  private static final Pattern TEST_DATA =
      Pattern.compile("synthetic|fake|faker|fixtures?|sample|mock|dummy|example|test");

  /** A data or report file's extension. */
  private static final Pattern DATA_EXTENSION =
      Pattern.compile("\\.(?:csv|tsv|xlsx?|json|jsonl|pdf|md|txt|docx?|zip|parquet|html|xml|\\*)$");

  /** A table's or a scan's extension: what holds a row a person (not a note about them). */
  private static final Pattern READ_EXTENSION =
      Pattern.compile("\\.(?:csv|tsv|xlsx?|json|jsonl|parquet|pdf|zip|dat|xml|hl7)$");

  /** The programs that send a file to another party, a chat, a forge's issue or a model. */
  private static final Set<String> SENDERS =
      NameSet.of(
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "httpie",
          "swaks",
          "mail",
          "mailx",
          "mutt",
          "sendmail",
          "gh",
          "glab",
          "llm",
          "aichat",
          "sgpt",
          "mods",
          "openai",
          "slack",
          "rclone",
          "scp",
          "sftp",
          "lftp",
          "aws",
          "gsutil",
          "az",
          "transfer",
          "croc",
          "wormhole");

  /**
   * The file a sender sends: an upload, an attachment, a body from a file, a model's input; a
   * file's text put into the request as it runs ({@code "$(base64 -w0 report.xml)"}: decision 206).
   */
  private static final Pattern SENT_FILE =
      Pattern.compile(
          "(?:--data-binary|--data|-d|-f|--form|-t|--upload-file|--attach|--body-file|-a"
              + "|--file)[= ]+['\"]?@?([^\\s'\"]+)|\\s<\\s*['\"]?([^\\s'\"|;&]+)|file=@([^\\s'\"]+)"
              + "|for\\s+\\w+\\s+in\\s+([^;]+);"
              + "|\\$\\((?:base64|cat|gzip|xxd|openssl\\s+base64)(?:\\s+-[\\w-]+)*\\s+([^\\s)'\"]+)\\)");

  /** A file of people's records a sender sends, or {@code null}. */
  private static String recordsSentOut(Scan scan) {
    if (!PeoplePredicates.runsOneOf(scan, SENDERS)) {
      return null;
    }
    String text = RecordsCall.of(scan).text();
    if (PeoplePredicates.notReal(text) || localOnly(scan)) {
      return null;
    }
    Matcher sent = SENT_FILE.matcher(text);
    while (sent.find()) {
      for (int g = 1; g <= sent.groupCount(); g++) {
        String file = sent.group(g);
        String people = file != null ? peopleFile(file) : null;
        if (people != null) {
          return people + " sent out";
        }
      }
    }
    return null;
  }

  /** Whether every host the call's senders name is this machine's. */
  private static boolean localOnly(Scan scan) {
    boolean any = false;
    for (Step step : scan.steps()) {
      for (String host : Environments.hosts(step)) {
        if (!Environments.localHost(host)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** The file of people's records a word names (not test data), or {@code null}. */
  static String peopleFile(String word) {
    String lower = word.toLowerCase(Locale.ROOT);
    Matcher file = PEOPLE_FILE.matcher(lower);
    while (file.find()) {
      String found = file.group();
      if (PatternLiterals.finds(DATA_EXTENSION, found)
          && !PatternLiterals.finds(TEST_DATA, found)) {
        return found;
      }
    }
    return null;
  }

  /** Readers that print a whole file into the conversation. */
  private static final Set<String> READERS =
      NameSet.of("cat", "bat", "batcat", "nl", "tac", "less");

  /**
   * A file of people's identifiers: social security numbers, a census, a payroll register; and
   * (decision 206) a consumer's credit report (a tri-merge) and a batch of HL7 messages, each of
   * which names a patient.
   */
  private static final Pattern IDENTIFIERS =
      Pattern.compile(
          "ssn|social[-_ ]?security|census|payroll[-_]?register|(?<![a-z])[wi]-?[29]s?(?![a-z0-9])|_dob\\b"
              + "|dob_|date[-_]of[-_]birth|background[-_]?reports?|medical|credit[-_]?reports?"
              + "|tri[-_]?merge|\\.hl7$"
              // decision 215: a payroll's or a bank's file of people, a monitoring roster of
              // pilots in recovery, an address-confidentiality program's participants
              + "|payroll|bacs|mandates|sort[-_]?codes?|bank[-_]?details|hims[-_]|aeromedical"
              + "|address[-_]?confidential\\w*|acp[-_]participants?"
              // decision 224: taxpayers' numbers (a 1099-S master), identity documents
              + "|(?<![a-z])tins?(?![a-z])|1099|kyc|passports?");

  /**
   * A folder that holds protected people's records whatever its files are named (decision 215): an
   * address-confidentiality program's, an aeromedical office's, a pilots' monitoring program's; and
   * (decision 224) a share's folder of nonpublic personal information or of identity documents.
   */
  private static final Pattern PROTECTED_FOLDER =
      Pattern.compile("/(?:acp|aeromedical|hims|address[-_]?confidentiality|npi|pii|kyc)/");

  /** A name that says the file holds sums, not a row a person (decision 215). */
  private static final Pattern AGGREGATE =
      Pattern.compile(
          "totals?(?![a-z])|summar(?:y|ies)|aggregate|counts?(?![a-z])|[-_]by[-_]|stats|statistics");

  /**
   * A file of people's identifiers read whole into the conversation (the read tool, {@code cat}),
   * where its header or a count would do; or {@code null}.
   */
  private static String recordsReadWhole(Scan scan) {
    CallForRules call = scan.call();
    if (scan.source() == null) {
      if (!call.tool().equals("read")) {
        return null;
      }
      String path = EditCalls.text(call.args(), "path", "file_path");
      if (path == null || call.args().path("limit").asInt(Integer.MAX_VALUE) <= 5) {
        return null;
      }
      return identifiers(path);
    }
    for (Step step : scan.steps()) {
      if (!READERS.contains(step.program())) {
        continue;
      }
      for (io.github.providergateway.guard.shell.Word word : step.args()) {
        String found = identifiers(word.text());
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static String identifiers(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (!PatternLiterals.finds(IDENTIFIERS, name) && !PatternLiterals.finds(PROTECTED_FOLDER, lower)
        || PatternLiterals.finds(TEST_DATA, lower)
        || PatternLiterals.finds(AGGREGATE, name)
        || !PatternLiterals.finds(READ_EXTENSION, name)) {
      return null;
    }
    return path + " (people's identifiers) read whole";
  }

  /** The SQL clients whose rows print into the conversation. */
  private static final Set<String> SQL_CLIENTS =
      NameSet.of(
          "snowsql",
          "psql",
          "mysql",
          "mariadb",
          "bq",
          "sqlcmd",
          "clickhouse-client",
          "duckdb",
          "trino",
          "presto",
          "databricks",
          "athena",
          "redshift-data",
          "usql",
          "pgcli",
          "mycli",
          "sf",
          "sfdx");

  /** A SELECT of people's identifiers: a column named as one, not inside an aggregate. */
  private static final Pattern SELECTS_IDENTIFIERS =
      Pattern.compile(
          "\\bselect\\s(?:(?!\\bfrom\\b)[^;]){0,400}?(?<![(\\w])(?<!distinct\\s)(ssn|national_id|social_security\\w*"
              + "|tax_id|date_of_birth|birth_?date|dob|email|phone\\w*|address_line\\w*|home_address"
              + "|salary|base_pay|bank_account\\w*|account_number|routing_number|passport\\w*"
              // decision 215: a protected voter's real address, a supporter's diagnosis or faith
              + "|actual_residence|residence_address|confidential_address|diagnos\\w*|religio\\w*)\\b"
              + "(?:(?!\\bfrom\\b)[^;]){0,400}?\\bfrom\\b");

  /** The clients whose {@code -o} is no output file: snowsql's option, Salesforce's org. */
  private static final Set<String> OTHER_O = NameSet.of("snowsql", "sf", "sfdx");

  /** SQL or a client's option that sends the rows to a file or a table, not the screen. */
  private static final Pattern WRITES_ELSEWHERE =
      Pattern.compile(
          "\\\\copy\\b|\\bcopy\\s*\\(|into\\s+outfile|\\bunload\\b|export\\s+data|copy\\s+into\\s+@"
              + "|--output\\b|--destination_table|output_file|\\bcreate\\s+(?:or\\s+replace\\s+)?table");

  /**
   * People's identifiers selected from a production database and printed into the conversation (no
   * file, no redirection): a SQL client's SELECT naming SSN, birth date, email, phone, address,
   * salary or bank account columns; or {@code null}. Counts and other aggregates print no one.
   * Decision 160: from another shared database ({@link DatabaseTargets#shared}: a host not this
   * machine's, a connection's variable such as {@code "$PMS_REPLICA_URL"}) too, whether printed or
   * copied into a file here ({@code \copy (…) to 'out/riders.csv'}); production's rows copied to a
   * file stay {@code production.data-export}'s.
   */
  private static String identifiersSelected(Scan scan) {
    if (scan.source() == null) {
      return toolSelected(scan.call());
    }
    if (!PeoplePredicates.runsOneOf(scan, SQL_CLIENTS) && !PeopleRows.runsOne(scan)) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (!SQL_CLIENTS.contains(step.program()) && !PeopleRows.client(step)) {
        continue;
      }
      String text = PeopleRows.told(scan, step); // its words, and the SQL on its input (d. 165)
      Matcher column = SELECTS_IDENTIFIERS.matcher(text);
      String found = column.find() ? column.group(1) : PeopleRows.named(text);
      if (found == null && PatternLiterals.finds(WRITES_ELSEWHERE, text)) {
        found = PeopleRows.traces(text);
      }
      if (found == null) {
        continue;
      }
      boolean shared = DatabaseTargets.shared(scan, step) || PeopleRows.serviceShared(step);
      boolean elsewhere =
          intoFile(step)
              || PatternLiterals.finds(WRITES_ELSEWHERE, text)
              || text.contains(" -o ") && !OTHER_O.contains(step.program());
      boolean production = Environments.production(scan, step);
      if (elsewhere) {
        // production's rows to a file are production.data-export's (decision 160: a shared
        // database's, named by a host or a variable, are asked here)
        if (!production && shared) {
          return found + " of a shared database's rows copied to this machine";
        }
      } else if (production) {
        return found + " of production rows printed into the conversation";
      } else if (shared) {
        return found + " of a shared database's rows printed into the conversation";
      }
    }
    return null;
  }

  /**
   * People's identifiers selected by a database server's tool ({@code mcp__postgres__query}'s
   * {@code sql}; decision 224), or {@code null}: the server reaches a database the call does not
   * show, read as a shared one unless the tool's name or its other arguments (a connection, a
   * database) say test, development or local.
   */
  private static String toolSelected(CallForRules call) {
    if (call.args() == null || !call.tool().startsWith("mcp__")) {
      return null;
    }
    StringBuilder names = new StringBuilder(call.tool());
    call.args()
        .fields()
        .forEachRemaining(
            field -> {
              if (!ToolActs.STATEMENT_FIELDS.contains(field.getKey())) {
                names.append(' ').append(field.getValue().asText(""));
              }
            });
    if (Environments.testName(names.toString())) {
      return null;
    }
    for (String field : ToolActs.STATEMENT_FIELDS) {
      String sql = call.args().path(field).asText("");
      if (sql.isEmpty() || sql.length() > 20_000) {
        continue;
      }
      String text = RecordsCall.lower(sql);
      Matcher column = SELECTS_IDENTIFIERS.matcher(text);
      String found = column.find() ? column.group(1) : PeopleRows.named(text);
      if (found != null) {
        return found + " of a database server's rows printed into the conversation";
      }
    }
    return null;
  }

  /** Whether the program's output goes into a file rather than the conversation. */
  private static boolean intoFile(Step step) {
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes()
          && !redirect.operator().startsWith("2")
          && !redirect.target().text().startsWith("/dev/")) {
        return true;
      }
    }
    return false;
  }

  // ---- A confidential survey's answers joined back to who gave them ----

  /** A survey's answers. */
  private static final Pattern SURVEY =
      Pattern.compile(
          "(?:survey|glint|culture[-_]?amp|qualtrics|peakon|officevibe|engagement|pulse)[\\w./-]*"
              + "respon\\w*|respon\\w*[\\w./-]*(?:survey|glint|qualtrics|peakon)");

  /** What ties an answer to its respondent. */
  private static final Pattern TIES =
      Pattern.compile(
          "invite[-_]?tokens?|respon\\w*[-_]token|respondent[-_]?(?:ids?|map\\w*|emails?)"
              + "|token[-_]?map\\w*|panel[-_]?map\\w*");

  /** People's names or the worker table it is joined to. */
  private static final Pattern NAMES =
      Pattern.compile(
          "worker\\w*|employee\\w*|full[-_]?name|\\bemail\\b|manager[-_]?email|hris|roster");

  private static String surveyDeanonymised(Scan scan) {
    String text = RecordsCall.of(scan).text();
    if (text.isEmpty()) {
      text = LaborFloors.written(scan.call());
    }
    if (text == null || !text.contains("respon")) {
      return null;
    }
    String survey = PeoplePredicates.first(SURVEY, text);
    String ties = survey != null ? PeoplePredicates.first(TIES, text) : null;
    if (ties == null || PeoplePredicates.first(NAMES, text) == null) {
      return null;
    }
    return PatternLiterals.finds(TEST_DATA, survey) ? null : survey + " joined to " + ties;
  }
}
