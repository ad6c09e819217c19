package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What "a check turned off" reads (decision 95): a change to a file, as an edit tool's old and new
 * text or a {@code sed -i}/{@code perl -pi} substitution's pattern and replacement, that turns a
 * security or compliance control off. Three kinds, each a rule of {@code weakens}:
 *
 * <ul>
 *   <li>{@link Kind#SCREENING}: sanctions, AML, KYC or fraud screening switched off or its call
 *       taken out;
 *   <li>{@link Kind#CHECK}: a line added that sets a control's key ({@code verify}, {@code
 *       signature}, {@code auth}, {@code mfa}, {@code tls}, {@code csrf}, {@code audit}, {@code
 *       rate_limit}, {@code encryption}, …) to off ({@code false}, {@code 0}, {@code disabled},
 *       {@code none}), or a skipping key ({@code insecure_skip_verify}, {@code disable_auth}) to
 *       on; a verifying call ({@code construct_event}, {@code compare_digest}, {@code verify(},
 *       {@code bcrypt.compare}, {@code @login_required}) taken out; a known bypass put in ({@code
 *       csrf_exempt}, {@code CERT_NONE}, {@code algorithms=["none"]}); a password or header
 *       compared with a literal that returns success, in an auth file; a quality gate's minimum set
 *       to zero;
 *   <li>{@link Kind#SECRET_LOGGED}: a mask taken off ({@code mask_pan(card.number)} to {@code
 *       card.number}), a card number, password, secret or token put in a log or print call, a CI
 *       secret echoed through an encoder, the whole environment handed to a log or a tracker.
 * </ul>
 *
 * <p>A file that is a test, a fixture, a mock, documentation, an example or a local or development
 * configuration is ordinary work whatever it says, and so is a comment. Only the lines the change
 * adds are read for what it puts in; what it takes out is what the old text held and the new does
 * not.
 */
final class CheckEdits {
  /** What a change turns off. */
  enum Kind {
    SCREENING,
    CHECK,
    SECRET_LOGGED,
    TESTS_AT_PRODUCTION
  }

  /**
   * What a change was found to do.
   *
   * @param kind its kind
   * @param shown what the reason shows
   */
  record Found(Kind kind, String shown) {}

  /** The longest text read; the rest of a longer one is not. */
  static final int MAX_TEXT = 64 * 1024;

  /** The longest line read; a longer one (minified code, data) is not. */
  private static final int MAX_LINE = 400;

  /** A key given a value: {@code verify: false}, {@code VERIFY_SSL=0}, {@code verify=False}. */
  private static final Pattern KEY_VALUE =
      Pattern.compile(
          "(?<![\\w\\-])([A-Za-z_][\\w.\\-]{0,80}(?:\\[['\"][\\w.\\-]{1,60}['\"]\\])?)['\"]?\\s{0,4}"
              + "(?:=>|:=|:|=)(?!=)\\s{0,4}['\"]?([A-Za-z0-9_]{1,16})\\b");

  /** A YAML section's line: {@code mfa:}, the key its lines below belong to. */
  private static final Pattern SECTION =
      Pattern.compile("-?\\s*['\"]?([\\w.\\-]{1,60})['\"]?(?::|\\s*=?\\s*\\{|:\\s*\\{)");

  /** A TOML or INI table: {@code [tls]}, the key its lines below belong to. */
  private static final Pattern TABLE = Pattern.compile("\\[\\[?([\\w.\\-\"]{1,60})\\]\\]?");

  /** An object opened on the line before a key: {@code "tls": {"enabled": false}}. */
  private static final Pattern OPENED =
      Pattern.compile("['\"]?([\\w.\\-]{1,60})['\"]?\\s*(?::|=)?\\s*\\{[^{}]*$");

