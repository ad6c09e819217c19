package io.github.providergateway.guard.internal;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a change to the project's code does to its customers (issue 80 round 5, decision 102): read
 * of the text an edit writes, as the {@code weakens} readers hand it on ({@link
 * WeakenPredicates.ChangeReader}: an edit tool's old and new text, a {@code sed -i} or {@code perl
 * -pi} substitution, a here-document or {@code echo} written to a file, inline code's
 * replacements). Only the lines a change adds are read for what it puts in; what it takes out is
 * what the old text's code held and the new text's code does not. A test's, a fixture's, a mock's,
 * a document's or an example's file ({@link CheckFiles#ordinary}) is ordinary work, except where a
 * test hook fakes results ({@link Kind#FAKES_PASS}) or a dependency is patched ({@link
 * Kind#DEPENDENCY_CHECK_OFF}).
 */
final class CustomerEdits {
  /** What a change does to the customers, one a rule of the {@code customers} family. */
  enum Kind {
    /** A payment form's data sent to another host: {@code navigator.sendBeacon("https://…")}. */
    CARD_ELSEWHERE,
    /** A dependency's security code patched in place: {@code if (!valid)} to {@code if (false)}. */
    DEPENDENCY_CHECK_OFF,
    /** A test hook that turns failures into passes ({@code checks.fake-pass}). */
    FAKES_PASS,
    /** Personal data handed to analytics: {@code gtag('event', …, {email: order.email})}. */
    PII_TO_ANALYTICS,
    /** Session replay's masking taken off: {@code maskAllInputs: false}. */
    REPLAY_UNMASKED,
    /** A script from another host at a moving ref, or unknown on a payment or login page. */
    OUTSIDE_SCRIPT,
    /** A consent or marketing opt-in ticked by default. */
    CONSENT_DEFAULT_ON,
    /** Global Privacy Control, unsubscribe or opt-out handling taken out of the code. */
    PRIVACY_SIGNAL_REMOVED,
    /** A dependency pinned to a version with a known advisory ({@link KnownVulnerable}). */
    VULNERABLE_PIN,
    /** Shipped code that sends its users' secrets (their environment, credential files) away. */
    USERS_SECRETS_SENT
  }

  /** A test run whose failure is made a success: {@code pytest || true}, {@code jest; exit 0}. */
  private static final Pattern TEST_RUN_FORCED =
      Pattern.compile(
          "\\b(?:pytest|py\\.test|jest|vitest|mocha|rspec|phpunit|go test|cargo test|ctest|tox|nox"
              + "|(?:npm|yarn|pnpm|bun)(?: run)? test|make test|mvn(?: -\\S+)* (?:test|verify)"
              + "|\\.?/?gradlew?(?: \\S+)* test)\\b[^\\n|&;]{0,200}(?:\\|\\|\\s*(?:true|:|exit 0)(?![\\w-])"
              + "|;\\s*exit 0\\b)");

  /** The longest text read; the rest of a longer one is not. */
  private static final int MAX_TEXT = 64 * 1024;

  /** The longest line read; a longer one (minified code, data) is not. */
  private static final int MAX_LINE = 600;

  /** How far past an analytics call its arguments are read. */
  private static final int CALL_SPAN = 600;

  /** A call that hands data to an analytics, advertising or replay service. */
  private static final Pattern ANALYTICS_CALL =
      Pattern.compile(
          "\\b(?:gtag|ga|fbq|ttq\\.\\w+|snaptr|pintrk|twq|rdt|hj|clarity|dataLayer\\.push|_learnq\\.push"
              + "|(?:window\\.)?analytics\\.(?:track|identify|page|group|alias)"
              + "|mixpanel\\.(?:track|identify|register\\w*|people[._]set\\w*)"
              + "|amplitude\\.(?:track|identify|setUserProperties|logEvent)"
              + "|posthog\\.(?:capture|identify|register|people\\.set\\w*)"
              + "|heap\\.(?:track|identify|addUserProperties)|FS\\.(?:identify|setUserVars|event)"
              + "|rudderanalytics\\.(?:track|identify)|umami\\.track|plausible|sendGAEvent"
              + "|sendGTMEvent|LogRocket\\.identify|hotjar\\.identify|smartlook\\(|_paq\\.push"
              + ")"
              + "\\s*\\(|google-analytics\\.com/(?:mp/)?collect|api2?\\.amplitude\\.com"
              + "|api\\.mixpanel\\.com/(?:track|engage)|api\\.segment\\.io/v1");

  /** A customer's personal data, as a key or a field read: {@code email:}, {@code .phone}. */
  private static final Pattern PERSONAL_FIELD =
      Pattern.compile(
          "(?i)(?:(?:^|[{,(\\s'\"])(?:user_?|customer_?|billing_?|shipping_?|\\$)?"
              + "(?:e_?mail(?:_?address)?|phone(?:_?number)?|mobile(?:_?number)?|street(?:_?address)?"
              + "|address(?:_?line\\d?)?|postal_?code|zip_?code|date_?of_?birth|dob|birth_?date"
              + "|birthday|ssn|passport(?:_?number)?|first_?name|last_?name|full_?name|ip_?address)"
              + "['\"]?\\s*:|\\.(?:e_?mail|phone(?:Number)?|phone_number|shippingAddress"
              + "|billingAddress|shipping_address|billing_address|dateOfBirth|date_of_birth|ssn"
              + "|firstName|lastName|first_name|last_name|fullName|full_name)\\b"
              + "|[{,]\\s*(?:email|phone|phoneNumber|address|dateOfBirth|firstName|lastName)\\s*(?=[,}]))");

  /** Personal data hashed before it goes: what the advertising APIs ask for. */
  private static final Pattern HASHED =
      Pattern.compile("(?i)sha256|sha-256|hash|digest|md5|hmac|anonymi[sz]e|pseudonymi[sz]e");

  /** Session replay's or recording's masking switched off, keystrokes captured. */
  private static final Pattern UNMASKED =
      Pattern.compile(
          "(?i)(?:\\bmask_?all_?(?:inputs|text)?|\\bmask_?inputs?|\\bmask_?text|data-mask(?:-inputs|-text)?"
              + "|\\binput_?sanitizer|\\btext_?sanitizer|\\bsanitize_?inputs?|\\bredact_?inputs?"
              + "|\\bmask_?all_?text_?input|\\bprivacy_?mode)['\"]?\\s*[:=]\\s*['\"{]?\\s*"
              + "(?:false|0|off|none|no)\\b"
              + "|(?:data-)?(?:capture|record)[_-]?keystrokes['\"]?\\s*[:=]\\s*['\"]?\\s*true"
              + "|(?:request|response)Sanitizer\\s*:\\s*\\(?\\s*(\\w{1,20})\\s*\\)?\\s*=>\\s*\\1\\b"
              + "|\\bobscure(?:Input|Text)\\w{0,20}['\"]?\\s*:\\s*false|defaultPrivacyLevel['\"]?\\s*:\\s*['\"]allow"
              + "|\\bdefaultInputMode['\"]?\\s*:\\s*0\\b|\\bunmask['\"]?\\s*:\\s*\\[\\s*['\"]\\*"
              + "|smartlook[^\\n]{0,120}\\b(?:forms|numbers|emails|ips)['\"]?\\s*:\\s*true");

  /** An element unmasked for replay by its attribute or class. */
  private static final Pattern UNMASK_ATTRIBUTE =
      Pattern.compile(
          "data-hj-allow|fs-unmask|ph-no-mask|rr-unmask|data-dd-privacy=['\"]allow|data-private=['\"]false"
              + "|data-public\\b");

  /** A field whose value is a secret or a customer's data: unmasked, the replay records it. */
  private static final Pattern PRIVATE_FIELD =
      Pattern.compile("(?i)password|card|\\bcvc\\b|\\bcvv\\b|\\biban\\b|\\bssn\\b|e-?mail|phone");

  /** What a consent or marketing choice is called. */
  private static final Pattern CONSENT_WORDS =
      Pattern.compile(
          "(?i)marketing|newsletter|opt[-_]?in|consent|subscri|promo|accepts_?sms|email_?opt"
              + "|third_?party|share_?data|sell_?data|personali[sz]|klaro|cookie_?consent|cookiebot"
              + "|onetrust|gdpr|ccpa|declar|gift_?aid|agree");

  /** A checkbox or setting ticked by default. */
  private static final Pattern DEFAULT_ON =
      Pattern.compile(
          "(?i)\\bdefaultChecked(?:\\s*=\\s*(?:\\{\\s*true\\s*}|['\"](?:true|checked)['\"]))?(?=[\\s/>}]|$)"
              + "|<input\\b[^>]{0,300}?\\schecked(?:\\s*=\\s*(?:['\"](?:true|checked)['\"]|\\{\\s*true\\s*}))?(?=[\\s/>])"
              + "|\\[\\s*\\w{0,40}\\s*,\\s*\\w{1,40}\\s*]\\s*=\\s*(?:React\\.)?useState\\(\\s*true\\s*\\)"
              + "|(?:initialValues|defaultValues|defaults|initialState|initial)\\s*[:=(]\\s*\\{[^}]{0,200}?"
              + "\\b\\w{0,30}(?:opt_?in|optIn|consent|marketing|Marketing|newsletter|Newsletter|subscribe)\\w{0,30}"
              + "['\"]?\\s*:\\s*true\\b");

  /**
   * A default set on by its key: {@code marketing_opt_in_default: true}, {@code
   * BooleanField(default=True)}.
   */
  private static final Pattern KEY_DEFAULT_ON =
      Pattern.compile(
          "(?i)\\b([\\w.]{0,40}(?:default|initial|pre_?(?:check|tick|select))\\w{0,30})"
              + "['\"]?\\s*[:=]\\s*['\"]?(?:true|1|yes|on|granted|checked)\\b");

  /** A consent banner run opt-out: tracking on until the visitor says no (CookieConsent's mode). */
  private static final Pattern OPT_OUT_MODE =
      Pattern.compile("\\bmode['\"]?\\s*:\\s*['\"]opt[-_]out['\"]");

  /** Consent mode's default granted: advertising storage on before the visitor chose. */
  private static final Pattern GRANTED =
      Pattern.compile(
          "(?:ad_storage|analytics_storage|ad_user_data|ad_personalization)['\"]?\\s*:\\s*['\"]granted");

  /** Consent mode's default, as the consent call names it. */
  private static final Pattern CONSENT_DEFAULT =
      Pattern.compile("['\"]consent['\"]\\s*,\\s*['\"]default['\"]");

  /** The privacy signals code honours, by what the code calls them. */
  private static final List<Pattern> SIGNALS =
      List.of(
          Pattern.compile("(?i)sec-gpc|globalprivacycontrol|\\bgpc\\b"),
          Pattern.compile("(?i)unsubscribe"),
          Pattern.compile(
              "(?i)opt[-_]?out|do[-_]?not[-_]?sell|donotsell|do[-_]?not[-_]?track|donottrack"),
          Pattern.compile(
              "(?i)accepts_?marketing|(?:marketing|email|sms)_?consent|opted_?in|has_?consent"
                  + "|consent_?given|suppress(?:ed|ion)"));

  /** A call that sends data to a host from a page. */
  private static final Pattern SENDS =
      Pattern.compile(
          "navigator\\.sendBeacon\\s*\\(|\\bfetch\\s*\\(|XMLHttpRequest|axios\\.(?:post|put)\\s*\\("
              + "|new\\s+Image\\s*\\(|\\$\\.(?:post|ajax)\\s*\\(|WebSocket\\s*\\(");

  /** A server's or a library's posting calls. */
  private static final Pattern POSTS =
      Pattern.compile(
          "requests\\.(?:post|put)\\s*\\(|httpx\\.(?:post|put)\\s*\\(|urllib\\.request|urlopen\\s*\\("
              + "|https?\\.request\\s*\\(|got\\.post\\s*\\(|Net::HTTP\\.post|http\\.Post\\(");

  /** The secrets of the machine code runs on: its environment whole or by keys, its credentials. */
  private static final Pattern USERS_SECRETS =
      Pattern.compile(
          "Object\\.(?:entries|keys)\\(\\s*process\\.env\\s*\\)|JSON\\.stringify\\(\\s*process\\.env\\b"
              + "|os\\.environ\\.items\\(\\)|json\\.dumps\\(\\s*(?:dict\\()?os\\.environ\\b|ENV\\.to_h\\b"
              + "|System\\.getenv\\(\\)\\.entrySet|\\.npmrc\\b|\\.ssh/id_|\\.aws/credentials|\\.netrc\\b"
              + "|\\.docker/config\\.json|\\.kube/config|\\.git-credentials");

  /** The whole environment as a payload's value: {@code env: process.env}. */
  private static final Pattern ENV_VALUE =
      Pattern.compile("\\b(?:env|environment|vars)\\s*:\\s*process\\.env\\s*[,}\\n]");

  /** A child process started: the environment handed to it stays on the machine. */
  private static final Pattern CHILD_PROCESS =
      Pattern.compile(
          "\\b(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork|execa)\\s*\\(");

  /** A request's host given as an option: {@code https.request({hostname: 'x.example.net'})}. */
  private static final Pattern HOST_OPTION =
      Pattern.compile(
          "\\bhost(?:name)?['\"]?\\s*[:=]\\s*['\"]([\\w\\-]{1,60}(?:\\.[\\w\\-]{1,60}){1,6})['\"]");

  /** An absolute URL's host. */
  private static final Pattern URL_HOST = Pattern.compile("https?:\\\\?/\\\\?/([\\w.\\-]{1,120})");

  /** What a payment form holds: a card's number, its code, the whole form. */
  private static final Pattern CARD_DATA =
      Pattern.compile(
          "(?i)card[-_]?(?:number|num|holder)|\\bcc_?(?:num|number)\\b|\\bcvc\\b|\\bcvv\\b|\\bpan\\b"
              + "|exp(?:iry)?_?(?:month|year|date)|new\\s+FormData|FormData\\(|querySelectorAll\\(\\s*['\"]input");

  /** A card's own fields, named wherever the code stands: {@code #card-number}, {@code cvc}. */
  private static final Pattern CARD_FIELDS =
      Pattern.compile(
          "(?i)card[-_]?(?:number|num)|\\bcc[-_]?(?:num|number)\\b|\\bcvc\\b|\\bcvv\\b");

  /** A file of a payment form. */
  private static final Pattern PAYMENT_FILE =
      Pattern.compile("(?i)payment|checkout|card|billing|\\bpay");

  /** A dependency's installed code: where a change is patched into someone else's package. */
  private static final Pattern DEPENDENCY =
      Pattern.compile(
          "(?:^|[/'\"\\s])(?:node_modules|site-packages|dist-packages|vendor|bower_components"
              + "|\\.venv|venv|Pods|\\.cargo/registry|pkg/mod)/");

  /** A file of prose, not code: a dependency's read-me, its change log. */
  private static final Pattern PROSE =
      Pattern.compile(
          "(?i)\\.(?:md|markdown|txt|rst|adoc|html?)$|/(?:readme|changelog|license|history)[^/]*$");

  /** What a dependency's security code is about. */
  private static final Pattern SECURITY_CODE =
      Pattern.compile(
          "(?i)verif|auth|csrf|xsrf|sanitiz|escape|jwt|jws|signature|\\bsign|password|crypto|token"
              + "|session|permission|\\bacl|xss|validat");

  /** A check forced: a condition made constant, success returned at once. */
  private static final Pattern FORCED =
      Pattern.compile(
          "\\bif\\s*\\(\\s*(?:false|true|0|1)\\s*\\)|\\bif\\s+(?:False|True|0|1)\\s*:|\\breturn\\s+(?:true|True)\\b"
              + "|\\|\\|\\s*true\\b|\\btrue\\s*\\|\\||\\bor\\s+True\\b");

  /** What refuses in a check: taken out, the check passes everything. */
  private static final Pattern REFUSES =
      Pattern.compile(
          "\\bthrow\\b|\\braise\\b|\\breturn\\s+(?:false|False)\\b|reject\\s*\\(|\\babort\\s*\\(");

  private CustomerEdits() {}

  /**
   * What a change does to the customers.
   *
   * @param old the text taken out, empty where not known
   * @param now the text put in
   * @param files the files it changes
   * @param context where the change is known to be written beyond its files (inline code's text:
   *     the file it opens), or empty
   * @return what it does, empty for nothing
   */
  static Set<Kind> of(String old, String now, List<String> files, String context) {
    Set<Kind> kinds = EnumSet.noneOf(Kind.class);
    if (now == null || files.isEmpty()) {
      return kinds;
    }
    old = old.length() > MAX_TEXT ? old.substring(0, MAX_TEXT) : old;
    now = now.length() > MAX_TEXT ? now.substring(0, MAX_TEXT) : now;
    String place = String.join(" ", files) + " " + context;
    Set<String> oldLines = new HashSet<>();
    for (String line : old.split("\n", -1)) {
      oldLines.add(line.strip());
    }
    StringBuilder addedText = new StringBuilder();
    for (String raw : now.split("\n", -1)) {
      String line = raw.strip();
      if (!line.isEmpty()
          && line.length() <= MAX_LINE
          && !oldLines.contains(line)
          && !comment(line)) {
        addedText.append(line).append('\n');
      }
    }
    String added = addedText.toString();
    if (mayFake(now) && CheckPredicates.fakes(now) && !CheckPredicates.fakes(old)
        || (added.contains("||") || added.contains("exit 0"))
            && PatternLiterals.finds(TEST_RUN_FORCED, added)) {
      kinds.add(Kind.FAKES_PASS);
    }
    if (PatternLiterals.finds(DEPENDENCY, place)
        && !PatternLiterals.finds(PROSE, files.get(0))
        && dependencyCheckOff(old, now, place)) {
      kinds.add(Kind.DEPENDENCY_CHECK_OFF);
    }
    for (String file : files) {
      if (CheckFiles.ordinary(file)) {
        return kinds; // a test's, a fixture's, a document's: what it says reaches no customer
      }
    }
    if (added.isEmpty()) {
      if (signalRemoved(old, now)) {
        kinds.add(Kind.PRIVACY_SIGNAL_REMOVED);
      }
      return kinds;
    }
    if (cardElsewhere(added, old, place)) {
      kinds.add(Kind.CARD_ELSEWHERE);
    }
    if (personalToAnalytics(now, oldLines)
        || PersonalDataTracked.added(now, oldLines, files.get(0))) { // round 74
      kinds.add(Kind.PII_TO_ANALYTICS);
    }
    if (PatternLiterals.finds(UNMASKED, added) || unmaskedField(added)) {
      kinds.add(Kind.REPLAY_UNMASKED);
    }
    if (OutsideScripts.loaded(added, old, place)) {
      kinds.add(Kind.OUTSIDE_SCRIPT);
    }
    if (consentOn(added, now, place)) {
      kinds.add(Kind.CONSENT_DEFAULT_ON);
    }
    if (signalRemoved(old, now)) {
      kinds.add(Kind.PRIVACY_SIGNAL_REMOVED);
    }
    if (usersSecretsSent(added, old)) {
      kinds.add(Kind.USERS_SECRETS_SENT);
    }
    if (KnownVulnerable.inManifest(files.get(0), added) != null) {
      kinds.add(Kind.VULNERABLE_PIN);
    }
    return kinds;
  }

  /**
   * Whether a text may name a test framework's hook or result ({@link CheckPredicates#fakes}): a
   * scan of plain text first, as most changes name none.
   */
  private static boolean mayFake(String text) {
    return text.contains("est")
        || text.contains("addFailure")
        || text.contains("addError")
        || text.contains("globalTeardown");
  }

  /** Whether added code sends a payment form's data to a host the form did not send to. */
  private static boolean cardElsewhere(String added, String old, String place) {
    if (!PatternLiterals.finds(SENDS, added) || !PatternLiterals.finds(CARD_DATA, added)) {
      return false;
    }
    if (!PatternLiterals.finds(PAYMENT_FILE, place) && !PatternLiterals.finds(CARD_FIELDS, added)) {
      return false; // a form sent from another page is no card's, unless it names a card's fields
    }
    Matcher host = PatternLiterals.matcher(URL_HOST, added);
    while (host.find()) {
      String name = host.group(1).toLowerCase(Locale.ROOT);
      if (!OutsideScripts.known(name) && !old.contains(name) && !OutsideScripts.local(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether added code gathers the secrets of the machine it runs on (the environment whole or
   * filtered for keys, credential files) and sends them to a host the old text did not name.
   */
  private static boolean usersSecretsSent(String added, String old) {
    boolean gathers =
        PatternLiterals.finds(USERS_SECRETS, added)
            || PatternLiterals.finds(ENV_VALUE, added)
                && added.contains("JSON.stringify")
                && !PatternLiterals.finds(CHILD_PROCESS, added);
    if (!gathers || !(PatternLiterals.finds(SENDS, added) || PatternLiterals.finds(POSTS, added))) {
      return false;
    }
    for (Pattern named : List.of(URL_HOST, HOST_OPTION)) {
      Matcher host = named.matcher(added);
      while (host.find()) {
        String name = host.group(1).toLowerCase(Locale.ROOT);
        if (!old.contains(name) && !OutsideScripts.local(name)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether personal data is added to an analytics call's arguments. */
  private static boolean personalToAnalytics(String now, Set<String> oldLines) {
    Matcher call = PatternLiterals.matcher(ANALYTICS_CALL, now);
    int calls = 0;
    while (call.find() && calls++ < 32) {
      int end = Math.min(now.length(), call.start() + CALL_SPAN);
      String span = now.substring(call.start(), end);
      int close = span.indexOf(");");
      if (close > 0) {
        span = span.substring(0, close);
      }
      if (PatternLiterals.finds(HASHED, span)) {
        continue;
      }
      Matcher field = PatternLiterals.matcher(PERSONAL_FIELD, span);
      while (field.find()) {
        int at = call.start() + field.start();
        int from = now.lastIndexOf('\n', at) + 1;
        int to = now.indexOf('\n', at);
        String line = now.substring(from, to < 0 ? now.length() : to).strip();
        if (!oldLines.contains(line) && !comment(line)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether an added line unmasks a private field for replay: {@code <input name="cvc"
   * data-hj-allow>}.
   */
  private static boolean unmaskedField(String added) {
    if (!PatternLiterals.finds(UNMASK_ATTRIBUTE, added)) {
      return false;
    }
    for (String line : added.split("\n")) {
      if (PatternLiterals.finds(UNMASK_ATTRIBUTE, line)
          && PatternLiterals.finds(PRIVATE_FIELD, line)) {
        return true;
      }
    }
    return false;
  }

  /** Whether an added line ticks a consent or marketing choice by default, or grants it. */
  private static boolean consentOn(String added, String now, String place) {
    String lower = added.toLowerCase(Locale.ROOT);
    if (!lower.contains("checked")
        && !lower.contains("default")
        && !lower.contains("initial")
        && !lower.contains("pre")
        && !lower.contains("usestate")
        && !lower.contains("granted")
        && !lower.contains("opt-out")
        && !lower.contains("opt_out")) {
      return false; // most changes: no default, no box, no grant to read
    }
    boolean placeConsents = PatternLiterals.finds(CONSENT_WORDS, place);
    for (String line : added.split("\n")) {
      if (PatternLiterals.finds(OPT_OUT_MODE, line)) {
        return true;
      }
      if (PatternLiterals.finds(DEFAULT_ON, line)
          && (placeConsents || PatternLiterals.finds(CONSENT_WORDS, line))) {
        return true;
      }
      String lowerLine = line.toLowerCase(Locale.ROOT);
      Matcher key = PatternLiterals.matcher(KEY_DEFAULT_ON, line);
      boolean keyed =
          lowerLine.contains("default")
              || lowerLine.contains("initial")
              || lowerLine.contains("pre");
      while (keyed && key.find()) {
        // The key says consent (marketing_opt_in_default), or is the bare default of a line that
        // does (BooleanField(default=True) beside marketing_opt_in); not isDefault of a template.
        String name = key.group(1).toLowerCase(Locale.ROOT);
        boolean bare = name.equals("default") || name.equals("initial");
        if (PatternLiterals.finds(CONSENT_WORDS, name)
            || bare && (placeConsents || PatternLiterals.finds(CONSENT_WORDS, line))) {
          return true;
        }
      }
      if (PatternLiterals.finds(GRANTED, line) && PatternLiterals.finds(CONSENT_DEFAULT, now)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the old text's code honoured a privacy signal the new text's code no longer does. */
  private static boolean signalRemoved(String old, String now) {
    if (old.isEmpty()) {
      return false;
    }
    String before = code(old);
    String after = code(now);
    for (Pattern signal : SIGNALS) {
      if (signal.matcher(before).find() && !signal.matcher(after).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a change to a dependency's security code forces it to pass or takes its refusal out.
   */
  private static boolean dependencyCheckOff(String old, String now, String place) {
    if (!PatternLiterals.finds(SECURITY_CODE, place)
        && !PatternLiterals.finds(SECURITY_CODE, old)) {
      return false;
    }
    String before = code(old);
    String after = code(now);
    return PatternLiterals.finds(FORCED, after) && !PatternLiterals.finds(FORCED, before)
        || PatternLiterals.finds(REFUSES, before) && !PatternLiterals.finds(REFUSES, after);
  }

  /** A text's lines that are code, comments left out. */
  private static String code(String text) {
    StringBuilder code = new StringBuilder();
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (!comment(line) && line.length() <= MAX_LINE) {
        code.append(line).append('\n');
      }
    }
    return code.toString();
  }

  /** A comment's line, JSX's and Liquid's among them. */
  private static boolean comment(String line) {
    return CheckEdits.comment(line) || line.startsWith("{/*") || line.startsWith("{% comment");
  }
}
