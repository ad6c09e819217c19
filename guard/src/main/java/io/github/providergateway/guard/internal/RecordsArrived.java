package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * People's records that come into a session, and code written to collect them (decision 210), kept
 * among the session's written files for {@link RecordsCarried}: a file saved from an API's list of
 * people read with a credential ({@code curl -H "X-Shopify-Access-Token: …" …/customers.json -o
 * /tmp/c.json}), a file a project's export of people writes ({@code bulk_export_orders.py --store …
 * --out /tmp/orders.jsonl}), a file made from such a file ({@code jq '.customers' /tmp/c.json >
 * test/fixtures/customers.json}: the session's past resolves it), a script written to call a model
 * vendor's API, and a page's code written to send a signed-in customer's email or phone to another
 * host. Test and development stores, dry runs and anonymised copies bring no one's records.
 * Decision 219 adds a copy of a person's mail or a matter's evidence ({@link
 * PeoplesCorrespondence}: {@code cp /mnt/evidence/…/msg_0044*.eml tests/fixtures/email/real/}) and
 * a script written to call a translation vendor (DeepL, Google, Azure, Amazon).
 */
public final class RecordsArrived {

  /** A file that holds people's records: what brought them. */
  public static final String RECORDS = "records:";

  /**
   * A file made from others in a call ({@code records-from:<made>} to the files the call reads, a
   * line each): the session's past keeps it as records when one of them is ({@code
   * SessionPast#after}), and drops it else.
   */
  public static final String FROM = "records-from:";

  /**
   * A file written in this session whose code sends what it is given to a model or translation
   * vendor: the vendor's kind is its value.
   */
  static final String TO_MODEL = "to-model:";

  /** A page's code written in this session that sends a signed-in person's details elsewhere. */
  static final String COLLECTS = "collects:";

  /** A list of people in an API's path: {@code /customers.json}, {@code /v1/orders?…}. */
  private static final Pattern PEOPLE_ENDPOINT =
      Pattern.compile(
          "(?i)/(?:customers|orders|users|members|subscribers|contacts|patients|leads|people"
              + "|guests|profiles|shoppers|buyers)(?:\\.json)?(?:[?/#]|$)");

  /** A credential a request carries: a token header, basic auth. */
  private static final Pattern CREDENTIAL =
      Pattern.compile("(?i)token|authorization|api[-_]?key|bearer|^-u$|^--user$");

  /** A script's name that says it exports people: {@code bulk_export_orders.py}. */
  private static final Pattern EXPORTS_PEOPLE =
      Pattern.compile(
          "(?i)(?=.*(?:export|dump|extract|pull|download))(?=.*(?:customer|order|user|member"
              + "|subscriber|contact|patient|lead|people|guest|shopper|buyer))[\\w.-]+");

  /**
   * Whether a name, in ASCII with its capitals made small, holds a word of each of {@link
   * #EXPORTS_PEOPLE}'s look-aheads, as each of its matches does (a name past ASCII is no {@code
   * [\\w.-]+}): asked first, since its look-aheads give the pattern no literal to gate it, and a
   * matcher was made for every program of a long command.
   */
  private static boolean mayExportPeople(String name) {
    String folded = FoldedTexts.of(name);
    return folded != null
        && PatternLiterals.holdsAny(name, folded, EXPORTING_WORDS)
        && PatternLiterals.holdsAny(name, folded, PEOPLE_WORDS);
  }

  private static final String[] EXPORTING_WORDS = {"export", "dump", "extract", "pull", "download"};

  private static final String[] PEOPLE_WORDS = {
    "customer",
    "order",
    "user",
    "member",
    "subscriber",
    "contact",
    "patient",
    "lead",
    "people",
    "guest",
    "shopper",
    "buyer"
  };

  /** An option naming where a program writes its output. */
  private static final Pattern OUTPUT_OPTION =
      Pattern.compile("-o|--out|--output|--out-?file|--output-?file|--dest|--to");

  /** What makes a copy or an export no one's records: fakes, anonymised, redacted, a dry run. */
  private static final Pattern NO_ONES =
      Pattern.compile(
          "(?i)fake|faker|synthetic|anonymi|pseudonymi|redact|scrub|sanitiz|mask|dry[-_]?run"
              + "|--help");

  /**
   * A translation vendor's API in code (decision 219): DeepL, Google Cloud Translation, Azure
   * Translator, Amazon Translate; a processor of the text it is given, as a model vendor is.
   */
  private static final Pattern TRANSLATION_API =
      Pattern.compile(
          "(?i)\\bdeepl\\b|googletrans|google\\.cloud\\.translate|google\\.cloud import translate"
              + "|translat(?:e|ion)\\.googleapis\\.com|@google-cloud/translate|microsofttranslator"
              + "|azure\\.ai\\.translation|TextTranslationClient|client\\(\\s*[\"']translate[\"']"
              + "|translate\\.amazonaws\\.com|client-translate|TranslateClient");

  /** A signed-in person's contact details in a page's code: {@code customer.email}. */
  private static final Pattern CONTACT_FIELD =
      Pattern.compile(
          "(?i)\\b(?:customer|current_user|user|member|shopper|visitor|account)\\."
              + "(email|phone|default_address|address\\d?|first_name|last_name|name)\\b");

  /** A host a page's code loads or sends to: {@code src="https://insights.example/q.js"}. */
  private static final Pattern OUTSIDE_HOST =
      Pattern.compile("(?i)https?://([a-z0-9.-]+\\.[a-z]+)");

  /** Programs that copy a file's text whole: what they write holds what they read. */
  private static final java.util.Set<String> COPIERS =
      java.util.Set.of(
          "cp", "rsync", "mv", "install", "ditto", "cat", "tar", "zip", "7z", "gzip", "gunzip",
          "zcat", "dd", "tee", "scp", "head", "tail", "readpst");

  /** Programs that write no file's text: a folder made, a time touched, a mode changed. */
  private static final java.util.Set<String> MAKES_NOTHING =
      java.util.Set.of("mkdir", "touch", "chmod", "chown", "rm", "rmdir", "ln");

  private RecordsArrived() {}

  /**
   * Reads what one call brings in: records saved from an API or by an export, and files made from
   * other files (resolved by the session's past).
   *
   * @param scan the call's scan
   * @param found where it goes
   */
  static void read(Scan scan, Found found) {
    Map<String, String> written = found.writesSenders();
    for (Map.Entry<String, String> fetched : List.copyOf(written.entrySet())) {
      String key = fetched.getKey();
      if (key.startsWith(WrittenRuns.FETCHED) && people(scan, fetched.getValue())) {
        String path = key.substring(WrittenRuns.FETCHED.length());
        written.put(RECORDS + path, "people's records read from " + Hosts.of(fetched.getValue()));
      }
    }
    for (Step step : scan.steps()) {
      exported(scan, step, written);
      DatabaseExports.read(scan, step, written); // a database's export of people (decision 333)
    }
    made(scan, written);
  }

  /** Whether a URL saved is an API's list of people, read with a credential, not a test store. */
  private static boolean people(Scan scan, String url) {
    if (!PatternLiterals.finds(PEOPLE_ENDPOINT, url.replaceAll("\\?.*$", ""))) {
      return false;
    }
    String host = Hosts.of(url);
    if (host == null || Environments.stagingHost(host) || Environments.testName(host)) {
      return false;
    }
    for (Step step : scan.steps()) {
      if (!TestEndpoints.in(step) && credential(step)) {
        return true;
      }
    }
    return false;
  }

  private static boolean credential(Step step) {
    for (Word word : step.args()) {
      String text = word.written() != null ? word.written() : word.text();
      if (PatternLiterals.finds(CREDENTIAL, text)) {
        return true;
      }
    }
    return false;
  }

  /** A project's script that exports people, and the file it writes. */
  private static void exported(Scan scan, Step step, Map<String, String> written) {
    List<Word> args = step.args();
    String script = step.program();
    int from = 0;
    if (step.interpreter()) {
      while (from < args.size() && args.get(from).text().startsWith("-")) {
        from++;
      }
      if (from >= args.size()) {
        return;
      }
      script = args.get(from).text();
    }
    String name = script.substring(script.lastIndexOf('/') + 1);
    if (!mayExportPeople(name)
        || !PatternLiterals.matches(EXPORTS_PEOPLE, name)
        || PatternLiterals.finds(NO_ONES, step.shown())) {
      return;
    }
    List<Word> outputs = new ArrayList<>();
    for (int i = from + 1; i < args.size(); i++) {
      String text = args.get(i).text();
      int equals = text.indexOf('=');
      String option = equals > 0 ? text.substring(0, equals) : text;
      String value = equals > 0 ? text.substring(equals + 1) : text;
      if (PatternLiterals.matches(OUTPUT_OPTION, option)) {
        if (equals > 0) {
          outputs.add(Word.literal(value));
        } else if (i + 1 < args.size()) {
          outputs.add(args.get(++i));
        }
      } else if (Environments.stagingHost(value)
          || value.indexOf('/') < 0 && Environments.testName(value)) {
        return; // a dev or staging store's export
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && redirect.target() != null) {
        outputs.add(redirect.target());
      }
    }
    for (Word output : outputs) {
      for (Target target : scan.targets(step, output)) {
        if (target.known() && written.size() < 24) {
          written.put(RECORDS + target.path(), "people's records exported by " + name);
        }
      }
    }
  }

  /** The files a call makes from the files it reads ({@code jq … in > out}, {@code cp in out}). */
  private static void made(Scan scan, Map<String, String> written) {
    if (scan.source() != null && PatternLiterals.finds(NO_ONES, scan.source())) {
      return;
    }
    List<String> reads = new ArrayList<>();
    List<String> writes = new ArrayList<>();
    Map<Invocation, String> copiesPeoples = copiesPeoples(scan);
    for (Access access : scan.accesses()) {
      if (!access.target().known()) {
        continue;
      }
      String path = access.target().path().toString();
      if (access.invocation() != null && MAKES_NOTHING.contains(access.invocation().program())) {
        continue; // a folder made, a file touched: nothing of another file in it
      }
      if (access.kind() == Access.Kind.READ && !reads.contains(path)) {
        reads.add(path);
      } else if (access.kind() == Access.Kind.WRITE && !writes.contains(path)) {
        writes.add(path);
        String peoples = copiesPeoples.get(access.invocation());
        if (peoples != null && written.size() < 24) {
          written.put(RECORDS + path, peoples);
        }
      }
    }
    for (String made : writes) {
      List<String> sources = new ArrayList<>(reads);
      sources.remove(made);
      if (!sources.isEmpty() && !written.containsKey(RECORDS + made) && written.size() < 24) {
        written.put(
            FROM + made, String.join("\n", sources.subList(0, Math.min(4, sources.size()))));
      }
    }
  }

  /**
   * The copiers of the call that read people's mail or a matter's evidence ({@link
   * PeoplesCorrespondence}), to what they read: what the same program writes holds it ({@code cp
   * /mnt/evidence/…/msg_0044*.eml tests/fixtures/}).
   */
  private static Map<Invocation, String> copiesPeoples(Scan scan) {
    Map<Invocation, String> copies = new java.util.HashMap<>();
    for (Access access : scan.accesses()) {
      Invocation invocation = access.invocation();
      if (access.kind() != Access.Kind.READ
          || invocation == null
          || !COPIERS.contains(invocation.program())) {
        continue;
      }
      String held = PeoplesCorrespondence.held(scan, access.target());
      if (held != null) {
        copies.putIfAbsent(
            invocation,
            held
                + " copied from "
                + PeoplesCorrespondence.shown(access.target())
                + " by "
                + invocation.program());
      }
    }
    return copies;
  }

  /**
   * Reads what a file tool writes: a script that calls a model vendor, or a page's code that sends
   * a signed-in person's contact details to another host.
   *
   * @param file the file's absolute path
   * @param text what the tool writes
   * @param found where it goes
   */
  static void edited(String file, String text, Found found) {
    if (RegulatedSinks.MODEL_API.matcher(text).find()
        && !RegulatedData.LOCAL_MODEL.matcher(text).find()) {
      found.writesSenders().put(TO_MODEL + file, "a model vendor's API");
    } else if (PatternLiterals.finds(TRANSLATION_API, text)) {
      found.writesSenders().put(TO_MODEL + file, "a translation vendor's API");
    }
    Matcher field = CONTACT_FIELD.matcher(text);
    List<String> fields = new ArrayList<>();
    while (field.find() && fields.size() < 4) {
      String name = field.group(1).toLowerCase(Locale.ROOT);
      if (!fields.contains(name)) {
        fields.add(name);
      }
    }
    boolean contact =
        fields.stream().anyMatch(name -> name.equals("email") || name.equals("phone"));
    Matcher host = OUTSIDE_HOST.matcher(text);
    if (contact && host.find()) {
      found
          .writesSenders()
          .put(
              COLLECTS + file,
              "a signed-in person's " + String.join(", ", fields) + " to " + host.group(1));
    }
  }
}