  /** Calls and marks that verify, whose taking out is a check removed. */
  private static final Pattern CHECK_CALLS =
      Pattern.compile(
          "construct_?[Ee]vent|verify_?[Ss]ignature\\w*|verify_?[Ww]ebhook\\w*"
              + "|validate_?[Ss]ignature|check_?[Ss]ignature|compare_digest|timingSafeEqual"
              + "|secure_?[Cc]ompare|hmac\\.(?:compare|verify)\\w*|\\bjwt\\.(?:verify|decode)"
              + "|verify_?[Jj]wt|verify_?[Tt]oken|verify_?[Ii]d_?[Tt]oken|bcrypt\\.(?:compare|checkpw)"
              + "|check_password|verify_?[Pp]assword|password_verify|@login_required"
              + "|@requires?_auth\\w*|require_?[Aa]uth\\w*|ensure_?[Aa]uthenticated"
              + "|authenticate_user!|verify_authenticity_token|csrf_protect|VerifyCsrfToken"
              + "|@PreAuthorize|@Secured|\\.verify\\(|\\bverify\\("
              + "|\\brate_?[Ll]imit\\w*\\(|@ratelimit|@throttle\\w*|limiter\\.limit\\(|\\bcsurf\\("
              + "|\\bhelmet\\(|codeql-action|trivy-action|snyk/actions|gitleaks|trufflehog"
              + "|detect-secrets|semgrep|dependency-review-action|zaproxy"
              + "|(?:screen|check)_?[Ss]anctions?\\w*|sanctions?_?(?:check|screen)\\w*"
              + "|(?:aml|kyc|fraud)_?(?:check|screen|verify)\\w*|(?:check|screen)_?(?:aml|kyc|fraud)\\w*");

  /**
   * A line that is one setting and nothing else: {@code auth: none}, {@code
   * nginx.ingress.kubernetes.io/auth-type: none}.
   */
  private static final Pattern SETTING_LINE =
      Pattern.compile("-?\\s*['\"]?[\\w.\\-/]{1,80}['\"]?\\s*[:=]\\s*['\"]?\\w{1,16}['\"]?,?");

  /** A host that is this machine: a setting next to it is about local work. */
  private static final Pattern LOCAL =
      Pattern.compile(
          "localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0|host\\.docker\\.internal|10\\.0\\.2\\.2");

  /** A section of a configuration that is development's or the tests'. */
  private static final Pattern LOCAL_SECTION =
      Pattern.compile("(?i)(?:^|[._\\-])(?:dev|development|local|test|testing|debug)(?:$|[._\\-])");

  /**
   * A call that still checks, in the new text: the check renamed or moved ({@code verify_token} to
   * {@code validate_token}), not taken out.
   */
  private static final Pattern CHECKISH =
      Pattern.compile(
          "(?i)\\b\\w{0,40}(?:verif|validat|check(?!out)|authenticat|authoriz|compare_digest"
              + "|construct_?event|sanction|screen|kyc|aml_|fraud|rate_?limit|limiter|csrf|helmet"
              + "|codeql|trivy|gitleaks|semgrep)\\w{0,40}\\s*[(@/]");

  /** A comment to the end of its line. */
  private static final Pattern COMMENT = Pattern.compile("(?:#|//)[^\\n]*");

  /** Bypasses that, put in, turn a check off on their own. */
  private static final Pattern BYPASSES =
      Pattern.compile(
          "@csrf_exempt|skip_before_action\\s{1,4}:(?:verify_authenticity_token|authenticate\\w*"
              + "|require_login\\w*)|csrf\\(\\)\\.disable\\(\\)|\\.csrf\\(\\s*\\w+\\s*->\\s*\\w+"
              + "\\.disable\\(\\)|algorithms\\s*=\\s*\\[\\s*['\"]none['\"]|\\bCERT_NONE\\b"
              + "|_create_unverified_context|InsecureSkipVerify\\s*:\\s*true"
              + "|NoopHostnameVerifier|ALLOW_ALL_HOSTNAME_VERIFIER|verify_signature['\"]?\\s*:\\s*False"
              + "|\\bVERIFY_NONE\\b|hostnameVerifier\\(\\s*\\(?[^)]{0,30}\\)?\\s*->\\s*true"
              + "|NSAllowsArbitraryLoads|NSExceptionAllowsInsecureHTTPLoads"
              + "|\\ballow\\s+(?:read|write)[^;\\n]{0,40}:\\s*if\\s+true\\s*;"
              + "|\"\\.(?:read|write)\"\\s*:\\s*(?:true|\"true\")");

