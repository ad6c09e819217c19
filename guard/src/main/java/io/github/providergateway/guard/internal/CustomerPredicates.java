package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code customers} rules ask (issue 80 round 5, decision 102): what a change of
 * the project's code does to its customers ({@link CustomerEdits}), read of an edit tool's call
 * ({@code edit-…}) or of a program that writes files ({@code writes-…}: {@code sed -i}, {@code perl
 * -pi}, a here-document or {@code echo} to a file, inline code that writes one) through the {@code
 * weakens} readers; e-mail addresses harvested from pages fetched; a customer export handed to an
 * outside model's API.
 */
final class CustomerPredicates {
  private CustomerPredicates() {}

  /** The rules' names for what a change does. */
  private static final Map<CustomerEdits.Kind, String> NAMES =
      Map.ofEntries(
          Map.entry(CustomerEdits.Kind.CARD_ELSEWHERE, "card-data-elsewhere"),
          Map.entry(CustomerEdits.Kind.DEPENDENCY_CHECK_OFF, "dependency-check-off"),
          Map.entry(CustomerEdits.Kind.FAKES_PASS, "fakes-test-results"),
          Map.entry(CustomerEdits.Kind.PII_TO_ANALYTICS, "pii-to-analytics"),
          Map.entry(CustomerEdits.Kind.REPLAY_UNMASKED, "replay-unmasked"),
          Map.entry(CustomerEdits.Kind.OUTSIDE_SCRIPT, "outside-script"),
          Map.entry(CustomerEdits.Kind.CONSENT_DEFAULT_ON, "consent-default-on"),
          Map.entry(CustomerEdits.Kind.PRIVACY_SIGNAL_REMOVED, "privacy-signal-removed"),
          Map.entry(CustomerEdits.Kind.VULNERABLE_PIN, "vulnerable-pin"),
          Map.entry(CustomerEdits.Kind.USERS_SECRETS_SENT, "users-secrets-sent"));

  /** The programs that write files whose text the {@code writes-…} predicates read. */
  private static final Set<String> SUBSTITUTES = NameSet.of("sed", "gsed", "perl");

  private static final Set<String> PRINTERS = NameSet.of("echo", "printf", "tee", "cat");

  /** Inline code that writes a file. */
  private static final Pattern CODE_WRITES =
      Pattern.compile(
          "write(?:_text|FileSync|File)?\\s*\\(|File\\.write|fs\\.promises|open\\([^)]{0,200}['\"][wa]");

  /** The first file inline code names: the one it opens, mostly. */
  private static final Pattern CODE_PATH =
      Pattern.compile("['\"]([\\w.\\-]{0,100}/[\\w./\\-]{1,200}\\.\\w{1,8})['\"]");

  /** The most code read. */
  private static final int MAX_CODE = 16 * 1024;

  /** A pattern that matches an e-mail address: {@code [\w.+-]+@[\w-]+}. */
  private static final Pattern ADDRESS_PATTERN =
      Pattern.compile("[\\]\\w)][+*]\\s{0,2}@\\s{0,2}[\\[(\\\\]");

  /** Pages fetched from the web. */
  private static final Pattern FETCHES =
      Pattern.compile(
          "\\b(?:wget|curl|lynx|requests\\.get|httpx\\.get|urlopen|urllib\\.request|scrapy"
              + "|BeautifulSoup|playwright|puppeteer|selenium|page\\.goto|aiohttp)\\b|\\bfetch\\(");

  /** An outside model's API called from code. */
  private static final Pattern MODEL_API =
      Pattern.compile(
          "(?i)\\bopenai\\b|\\banthropic\\b|chat\\.completions|messages\\.create|responses\\.create"
              + "|generativeai|generate_content|\\bcohere\\b|mistralai|\\bgroq\\b|invoke_model"
              + "|api\\.openai\\.com|api\\.anthropic\\.com|clearbit\\.com|api\\.apollo\\.io|api\\.hunter\\.io"
              + "|peopledatalabs|zoominfo|fullcontact|\\bpipl\\b|lusha|rocketreach");

  /** A model served on this machine: a local mock or runtime. */
  private static final Pattern LOCAL_MODEL =
      Pattern.compile(
          "(?i)localhost|127\\.0\\.0\\.1|host\\.docker\\.internal|ollama|llama_cpp|vllm");

