package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * People's rows read in words decision 160's reading of {@link PeopleFiles} did not hold (decision
 * 165, its red team): an identifier's column under another name ({@code contact_email}, {@code
 * patient_dob}, {@code ni_number}, {@code iban}, {@code msisdn}), whole rows of a table of people
 * ({@code select *}, {@code r.*}, {@code row_to_json(p)}, {@code json_agg(c)}, {@code \copy clients
 * to}), through another client ({@code clickhouse client}, {@code mongosh}'s {@code find} on a
 * collection of people, inline code with a database's driver), with the SQL on the client's input
 * ({@code echo "select …" | psql}, {@code <<< "select …"}), or to a libpq service ({@code
 * service=crm_replica}) whose host is out of sight.
 */
final class PeopleRows {
  private PeopleRows() {}

  /**
   * A column named for an identifier, with a prefix of its own: {@code contact_email}; and
   * (decision 206) what else of a person a home's devices keep: a street, a face's label or
   * embedding, a voiceprint, the home's Wi-Fi key, an alarm's passcode and duress word; and
   * (decision 224) a seller's taxpayer number, a forwarding address, a freeze's PIN.
   */
  private static final Pattern COLUMN =
      Pattern.compile(
          "\\bselect\\s(?:(?!\\bfrom\\b)[^;]){0,400}?(?<![(\\w])(?<!distinct\\s)((?:[a-z0-9]+_){0,3}"
              + "(?:email(?:_address|_addr)?|e_mail|mobile(?:_number|_no|_phone)?|msisdn|imsi"
              + "|dob|birth_?date|date_of_birth|ni_number|nino|national_insurance\\w*|national_id"
              + "|tax_identification\\w*|tax_id|tax_number|iban|sort_code|card_number|ssn"
              + "|passport\\w*|driv(?:er|ing)_?licen[cs]e\\w*|home_address|street_address"
              + "|phone\\w*|salary|bank_account\\w*|account_number|street"
              + "|face_(?:label|name|embedding|encoding|vector|template)s?|faceprints?|voiceprints?"
              + "|biometric\\w*|psk|wifi_pass\\w*|wpa_key|passcode|duress\\w*|alarm_code"
              // decision 224: a taxpayer's number, where a person's mail now goes, the PIN that
              // lifts a consumer's freeze
              + "|tin|itin|taxpayer_id\\w*|(?:forwarding|mailing|residential|postal)_address\\w*"
              + "|pin(?:_code|_number)?))(?!\\w)"
              + "(?:(?!\\bfrom\\b)[^;]){0,400}?\\bfrom\\b");

  /**
   * Rows of what people do at home selected, not counted (decision 206): a table of motion,
   * presence, occupancy, arming or location events, whose rows say when a home is empty.
   */
  private static final Pattern TRACES =
      Pattern.compile(
          "\\bselect\\s((?:(?!\\bfrom\\b)[^;]){1,400}?)\\bfrom\\s+((?:\\w+\\.){0,2}\\w*(?:motion"
              + "|presence|occupancy|geofence|arming|arm_disarm|location_history)\\w*)");

  /** The columns a SELECT lists. */
  private static final Pattern SELECTED =
      Pattern.compile("\\bselect\\s((?:(?!\\bfrom\\b)[^;]){1,400}?)\\bfrom\\b");

  /** A report's narrative: a suspicious activity report's, a claim's, an incident's story. */
  private static final Pattern NARRATIVE =
      Pattern.compile("(?<!\\w)(?:[a-z0-9]+_){0,3}narratives?(?!\\w)");

  /** A person's name among the columns. */
  private static final Pattern PERSON_NAME =
      Pattern.compile(
          "(?<!\\w)(?:[a-z0-9]+_){0,3}(?:full_?name|first_?name|last_?name|legal_?name|surname)(?!\\w)");

  /** An aggregate among selected columns: what it prints is a figure, no one's row. */
  private static final Pattern AGGREGATE =
      Pattern.compile("\\b(?:count|sum|avg|min|max|percentile_\\w+|approx_\\w+)\\s*\\(");

  /** Whole rows selected, as columns or as JSON: {@code select *}, {@code row_to_json(p)}. */
  private static final Pattern WHOLE_ROWS =
      Pattern.compile(
          "\\bselect\\s+(?:distinct\\s+)?(?:\\*|\\w+\\.\\*|(?:row_to_json|to_jsonb?|json_agg"
              + "|jsonb_agg|array_agg)\\s*\\(\\s*\\w+\\s*\\))[^;]{0,200}?\\bfrom\\s+"
              + "((?:[\\w\"]+\\.){0,2}[\\w\"]+)");

  /** A whole table copied out: {@code \copy clients to}, {@code copy crm.clients (…) to}. */
  private static final Pattern COPY_TABLE =
      Pattern.compile(
          "(?:\\\\copy|\\bcopy)\\s+((?:\\w+\\.){0,2}\\w+)\\s*(?:\\([^)]*\\))?\\s+to\\b");

  /** A find or an aggregate on a MongoDB collection: {@code db.customers.find(}. */
  private static final Pattern MONGO_READ =
      Pattern.compile(
          "\\bdb\\.(?:getcollection\\(['\"](\\w+)['\"]\\)|(\\w+))\\.(?:find|findone|aggregate)\\s*\\(");

  /** Inline code that opens a database's connection. */
  private static final Pattern DRIVER =
      Pattern.compile(
          "psycopg|pymysql|mysql\\.connector|mysqldb|sqlalchemy|create_engine|cx_oracle|oracledb"
              + "|snowflake\\.connector|clickhouse_driver|pymssql|pyodbc|asyncpg|require\\(['\"]pg['\"]\\)"
              + "|mysql2|pg\\.connect|new\\s+(?:pg\\.)?client\\(");

  /** The last parts of a table's name that say its rows are people. */
  private static final Set<String> PEOPLE =
      NameSet.of(
          "customer",
          "client",
          "patient",
          "member",
          "user",
          "employee",
          "worker",
          "people",
          "person",
          "contact",
          "subscriber",
          "rider",
          "driver",
          "student",
          "pupil",
          "voter",
          "donor",
          "applicant",
          "candidate",
          "claimant",
          "beneficiary",
          "beneficiarie",
          "policyholder",
          "cardholder",
          "borrower",
          "guest",
          "passenger",
          "citizen",
          "resident",
          "staff",
          "personnel",
          "payee",
          "payment",
          "wire",
          "decedent",
          "pii",
          // decision 253: the people a jail, a court or probation keeps records of
          "inmate",
          "offender",
          "detainee",
          "prisoner",
          "parolee",
          "probationer",
          "defendant");

  /**
   * Whether {@code step} is a client this class reads beyond {@link PeopleFiles}' own: {@code
   * clickhouse client}, {@code mongosh}, an interpreter whose inline code opens a database.
   */
  static boolean client(Step step) {
    String program = step.program();
    if (program.equals("mongosh") || program.equals("mongo")) {
      return true;
    }
    if (program.equals("clickhouse")) {
      return !step.args().isEmpty() && step.args().get(0).text().equals("client");
    }
    String code = DatabaseTargets.interpreter(step) ? InterpreterCode.of(step) : null;
    return code != null && code.length() < 20_000 && PatternLiterals.finds(DRIVER, lower(code));
  }

  /** Whether any step of the call is such a client. */
  static boolean runsOne(Scan scan) {
    if (scan.source() == null) {
      return false;
    }
    for (Step step : scan.steps()) {
      if (client(step)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What the client is told, in lower case: its words, an interpreter's code, and the SQL on its
   * input (a here-string, a here-document, the words {@code echo} or {@code printf} pipe to it).
   */
  static String told(Scan scan, Step step) {
    StringBuilder told = new StringBuilder();
    String code = DatabaseTargets.interpreter(step) ? InterpreterCode.of(step) : null;
    if (code != null) {
      told.append(' ').append(code);
    }
    for (Word word : step.args()) {
      told.append(' ').append(word.text());
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith("<<")) {
        told.append(' ').append(redirect.body() != null ? redirect.body() : "");
        told.append(' ').append(redirect.target().text());
      }
    }
    if (scan.source() != null && scan.source().indexOf('|') >= 0) {
      for (Step other : scan.steps()) {
        if (other != step && other.is(ProgramKind.ECHO) && !other.program().equals("cat")) {
          for (String arg : other.invocation().args()) {
            told.append(' ').append(arg);
          }
        }
      }
    }
    return RecordsCall.lower(told.toString());
  }

  /**
   * What of people the lowered text selects: an identifier's column under another name, whole rows
   * of a table of people, a table of people copied out, a collection of people found; or {@code
   * null}.
   */
  static String named(String text) {
    Matcher column = COLUMN.matcher(text);
    if (column.find()) {
      return column.group(1);
    }
    String narrative = narrativeNamed(text);
    if (narrative != null) {
      return narrative;
    }
    Matcher rows = WHOLE_ROWS.matcher(text);
    while (rows.find()) {
      if (people(rows.group(1))) {
        return "whole rows of " + rows.group(1);
      }
    }
    Matcher copy = COPY_TABLE.matcher(text);
    while (copy.find()) {
      if (people(copy.group(1))) {
        return "the whole table " + copy.group(1);
      }
    }
    Matcher found = MONGO_READ.matcher(text);
    while (found.find()) {
      String collection = found.group(1) != null ? found.group(1) : found.group(2);
      if (people(collection)) {
        return "documents of " + collection;
      }
    }
    return null;
  }

  /**
   * A report's narrative selected beside the name of the person it is about (decision 224): a
   * suspicious activity report's story with the customer's name, which the law keeps from everyone
   * outside the filing; or {@code null}. A narrative alone (a safety report's, de-identified) names
   * no one.
   */
  private static String narrativeNamed(String text) {
    Matcher list = SELECTED.matcher(text);
    while (list.find()) {
      Matcher narrative = NARRATIVE.matcher(list.group(1));
      if (narrative.find() && PatternLiterals.finds(PERSON_NAME, list.group(1))) {
        return narrative.group() + " beside a person's name";
      }
    }
    return null;
  }

  /**
   * The table of what people do at home whose rows the lowered text selects, not counts: {@code
   * select home_id, occurred_at from motion_events}; or {@code null}. Read where the rows are
   * copied out (decision 206): one home's events printed for a support case are the person's to
   * look at.
   */
  static String traces(String text) {
    Matcher traces = TRACES.matcher(text);
    while (traces.find()) {
      if (!PatternLiterals.finds(AGGREGATE, traces.group(1))) {
        return "rows of " + traces.group(2);
      }
    }
    return null;
  }

  /** Whether a table's name says its rows are people: {@code crm.customers}, {@code v_contacts}. */
  static boolean people(String table) {
    String name = table.replace("\"", "");
    name = name.substring(name.lastIndexOf('.') + 1);
    if (name.contains("pii")) {
      return true;
    }
    String[] parts = name.split("_");
    String last = parts[parts.length - 1];
    if (last.endsWith("s") && last.length() > 3) {
      last = last.substring(0, last.length() - 1);
    }
    return PEOPLE.contains(last);
  }

  /** A libpq service ({@code service=crm_replica}) whose name says no test or local place. */
  static boolean serviceShared(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      int at = text.indexOf("service=");
      if (at >= 0 && text.length() < 200) {
        String name = text.substring(at + 8).split("\\s")[0];
        return !name.isEmpty()
            && !Environments.testName(name)
            && !DatabaseTargets.localOrTest(name)
            && !name.toLowerCase(Locale.ROOT).contains("local");
      }
    }
    return false;
  }

  private static String lower(String code) {
    return RecordsCall.lower(code);
  }
}