  /** A value compared with a literal that then succeeds: a master password, a magic header. */
  private static final Pattern LITERAL_PASS =
      Pattern.compile(
          "\\bif\\s*\\(?[^\\n]{0,60}?(?i:pass|pwd|plain|header|token|secret|otp|code|key)[^\\n]{0,60}?"
              + "(?:===?|\\.equals\\(|\\beq\\b)\\s*['\"][^'\"\\s]{6,}['\"]\\)?"
              + "\\s*\\)?\\s*[:{]?\\s*(?:return\\s+(?:true|True|next\\(\\)|user\\b|1\\b)|next\\(\\))");

  /** Where a literal that passes is a backdoor: the code that authenticates. */
  private static final Pattern AUTH_PLACE =
      Pattern.compile("(?i)auth|login|passw|verify|session|token|permission|middleware|guard");

  /** Calls that mask a secret on its way to a log. */
  private static final Pattern MASKS =
      Pattern.compile(
          "\\b\\w*(?:mask|redact|scrub|sanitiz|obfuscat|anonymi[sz]|censor|last4|truncate_pan)\\w*\\s*\\(",
          Pattern.CASE_INSENSITIVE);

  /** A call that writes to a log or the output. */
  private static final Pattern LOG_CALL =
      Pattern.compile(
          "\\b(?:log(?:ger|ging)?\\.\\w+|console\\.(?:log|info|debug|warn|error)|print(?:ln|f)?"
              + "|puts|System\\.out\\.print\\w*|Log\\.[dievw]|fmt\\.(?:Print|Fprint)\\w*|NSLog"
              + "|Timber\\.\\w+|println!|logger\\.\\w+|Rails\\.logger\\.\\w+)\\s*[( ]");

  /** An expression, not a string, that holds a card number, a password or a secret. */
  private static final Pattern SENSITIVE =
      Pattern.compile(
          "\\b(?:card|cc|payment)[._]?(?:number|num|pan|cvv|cvc)\\b|\\bcvv\\b|\\bcvc\\b|\\bpan\\b"
              + "|(?:\\.|\\b)(?:secret|apiKey|accessToken|authToken|secretKey|privateKey)\\b"
              + "|(?i:(?:^|[^a-z0-9])(?:[a-z0-9]{1,30}_)?(?:password|passwd|secret_?key|api_?key"
              + "|access_?token|auth_?token|private_?key|client_secret)\\b)"
              + "|\\b(?:req|request)\\.headers\\b(?![\\[.(])|\\.authorization\\b");

  /** The whole environment, handed on. */
  private static final Pattern WHOLE_ENVIRONMENT =
      Pattern.compile(
          "dict\\(os\\.environ\\)|\\*\\*os\\.environ\\b|os\\.environ\\.copy\\(\\)"
              + "|\\(\\s*os\\.environ\\s*\\)|\\(\\s*process\\.env\\s*\\)|\\(\\s*ENV\\s*\\)"
              + "|\\.\\.\\.process\\.env\\b|JSON\\.stringify\\(process\\.env\\)|ENV\\.to_h\\b"
              + "|System\\.getenv\\(\\)");

  /** Where the whole environment goes to be kept: logs, prints, trackers. */
  private static final Pattern KEEPS =
      Pattern.compile(
          "\\b(?:print|log\\w*|console|wandb|mlflow|neptune|comet|track\\w*|send\\w*|post|json\\.dumps?|"
              + "JSON\\.stringify|puts)\\b");

  /** A CI secret echoed. */
  private static final Pattern CI_SECRET_PRINTED =
      Pattern.compile("\\b(?:echo|printf|print)\\b[^\\n]{0,200}\\$\\{\\{\\s*secrets\\.");

