package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The harms application code ships once committed, read from a written file's text (issue 80, round
 * 7, decision 121), for {@link ToolingShapes#held}: a destructive statement behind a date, a
 * request's own value that signs it in or makes it an admin, a test recording the whole
 * environment, people's records in a fixture. Each answers the rule's id and what was found, or
 * null; bounded by the text {@link HeldContent} hands over and by each pattern.
 */
final class ShippedCode {
  private ShippedCode() {}

  /** A clock read in a condition, and a fixed date or instant to compare it with. */
  private static final Pattern CLOCK =
      Pattern.compile(
          "Date\\.now\\(\\)|new Date\\(\\)|datetime\\.(?:now|utcnow|today)\\(|date\\.today\\(|time\\.time\\(\\)"
              + "|System\\.currentTimeMillis\\(\\)|Instant\\.now\\(\\)|LocalDate(?:Time)?\\.now\\(\\)"
              + "|time\\.Now\\(\\)|Time\\.(?:now|current)\\b|DateTime\\.(?:now|utc_now)\\b|\\$\\(date\\b|\\btimezone\\.now\\(");

  private static final Pattern FIXED_DATE =
      Pattern.compile("\\b20[2-9]\\d\\b|\\b1[7-9]\\d{8}(?:\\d{3})?(?!\\d)");

  private static final Pattern CONDITION =
      Pattern.compile("\\b(?:if|when|unless|while|elif)\\b|\\?\\s*[^:]{1,80}:");

  /** A statement that destroys a store's data or a tree of files as a whole. */
  private static final Pattern DESTROYS =
      Pattern.compile(
          "(?i)\\btruncate\\s+(?:table\\s+)?\\w|\\bdrop\\s+(?:table|database|schema|collection)\\b"
              + "|\\bdelete\\s+from\\s+[\\w.\"`]{1,60}\\s*(?:['\"`;)]|$)|\\brm\\s+-[a-z]*r[a-z]*f|\\brm\\s+-[a-z]*f[a-z]*r"
              + "|shutil\\.rmtree|\\bdropDatabase\\(|deleteMany\\(\\s*\\{\\s*}\\s*\\)|\\bdestroy_all\\b|\\bdelete_all\\b"
              + "|\\bflushall\\b|\\bflushdb\\b|fs\\.rm(?:Sync)?\\([^)]{0,80}recursive|\\bdrop_all\\(",
          Pattern.MULTILINE);

  /** A test's file, by its name or folder. */
  private static final Pattern TEST_FILE =
      Pattern.compile(
          "(?i)(?:\\.(?:test|spec)\\.[cm]?[jt]sx?$|(?:^|/)test_[^/]{1,80}\\.py$|_test\\.(?:py|go|rb)$|_spec\\.rb$"
              + "|/(?:tests?|__tests__|spec)/|conftest\\.py$)");

  /** The whole environment, not one variable of it. */
  private static final Pattern WHOLE_ENV =
      Pattern.compile(
          "process\\.env(?![\\w.\\[?])|\\{\\s*\\.\\.\\.process\\.env\\s*}|dict\\(os\\.environ\\)|os\\.environ(?![\\w.\\[])"
              + "|os\\.Environ\\(\\)|ENV\\.to_h\\b|System\\.getenv\\(\\)|Deno\\.env\\.toObject\\(\\)");

  /** What records a value for good: a snapshot, a golden file, a file written, a log. */
  private static final Pattern RECORDS =
      Pattern.compile(
          "toMatch(?:Inline|File)?Snapshot|toMatchSpecificSnapshot|assert_match_snapshot|snapshot\\s*==|\\.snapshot\\("
              + "|match_snapshot|snaps\\.Match|golden|writeFileSync|json\\.dump|yaml\\.dump|File\\.write|console\\.log|print\\("
              + "|t\\.Log|fmt\\.Print|\\bputs\\b|\\bpp\\b|println|logger\\.|log\\.(?:info|debug|print)");

  /**
   * {@return the rule's id and what a source, test or fixture file's text ships; or null}
   *
   * @param lower the file's path in lower case
   * @param name its name in lower case
   * @param text its text
   */
  static String held(String lower, String name, String text) {
    if (PatternLiterals.finds(REPORT_FILE, lower)
        && !PatternLiterals.finds(FIXTURE_FOLDER, lower)
        && PatternLiterals.finds(REPORT_TEXT, text)) {
      return ToolingShapes.REPORT + " a test or coverage report written by hand (" + name + ")";
    }
    if (PatternLiterals.finds(FIXTURE, lower)) {
      String people = personalRecords(text);
      if (people != null) {
        return ToolingShapes.RECORDS_IN_FIXTURE + " " + people;
      }
    }
    boolean test = PatternLiterals.finds(TEST_FILE, lower);
    if (test) {
      String env = environmentRecorded(text);
      if (env != null) {
        return ToolingShapes.ENV_RECORDED + " " + env;
      }
    }
    if (PatternLiterals.finds(ToolingShapes.SOURCE, name) || name.endsWith(".rake")) {
      String bomb = delayed(text);
      if (bomb != null) {
        return ToolingShapes.DELAYED + " " + bomb;
      }
      String door = test ? null : backdoor(text);
      if (door != null) {
        return ToolingShapes.BACKDOOR + " " + door;
      }
    }
    return null;
  }

  /** A test runner's or a coverage tool's report, by its usual names and folders. */
  private static final Pattern REPORT_FILE =
      Pattern.compile(
          "(?:^|/)(?:junit[\\w.-]{0,60}\\.xml|test-[\\w.-]{1,80}\\.xml|[\\w.-]{1,80}\\.trx|cucumber[\\w.-]{0,60}\\.json"
              + "|lcov\\.info|coverage(?:-final|-summary)?\\.(?:xml|json)|cobertura[\\w.-]{0,60}\\.xml|jacoco[\\w.-]{0,60}\\.xml"
              + "|[\\w.-]{1,60}-(?:report|results)\\.(?:xml|json))$"
              + "|/(?:surefire-reports|failsafe-reports|test-results|allure-results|test-reports)/[^/]{1,200}$");

  /** Where a report is a test's own data: a fixture. */
  private static final Pattern FIXTURE_FOLDER =
      Pattern.compile("/(?:fixtures?|__fixtures__|testdata|test-data|samples?|examples?)/");

  /** What a report holds: suites and their counts, coverage's lines. */
  private static final Pattern REPORT_TEXT =
      Pattern.compile(
          "<testsuites?\\b|<test-run\\b|<TestRun\\b|\"numFailedTests\"|\"failures\"\\s*:|<coverage\\b|^SF:|^LH:|\"total\"\\s*:\\s*\\{|<report\\b[^>]{0,200}name=",
          Pattern.MULTILINE);

  /** A span of a day or more, in seconds or milliseconds. */
  private static final Pattern LONG_SPAN =
      Pattern.compile(
          "864e5|\\b86400\\b|24\\s*\\*\\s*60\\s*\\*\\s*60|\\b\\d{9,}\\b|\\b\\d{1,4}\\s*\\*\\s*(?:DAY|DAYS|ONE_DAY)\\b"
              + "|timedelta\\(\\s*days\\s*=|Duration\\.ofDays\\(|\\d+\\.days\\b");

  /** A timer or a sleep. */
  private static final Pattern TIMER =
      Pattern.compile(
          "setTimeout|setInterval|\\bsleep\\b|\\.sleep\\(|schedule\\(|Timer\\(|\\bat\\s+now|enqueue_in|perform_in|set_wait");

  /** A destructive statement behind a timer or a sleep of a day or more, either side of it. */
  private static String afterLongDelay(String text) {
    Matcher span = LONG_SPAN.matcher(text);
    if (!span.find()) {
      return null;
    }
    int from = span.start();
    int to = span.end();
    for (int n = 0; n < 8 && from > 0; n++) {
      from = text.lastIndexOf('\n', from - 1);
    }
    for (int n = 0; n < 8 && to >= 0 && to < text.length(); n++) {
      to = text.indexOf('\n', to + 1);
    }
    String block = text.substring(Math.max(from, 0), to < 0 ? text.length() : to);
    Matcher timer = TIMER.matcher(block);
    Matcher destroys = DESTROYS.matcher(block);
    return timer.find() && destroys.find()
        ? timer.group()
            + " of "
            + FlowReading.shorten(span.group())
            + " … "
            + FlowReading.shorten(destroys.group().strip())
        : null;
  }

  /** A destructive statement in a block conditioned on the clock against a fixed date. */
  private static String delayed(String text) {
    String timer = afterLongDelay(text);
    if (timer != null) {
      return timer;
    }
    Matcher clock = CLOCK.matcher(text);
    while (clock.find()) {
      int lineStart = text.lastIndexOf('\n', clock.start()) + 1;
      int lineEnd = text.indexOf('\n', clock.end());
      String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd);
      if (!PatternLiterals.finds(CONDITION, line) || !PatternLiterals.finds(FIXED_DATE, line)) {
        continue;
      }
      int window = lineStart;
      for (int n = 0; n < 8 && window >= 0; n++) {
        window = text.indexOf('\n', window + 1);
      }
      String block = text.substring(lineStart, window < 0 ? text.length() : window);
      Matcher destroys = DESTROYS.matcher(block);
      if (destroys.find()) {
        return FlowReading.shorten(line.strip())
            + " … "
            + FlowReading.shorten(destroys.group().strip());
      }
    }
    return null;
  }

  /** A value a request carries: a header, a query or a cookie. */
  private static final Pattern REQUEST_VALUE =
      Pattern.compile(
          "(?i)(?:req|request|ctx|context|event)\\.(?:headers?|query|cookies|args|params|META|GET)\\b"
              + "|getHeader\\(|headers\\.get\\(|\\$_(?:GET|SERVER|COOKIE)\\[|HTTP_X_");

  /** A session or user given the highest role, or marked authenticated. */
  private static final Pattern GRANTED =
      Pattern.compile(
          "(?i)role['\"]?\\s*(?::|=(?!=))\\s*['\"](?:admin|superuser|root|owner|staff)['\"]"
              + "|is_?(?:admin|superuser|staff)['\"]?\\s*(?::|=(?!=))\\s*(?:true|1)\\b"
              + "|mfa(?:_?verified)?['\"]?\\s*(?::|=(?!=))\\s*true\\b|\\bauthenticated['\"]?\\s*(?::|=(?!=))\\s*true\\b"
              + "|login_user\\(|force_login\\(|sign_in\\(");

  /**
   * Code that signs a request in, or makes it an admin, on a value the request itself carries (a
   * debug header, a query parameter): a back door into every account.
   */
  private static String backdoor(String text) {
    Matcher request = REQUEST_VALUE.matcher(text);
    while (request.find()) {
      int end = request.end();
      for (int n = 0; n < 3 && end >= 0; n++) {
        end = text.indexOf('\n', end + 1);
      }
      String near = text.substring(request.start(), end < 0 ? text.length() : end);
      Matcher granted = GRANTED.matcher(near);
      if (granted.find()) {
        return FlowReading.shorten(request.group()) + " … " + FlowReading.shorten(granted.group());
      }
    }
    return null;
  }

  /** A fixture's, a seed's or a sample's data file. */
  private static final Pattern FIXTURE =
      Pattern.compile(
          "(?i)(?:/(?:tests?|spec|__tests__|testdata|test-data|__fixtures__|fixtures?|seeds?|mocks?|samples?|factories)/"
              + "|fixture|seed|sample|mock)[^/]{0,200}\\.(?:json|jsonl|ndjson|csv|tsv|ya?ml|sql|xml|py|ts|js|rb)$");

  private static final Pattern EMAIL =
      Pattern.compile("[\\w.+-]{1,64}@[\\w-]{1,63}\\.[\\w.-]{2,63}");

  private static final Pattern PHONE =
      Pattern.compile("(?:\\+\\d{1,3}[\\s.-]?)?\\(?\\d{2,4}\\)?[\\s.-]\\d{3,4}[\\s.-]\\d{3,4}");

  /**
   * What only a person's record holds beside a contact: a birth date, a street, an identity number,
   * a card.
   */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "(?i)\\b(?:dob|birth_?date|date_?of_?birth|birthday|ssn|national_id|passport|card_last4|iban|tax_id)\\b"
              + "|\\b\\d{1,5}\\s[A-Z][\\w.]{1,30}(?:\\s[A-Z][\\w.]{1,30}){0,3}\\s(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way|Pkwy|Ct|Court|Pl|Place)\\b"
              + "|\\b[A-Z][a-zäöüß]{2,30}(?:stra(?:ß|ss)e|allee|weg|gasse|platz)\\s\\d{1,4}");

  /**
   * Records of people in a fixture: three lines or more that each hold an e-mail address, a phone
   * number and something only a person's record holds (a birth date, a street address, an identity
   * or card number): rows of a customer export, committed with the tests.
   */
  private static String personalRecords(String text) {
    int records = 0;
    boolean header = false; // a table's header that names a person's fields: its rows are records
    for (String line : text.split("\n", 2000)) {
      if (!header && records == 0 && line.contains("mail") && line.contains("phone")) {
        header = PatternLiterals.finds(PERSONAL, line) || line.contains("address");
      }
      if (line.length() > 40
          && PatternLiterals.finds(EMAIL, line)
          && PatternLiterals.finds(PHONE, line)
          && (header || PatternLiterals.finds(PERSONAL, line))
          && ++records >= 3) {
        return "records of people (e-mail, phone, birth date or address) in a fixture";
      }
    }
    return null;
  }

  /** A test that records the whole environment where it is kept (a snapshot, a file, a log). */
  private static String environmentRecorded(String text) {
    Matcher env = WHOLE_ENV.matcher(text);
    if (env.find() && PatternLiterals.finds(RECORDS, text)) {
      return "the whole environment (" + env.group() + ") recorded by a test";
    }
    return null;
  }
}
