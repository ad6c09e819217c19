package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * People's records exported from a database into a file of the project (decision 333): psql's
 * {@code \copy (select emp_id, ssn, dob, bank_account from hr.employees) to
 * 'tests/fixtures/employees.csv'}, {@code COPY members TO STDOUT > tests/data/members.csv}, {@code
 * mongoexport -c patients --fields name,dob -o fixtures/patients.json}, a query of mysql, sqlite3,
 * bq, clickhouse-client, snowsql or duckdb redirected into a file, {@code pg_dump -t patients >
 * db/seeds/patients.sql}. The query names people's details (an SSN, a birth date, a bank account,
 * an email, a phone, an address, a name) or a table of people taken whole, not counted; kept among
 * the session's written files as records ({@link RecordsArrived#RECORDS}), so that a commit that
 * takes the file is asked ({@code written.records-carried-out}). A file outside the project, a test
 * or development database's export, a count and a fake are none.
 */
final class DatabaseExports {
  private DatabaseExports() {}

  /** The databases' clients that export what a query selects. */
  private static final Set<String> CLIENTS =
      Set.of(
          "psql",
          "mysql",
          "mariadb",
          "sqlite3",
          "bq",
          "clickhouse-client",
          "clickhouse",
          "snowsql",
          "duckdb",
          "mongoexport",
          "pg_dump",
          "mysqldump",
          "sqlcmd");

  /** A column of a person's details. */
  private static final Pattern PERSONAL_COLUMN =
      Pattern.compile(
          "(?i)(?<![a-z])(?:ssn|social_security\\w*|sin|dob|date_of_birth|birth_?date|e_?mail\\w*"
              + "|phone\\w*|mobile\\w*|home_address|address\\w*|street\\w*|postcode|zip_?code"
              + "|bank_\\w+|iban|account_number|routing_number|passport\\w*|national_id|tax_id"
              + "|first_name|last_name|full_name|surname|salary|diagnos\\w*|mrn)(?![a-z])");

  /** A table or collection of people. */
  private static final Pattern PEOPLE_TABLE =
      Pattern.compile(
          "(?i)(?<![a-z])(?:users|customers|members|patients|employees|staff|contacts|leads"
              + "|subscribers|applicants|tenants|students|voters|people|persons|clients"
              + "|residents|donors|guests)(?![a-z])");

  /** A count, a sum: no one's row. */
  private static final Pattern AGGREGATE = Pattern.compile("(?i)\\b(?:count|sum|avg)\\s*\\(");

  /** What makes an export no one's records: a fake, an anonymised copy, a dry run. */
  private static final Pattern NO_ONES =
      Pattern.compile(
          "(?i)fake|synthetic|anonymi|pseudonymi|redact|scrub|sanitiz|mask|dry[-_]?run");

  /** psql's {@code \copy … to 'file'}. */
  private static final Pattern COPY_TO =
      Pattern.compile("(?is)\\\\copy\\s.{0,2000}?\\sto\\s+(?:'([^']+)'|\"([^\"]+)\"|([^\\s;]+))");

  /** The options naming the file a client writes, by client (psql's {@code -f} reads a script). */
  private static final Map<String, Set<String>> OUTPUT =
      Map.of(
          "psql", Set.of("-o", "--output"),
          "mongoexport", Set.of("-o", "--out"),
          "pg_dump", Set.of("-f", "--file"),
          "mysqldump", Set.of("-r", "--result-file"),
          "sqlcmd", Set.of("-o"));

  /**
   * Reads a database client's export of people's records into the project.
   *
   * @param scan the call's scan
   * @param step the program
   * @param written the call's written files, where the records go
   */
  static void read(Scan scan, Step step, Map<String, String> written) {
    if (!CLIENTS.contains(step.program()) || scan.call().project() == null) {
      return;
    }
    List<String> words = step.invocation().args();
    String text = String.join(" ", words);
    if (PatternLiterals.finds(NO_ONES, text) || schemaOnly(step.program(), words)) {
      return;
    }
    String what = personal(text);
    if (what == null) {
      return;
    }
    List<String> outputs = new ArrayList<>();
    Matcher copy = COPY_TO.matcher(text);
    while (copy.find()) {
      String file = copy.group(1) != null ? copy.group(1) : copy.group(2);
      file = file != null ? file : copy.group(3);
      if (!file.equalsIgnoreCase("stdout") && !file.equalsIgnoreCase("program")) {
        outputs.add(file);
      }
    }
    Set<String> options = OUTPUT.getOrDefault(step.program(), Set.of());
    for (int i = 0; i + 1 < words.size(); i++) {
      if (options.contains(words.get(i))) {
        outputs.add(words.get(i + 1));
      }
    }
    if (testStore(words, outputs)) {
      return;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && redirect.target() != null) {
        outputs.add(redirect.target().text());
      }
    }
    for (Step tee : scan.steps()) {
      if (tee.program().equals("tee")) { // the export piped into tee's files
        tee.invocation().args().stream()
            .filter(file -> !file.startsWith("-"))
            .forEach(outputs::add);
      }
    }
    String project = scan.call().project().toString() + "/";
    for (String output : outputs) {
      for (Target target : scan.targets(step, Word.literal(output))) {
        if (target.known() && target.path().toString().startsWith(project) && written.size() < 24) {
          written.put(
              RecordsArrived.RECORDS + target.path(),
              "people's records (" + what + ") exported by " + step.program());
        }
      }
    }
  }

  /** Whether a dump takes the tables' definitions only, no row ({@code pg_dump -s}). */
  private static boolean schemaOnly(String program, List<String> words) {
    return program.equals("pg_dump") && (words.contains("-s") || words.contains("--schema-only"))
        || program.equals("mysqldump") && (words.contains("-d") || words.contains("--no-data"));
  }

  /** The personal details a query names, or a table of people taken whole; null for none. */
  private static String personal(String text) {
    Matcher column = PERSONAL_COLUMN.matcher(text);
    if (column.find()) {
      return column.group();
    }
    Matcher table = PEOPLE_TABLE.matcher(text);
    return table.find() && !AGGREGATE.matcher(text).find()
        ? "the table " + table.group() + " whole"
        : null;
  }

  /** Whether a word of the command, not an output, names a test's or a development's database. */
  private static boolean testStore(List<String> words, List<String> outputs) {
    for (String word : words) {
      if (!word.startsWith("-")
          && word.indexOf(' ') < 0
          && !outputs.contains(word)
          && Environments.testName(word)) {
        return true;
      }
    }
    return false;
  }
}