  /** Every CI secret at once. */
  private static final Pattern CI_ALL_SECRETS = Pattern.compile("(?i)toJSON\\(\\s*secrets\\s*\\)");

  /** A pipe into a program that undoes a CI log's masking. */
  private static final Pattern UNMASKS =
      Pattern.compile("\\|\\s*(?:base64|xxd|od|rev|sed|tr|cut|hexdump|gzip)\\b");

  private CheckEdits() {}

  /**
   * What an edit tool's call turns off.
   *
   * @param call the call
   * @return what it turns off, or {@code null}
   */
  static Found ofEdit(CallForRules call) {
    return EditCalls.read(call, SwitchesCommentedOut.alsoCommented(CheckEdits::of));
  }

  /**
   * What a change of text turns off.
   *
   * @param old the text it replaces, empty for a new file
   * @param now the text it puts in
   * @param files the files it changes; none ordinary work, or it is not read (a setting beside this
   *     machine's host, or in a development or test section, is not read either)
   * @return what it turns off, or {@code null}
   */
  static Found of(String old, String now, List<String> files) {
    if (files.isEmpty()) {
      return null;
    }
    boolean ordinary = false;
    for (String file : files) {
      if (CheckFiles.ordinary(file)) {
        if (CheckFiles.documentation(file)) {
          return null;
        }
        ordinary = true; // a test's or local configuration: only where it points is read
      }
    }
    old = old.length() > MAX_TEXT ? old.substring(0, MAX_TEXT) : old;
    now = now.length() > MAX_TEXT ? now.substring(0, MAX_TEXT) : now;
    Set<String> oldLines = new HashSet<>();
    for (String line : old.split("\n", -1)) {
      oldLines.add(line.strip());
    }
    Found found = null;
    List<String> sections = new ArrayList<>();
    List<Integer> indents = new ArrayList<>();
    String before = "";
    String table = "";
    boolean indented = now.startsWith(" ") || now.startsWith("\t");
    String fallback = indented ? CheckFiles.stem(files.get(0)) : "";
    for (String raw : now.split("\n", -1)) {
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      String previous = before;
      before = raw.length() > MAX_LINE ? "" : raw;
      int indent = raw.length() - raw.stripLeading().length();
      while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent) {
        indents.remove(indents.size() - 1);
        sections.remove(sections.size() - 1);
      }
      Matcher tableLine = TABLE.matcher(line);
      if (indent == 0 && tableLine.matches()) {
        table = tableLine.group(1).replace("\"", "");
        fallback = "";
        continue;
      }
      Matcher heading = SECTION.matcher(line);
      if (heading.matches() && sections.size() < 16) {
        sections.add(heading.group(1));
        indents.add(indent);
        continue;
      }
      if (line.length() > MAX_LINE || oldLines.contains(line) || comment(line)) {
        continue;
      }
      String section =
          String.join(
              ".", fallback, table, String.join(".", sections)); // fallback: the file's stem
      if (ordinary || PatternLiterals.finds(LOCAL_SECTION, section)) {
        Found production = atProduction(line);
        if (production != null && found == null) {
          found = production;
        }
        if (ordinary) {
          continue;
        }
      }
      boolean local =
          mentions((line + previous).toLowerCase(Locale.ROOT), CheckWords.LOCAL_WORDS)
                  && (PatternLiterals.finds(LOCAL, line) || PatternLiterals.finds(LOCAL, previous))
              || PatternLiterals.finds(LOCAL_SECTION, section);
      Found here = added(line, section, local, old, files.get(0));
      if (here != null && (found == null || here.kind().ordinal() < found.kind().ordinal())) {
        found = here;
      }
    }
    if (ordinary) {
      return found;
    }
    Found removed = removed(old, now);
    if (removed != null && (found == null || removed.kind().ordinal() < found.kind().ordinal())) {
      found = removed;
    }
    return found;
  }

  /** What one added line puts in. */
  private static Found added(String line, String section, boolean local, String old, String file) {
    String lower = line.toLowerCase(Locale.ROOT);
    Matcher pair = KEY_VALUE.matcher(line);
    while (!local && pair.find()) {
      if (CheckWords.empty(pair.group(2)) && !PatternLiterals.matches(SETTING_LINE, line)) {
        continue; // auth=None, { auth: null }: code's defaults and state, not a setting
      }
      Matcher opened = OPENED.matcher(line.substring(0, pair.start()));
      String parent = opened.find() ? opened.group(1) : "";
      Kind kind = CheckWords.offKind(pair.group(1), pair.group(2)); // the key alone first
      if (kind == null) {
        kind = CheckWords.offKind(section + "." + parent + "." + pair.group(1), pair.group(2));
      }
      if (kind == null && pair.group(1).equalsIgnoreCase("default")) {
        // X_ENABLED = env.bool("X_ENABLED", default=False): the default is the setting's
        int eq = line.indexOf('=');
        String target = eq > 0 ? line.substring(0, eq).strip() : "";
        if (!target.isEmpty()
            && target.chars().allMatch(c -> c == '_' || Character.isLetterOrDigit(c))) {
          kind = CheckWords.offKind(target, pair.group(2));
        }
      }
      if (kind != null) {
        return new Found(kind, pair.group());
      }
    }
    Matcher bypass = BYPASSES.matcher(line);
    if (mentions(lower, CheckWords.BYPASS_WORDS) && bypass.find()) {
      return new Found(Kind.CHECK, bypass.group());
    }
    Matcher literal = LITERAL_PASS.matcher(line);
    if (lower.contains("if")
        && (line.contains("==") || line.contains(".equals(") || line.contains(" eq "))
        && literal.find()
        && (PatternLiterals.finds(AUTH_PLACE, file) || PatternLiterals.finds(AUTH_PLACE, old))) {
      return new Found(Kind.CHECK, literal.group());
    }
    if (!lower.contains("secrets")) {
      return logged(line, lower);
    }
    Matcher all = CI_ALL_SECRETS.matcher(line);
    if (all.find()) {
      return new Found(Kind.SECRET_LOGGED, all.group());
    }
    Matcher ci = CI_SECRET_PRINTED.matcher(line);
    if (ci.find()) {
      String after = line.substring(ci.start());
      if (PatternLiterals.finds(UNMASKS, after)
          || after.indexOf('|') < 0 && after.indexOf('>') < 0) {
        return new Found(Kind.SECRET_LOGGED, ci.group() + "…");
      }
    }
    return logged(line, lower);
  }

  /** What one added line logs: a secret in a log call, or the whole environment. */
  private static Found logged(String line, String lower) {
    if (mentions(lower, CheckWords.LOG_WORDS)
        && PatternLiterals.finds(LOG_CALL, line)
        && !(mentions(lower, CheckWords.MASK_WORDS) && PatternLiterals.finds(MASKS, line))) {
      Matcher sensitive = SENSITIVE.matcher(code(line));
      if (sensitive.find()) {
        return new Found(Kind.SECRET_LOGGED, line);
      }
    }
    if (!lower.contains("env")) {
      return null;
    }
    Matcher environment = WHOLE_ENVIRONMENT.matcher(line);
    if (environment.find()
        && PatternLiterals.finds(KEEPS, line)
        && !line.contains("env=")
        && !line.contains("env:")
        && !line.contains("subprocess")
        && !line.contains("spawn")) {
      return new Found(Kind.SECRET_LOGGED, environment.group());
    }
    return null;
  }

  /** What the change takes out: a verifying call, a screening call, a mask. */
  private static Found removed(String old, String now) {
    if (old.isEmpty()) {
      return null;
    }
    Set<String> kept = matches(CHECK_CALLS, CheckWords.CHECK_WORDS, now);
    boolean checksStill =
        !matches(CHECKISH, CheckWords.CHECKISH_WORDS, COMMENT.matcher(now).replaceAll(""))
            .isEmpty();
    for (String call : matches(CHECK_CALLS, CheckWords.CHECK_WORDS, old)) {
      if (!kept.contains(call) && !checksStill) {
        String lower = call.toLowerCase(Locale.ROOT);
        boolean screening =
            lower.contains("sanction")
                || lower.contains("aml")
                || lower.contains("kyc")
                || lower.contains("fraud");
        return new Found(screening ? Kind.SCREENING : Kind.CHECK, call + " taken out");
      }
    }
    Set<String> masked = matches(MASKS, CheckWords.MASK_WORDS, now);
    for (String mask : matches(MASKS, CheckWords.MASK_WORDS, old)) {
      if (!masked.contains(mask)) {
        return new Found(Kind.SECRET_LOGGED, mask + "…) taken out");
      }
    }
    return null;
  }

  /**
   * What a pattern finds in a text's lines that mention one of its words (the cheap test first).
   */
  private static Set<String> matches(Pattern pattern, List<String> words, String text) {
    Set<String> found = new HashSet<>();
    for (String line : text.split("\n")) {
      if (line.length() > MAX_LINE || !mentions(line.toLowerCase(Locale.ROOT), words)) {
        continue;
      }
      Matcher matcher = pattern.matcher(line);
      while (matcher.find() && found.size() < 64) {
        found.add(matcher.group().replaceAll("\\s+", ""));
      }
    }
    return found;
  }

  private static boolean mentions(String lower, List<String> words) {
    for (String word : words) {
      if (lower.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** A line's code: its string literals emptied, what they interpolate kept. */
  private static String code(String line) {
    StringBuilder code = new StringBuilder();
    char quote = 0;
    int depth = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == 0) {
        if (c == '"' || c == '\'' || c == '`') {
          quote = c;
        }
        code.append(c);
      } else if (c == '\\') {
        i++;
      } else if (c == quote && depth == 0) {
        quote = 0;
        code.append(c);
      } else if (c == '{') {
        depth++;
        code.append(' ');
      } else if (c == '}' && depth > 0) {
        depth--;
        code.append(' ');
      } else if (depth > 0) {
        code.append(c);
      }
    }
    return code.toString();
  }

  /** Whether a line is a comment. */
  static boolean comment(String line) {
    return line.startsWith("#")
        || line.startsWith("//")
        || line.startsWith("/*")
        || line.startsWith("*")
        || line.startsWith("<!--")
        || line.startsWith(";")
        || line.startsWith("--");
  }

  /** A host, URL or database given a value: {@code host: prod-db.acme.internal}. */
  private static final Pattern ADDRESS =
      Pattern.compile(
          "(?i)([\\w.\\-]{0,40}(?:host|url|uri|dsn|database|db|endpoint|server|servers|brokers?"
              + "|bootstrap|base_?url|connection)['\"]?)\\s*(?::|=|=>)\\s*['\"]?([^'\"\\s,}]{1,200})");

  /**
   * Whether an added line of a test's or a local configuration points it at production: a host, URL
   * or database named by production's names ({@link Environments#namesProduction}).
   */
  private static Found atProduction(String line) {
    Matcher address = ADDRESS.matcher(line);
    while (address.find()) {
      if (Environments.namesProduction(address.group(2))) {
        return new Found(Kind.TESTS_AT_PRODUCTION, address.group());
      }
    }
    return null;
  }

  /**
   * What a substitution in a test's or local configuration does when its replacement is an address
   * alone ({@code s/localhost:5432/prod-db.acme.internal:5432/}): points it at production when the
   * replacement names production and the pattern did not.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param files the files it changes
   * @return what it does, or {@code null}
   */
  static Found repointed(String old, String now, List<String> files) {
    boolean local = false;
    for (String file : files) {
      local |= CheckFiles.ordinary(file) && !CheckFiles.documentation(file);
    }
    if (!local || now.length() > MAX_LINE || Environments.namesProduction(old)) {
      return null;
    }
    for (String word : now.split("[\\s'\",;=]+")) {
      if ((word.contains(".") || word.contains(":") || word.contains("/"))
          && Environments.namesProduction(word)) {
        return new Found(Kind.TESTS_AT_PRODUCTION, word);
      }
    }
    return null;
  }
}
