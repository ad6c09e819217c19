package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The legal medical record and patients' consent changed in bulk (decision 107): SQL that rewrites
 * or deletes the record's tables or signed rows, or turns consent on, on a database that is not
 * local test data; a job run in production that messages every patient.
 */
final class ClinicalRecords {
  private ClinicalRecords() {}

  /** SQL that rewrites or deletes the legal medical record: its clinical tables, signed rows. */
  static final Pattern RECORD_REWRITTEN =
      Pattern.compile(
          "(?is)\\b(?:update|delete\\s{1,5}from)\\s{1,5}[\\w.\"`\\[\\]]{0,64}?(?:clinical_\\w{0,30}"
              + "|\\w{0,20}_notes|observations?|lab_results?|allerg\\w{0,10}|medications?|prescriptions?"
              + "|diagnos[ei]s|problem_list|encounters?|vitals|immunizations?|medical_records?"
              + "|charts?|discharge\\w{0,20}|radiology_\\w{0,20}|pathology_\\w{0,20}|phi_\\w{0,30}"
              + "|patients?|mar_\\w{0,20})\\b|\\b(?:update|delete\\s{1,5}from)\\b[^;]{0,400}?\\b(?:signed_at"
              + "|signed\\s{0,3}=|is_signed|finali[sz]ed|attested|verified_at)\\b");

  /** SQL that turns patients' consent on for them: an opt-in set, a consent granted in bulk. */
  static final Pattern CONSENT_SET =
      Pattern.compile(
          "(?is)\\bupdate\\s{1,5}[\\w.\"`]{0,64}\\s{1,5}set\\b[^;]{0,300}?[\\w\"]{0,40}(?:consent|opt_?in"
              + "|optin|share|sharing|authori[sz])[\\w\"]{0,40}\\s{0,3}=\\s{0,3}(?:true|1|'y(?:es)?'"
              + "|'granted'|'opt_?in'|'active'|'permit\\w{0,5}'|'allow\\w{0,5}')");

  /** The SQL clients whose command's SQL the record rules read. */
  private static final Set<String> SQL_CLIENTS =
      NameSet.of(
          "psql",
          "mysql",
          "mariadb",
          "sqlcmd",
          "sqlplus",
          "cockroach",
          "clickhouse-client",
          "bq",
          "snowsql",
          "usql",
          "pgcli",
          "mycli",
          "isql",
          "db2",
          "duckdb");

  /** Code that runs SQL on a database. */
  private static final Pattern CODE_RUNS_SQL =
      Pattern.compile("(?i)\\.execute\\(|create_engine|connect\\(|\\.query\\(|cursor\\(");

  /** A database of this machine's or a test's, named in code. */
  private static final Pattern CODE_LOCAL_DB =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|sqlite|:memory:|_dev\\b|_test\\b|\\btest_");

  /** A job that messages people, by its name or an option. */
  private static final Pattern MESSAGES =
      Pattern.compile(
          "(?i)send|notif|remind|sms|text|email|mail|blast|campaign|broadcast|message|push");

  /** An option that addresses every patient, member or user. */
  private static final Pattern EVERYONE =
      Pattern.compile(
          "(?i)^--(?:all(?:[-_](?:patients|members|users|recipients|customers|contacts|subscribers))?"
              + "|everyone|broadcast)(?:=(?:true|1|yes))?$");

  /**
   * Whether a SQL client or inline code runs SQL of this kind on a database not local test data.
   */
  static boolean sql(Scan scan, Step step, Pattern kind) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      code =
          code.length() > ClinicalPredicates.MAX_TEXT
              ? code.substring(0, ClinicalPredicates.MAX_TEXT)
              : code;
      return PatternLiterals.finds(CODE_RUNS_SQL, code)
          && !PatternLiterals.finds(CODE_LOCAL_DB, code)
          && kind.matcher(code).find();
    }
    if (!SQL_CLIENTS.contains(step.program()) || Environments.localTestData(scan, step)) {
      return false;
    }
    String text = ClinicalPredicates.bounded(scan.source());
    return text != null && kind.matcher(text).find();
  }

  /** Whether a database tool's call runs SQL of this kind. */
  static String toolSql(Scan scan, Pattern kind) {
    if (scan.source() != null || scan.call().args() == null) {
      return null;
    }
    for (String field : List.of("sql", "query", "statement", "command")) {
      String text = scan.call().args().path(field).asText("");
      if (!text.isEmpty()) {
        Matcher found = kind.matcher(ClinicalPredicates.bounded(text));
        if (found.find()) {
          return found.group();
        }
      }
    }
    return null;
  }

  /**
   * Whether a job run in production messages every patient at once: a script whose name or options
   * say it sends (a reminder, an SMS, a mail) given {@code --all-patients} or its kin, with no dry
   * run.
   */
  static boolean messagesEveryone(Scan scan, Step step) {
    boolean everyone = false;
    boolean sends = PatternLiterals.finds(MESSAGES, step.program());
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("--dry-run")
          || text.equals("-n")
          || text.equals("--preview")
          || text.equals("--dryrun")) {
        return false;
      }
      everyone |= PatternLiterals.matcher(EVERYONE, text).matches();
      sends |= text.length() < 200 && PatternLiterals.finds(MESSAGES, text);
    }
    return everyone && sends && Environments.production(scan, step);
  }
}