  /** A file of the customers' data, by its name. */
  private static final Pattern CUSTOMER_FILE =
      Pattern.compile(
          "(?i)['\"]([^'\"\\n]{0,200}(?:customer|client|user|contact|lead|subscriber|member|patient"
              + "|crm|buyer|shopper|order)s?[^'\"/\\n]{0,80}\\.(?:csv|jsonl?|xlsx?|parquet|tsv))['\"]");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    for (Map.Entry<CustomerEdits.Kind, String> kind : NAMES.entrySet()) {
      named.put(
          "edit-" + kind.getValue(),
          scan -> {
            Edit edit = edited(scan);
            return edit != null && edit.kinds().contains(kind.getKey()) ? edit.file() : null;
          });
    }
    named.put("harvests-addresses", CustomerPredicates::harvests);
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (Map.Entry<CustomerEdits.Kind, String> kind : NAMES.entrySet()) {
      named.put(
          "writes-" + kind.getValue(),
          (scan, step, read) -> writes(scan, step).contains(kind.getKey()));
    }
    named.put("customer-data-to-model", (scan, step, read) -> toModel(step));
    named.put(
        "data-file-to-model",
        (scan, step, read) ->
            DataToModel.hands(scan, step) || AttachedToModel.codeSendsScans(scan, step));
    named.put(
        "data-file-to-model-by-script",
        (scan, step, read) -> DataToModelByScript.hands(scan, step));
    named.put(
        "data-file-to-model-by-own-script",
        new ProgramNames(
            DataToModelByScript::ownScript,
            (scan, step, read) -> DataToModelByScript.handsByOwnPath(scan, step)));
    named.put(
        "data-file-to-model-by-client",
        (scan, step, read) ->
            DataToModelByClient.hands(scan, step) || AttachedToModel.attaches(scan, step));
    named.put("pins-vulnerable", (scan, step, read) -> KnownVulnerable.pinnedBy(step));
  }

  /** What an edit tool's call was found to do, and the file it changes. */
  private record Edit(String file, Set<CustomerEdits.Kind> kinds) {}

  /** What the call's edit does to the customers, read once a call (every kind's predicate asks). */
  private static Edit edited(Scan scan) {
    return scan.once(
        "CustomerPredicates.edited",
        s ->
            EditCalls.read(
                s.call(),
                (old, now, files) -> {
                  Set<CustomerEdits.Kind> kinds = CustomerEdits.of(old, now, files, "");
                  return kinds.isEmpty() ? null : new Edit(files.get(0), kinds);
                }));
  }

  /** What a program's writes do to the customers, read once a program of the call. */
  private static Set<CustomerEdits.Kind> writes(Scan scan, Step step) {
    Map<Step, Set<CustomerEdits.Kind>> read =
        scan.once("CustomerPredicates.writes", s -> new IdentityHashMap<>());
    Set<CustomerEdits.Kind> found = read.get(step);
    if (found == null) {
      found = read(scan, step);
      read.put(step, found);
    }
    return found;
  }

  /** What a program's writes do to the customers. */
  private static Set<CustomerEdits.Kind> read(Scan scan, Step step) {
    String program = step.program();
    Set<CustomerEdits.Kind> none = EnumSet.noneOf(CustomerEdits.Kind.class);
    Set<CustomerEdits.Kind> found = null;
    if (SUBSTITUTES.contains(program)) {
      found = WeakenPredicates.inPlace(step, CustomerPredicates::nonEmpty);
    }
    if (found == null && PRINTERS.contains(program)) {
      found = WeakenPredicates.written(scan, step, CustomerPredicates::nonEmpty);
    }
    if (found == null && step.interpreter()) {
      String code = code(step);
      if (code != null && PatternLiterals.finds(CODE_WRITES, code)) {
        String context = code;
        found =
            WeakenPredicates.replacedByCode(
                step,
                (old, now, files) -> {
                  Set<CustomerEdits.Kind> kinds = CustomerEdits.of(old, now, files, context);
                  return kinds.isEmpty() ? null : kinds;
                });
        if (found == null) {
          // The code as a whole, where its replacement could not be read (escaped quotes):
          // read as what it puts in, the file it opens named in it.
          String text = code.replace("\\\"", "\"").replace("\\'", "'");
          Matcher path = PatternLiterals.matcher(CODE_PATH, text);
          String file = path.find() ? path.group(1) : "inline code";
          Set<CustomerEdits.Kind> kinds = CustomerEdits.of("", text, List.of(file), text);
          kinds.remove(CustomerEdits.Kind.DEPENDENCY_CHECK_OFF); // read of a replacement only
          found = kinds.isEmpty() ? null : kinds;
        }
      }
    }
    return found == null ? none : found;
  }

  private static Set<CustomerEdits.Kind> nonEmpty(String old, String now, List<String> files) {
    Set<CustomerEdits.Kind> kinds = CustomerEdits.of(old, now, files, "");
    return kinds.isEmpty() ? null : kinds;
  }

  /**
   * An interpreter's code: inline ({@code -c}, {@code -e}) or a here-document it reads (the {@code
   * money} rules' too).
   */
  static String code(Step step) {
    String code = InterpreterCode.of(step);
    if (code == null) {
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.body() != null) {
          code = redirect.body();
        }
      }
    }
    if (code == null) {
      return null;
    }
    return code.length() > MAX_CODE ? code.substring(0, MAX_CODE) : code;
  }

  /** Whether a command matches e-mail addresses in pages it fetches from the web. */
  private static String harvests(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > 64 * 1024 || source.indexOf('@') < 0) {
      return null;
    }
    if (!PatternLiterals.finds(ADDRESS_PATTERN, source)
        || !PatternLiterals.finds(FETCHES, source)) {
      return null;
    }
    if (Hosts.firstElsewhere(source.toLowerCase(java.util.Locale.ROOT)) == null) {
      return null; // the project's own pages on this machine: curl localhost:3000/team | grep -o …@
    }
    return "e-mail addresses matched in pages fetched";
  }

  /** Whether inline code hands a customer data file to an outside model's API. */
  private static boolean toModel(Step step) {
    String code = code(step);
    if (code == null
        || !PatternLiterals.finds(MODEL_API, code)
        || PatternLiterals.finds(LOCAL_MODEL, code)) {
      return false;
    }
    var file = PatternLiterals.matcher(CUSTOMER_FILE, code);
    while (file.find()) {
      if (!CheckFiles.ordinary(file.group(1))) {
        return true;
      }
    }
    return false;
  }
}
