package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.CheckEdits.Kind;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The words of a setting's key and value that say a check is turned off (decision 95), for {@link
 * CheckEdits}: a key whose words name a control ({@code WTF_CSRF_ENABLED}, {@code verify_ssl},
 * {@code mfa.required}) given a value that means off, or a key that skips a control ({@code
 * insecure_skip_verify}, {@code disable_auth}) given one that means on. The key's last word must
 * make it a switch (a control's own name, or {@code enabled}, {@code required}, {@code mode}, …):
 * {@code auth_token = None} is a value, not a switch.
 */
final class CheckWords {
  /** The words of a key that name a security or compliance control. */
  private static final Set<String> CONTROLS =
      NameSet.of(
          "verify",
          "verification",
          "verified",
          "signature",
          "signatures",
          "sig",
          "signing",
          "signed",
          "auth",
          "authn",
          "authz",
          "authentication",
          "authorization",
          "authenticate",
          "mfa",
          "2fa",
          "otp",
          "totp",
          "tls",
          "ssl",
          "https",
          "csrf",
          "xsrf",
          "audit",
          "auditing",
          "ratelimit",
          "ratelimiting",
          "throttle",
          "throttling",
          "encryption",
          "encrypt",
          "encrypted",
          "secure",
          "hsts",
          "csp",
          "captcha",
          "recaptcha",
          "waf",
          "antivirus",
          "mtls",
          "certificate",
          "certificates",
          "cert",
          "certs",
          "unauthorized",
          "sslmode",
          "sslverify",
          "versioning",
          "backup",
          "backups",
          "pitr",
          "httponly",
          "verifypeer",
          "verifyhost",
          "verifyssl",
          "tlsverify",
          "strictssl",
          "integrity",
          "pinning",
          "security");

  /** Controls named by several words: {@code deletion_protection}, {@code block_public_acls}. */
  private static final List<String> GUARDS =
      List.of(
          "deletionprotection",
          "blockpublic",
          "restrictpublic",
          "ignorepublic",
          "keyrotation",
          "mfadelete",
          "secretscanning",
          "pushprotection",
          "branchprotection");

  /** Keys whose value on opens what a check closed: {@code CORS_ALLOW_ALL_ORIGINS = True}. */
  private static final List<String> OPENERS =
      List.of(
          "allowallorigins",
          "allowanyorigin",
          "originallowall",
          "allowinsecure",
          "allowunsigned",
          "allowanonymous",
          "anonymousenabled",
          "skipauth",
          "usescleartexttraffic",
          "cleartexttrafficpermitted",
          "allowsarbitraryloads");

  /** The words of a key that name screening of customers or payments. */
  private static final Set<String> SCREENINGS =
      NameSet.of(
          "sanctions",
          "sanction",
          "screening",
          "aml",
          "kyc",
          "fraud",
          "ofac",
          "pep",
          "watchlist",
          "antifraud");

  /** The words of a key that say it turns something off when on. */
  private static final Set<String> NEGATIONS =
      NameSet.of(
          "skip",
          "disable",
          "disabled",
          "no",
          "bypass",
          "insecure",
          "ignore",
          "unsafe",
          "unsigned",
          "unverified",
          "without");

  /** The values that mean off. */
  private static final Set<String> OFF =
      NameSet.of(
          "false",
          "0",
          "off",
          "no",
          "disabled",
          "disable",
          "none",
          "null",
          "nil",
          "skip",
          "permissive",
          "insecure",
          "never",
          "optional");

  /** The last words of a key that make it a switch. */
  private static final Set<String> FLAG_WORDS =
      NameSet.of(
          "enabled",
          "redirect",
          "insecure",
          "enable",
          "required",
          "require",
          "enforce",
          "enforced",
          "enforcing",
          "check",
          "checks",
          "checking",
          "on",
          "active",
          "mode",
          "level",
          "policy",
          "strict",
          "validation",
          "validate",
          "protection",
          "protect",
          "filter",
          "guard",
          "type",
          "method");

  /** The values that say nothing is there. */
  private static final Set<String> EMPTY = NameSet.of("none", "null", "nil");

  /** The last words of a key whose value none means no control at all. */
  private static final Set<String> EMPTY_OFF =
      NameSet.of(
          "mode",
          "level",
          "type",
          "method",
          "policy",
          "auth",
          "authentication",
          "authorization",
          "encryption",
          "mfa",
          "2fa");

  /** The values that mean off and nothing else: {@code encryption_at_rest: false}. */
  private static final Set<String> BOOLEAN_OFF =
      NameSet.of("false", "off", "no", "disabled", "disable");

  /** The values that mean on. */
  private static final Set<String> ON = NameSet.of("true", "1", "yes", "on", "enabled", "enable");

  /** A quality gate's minimum: its words, and the measures it gates on. */
  private static final Set<String> MINIMUMS = NameSet.of("min", "minimum", "threshold", "under");

  private static final Set<String> MEASURES =
      NameSet.of(
          "eval",
          "coverage",
          "score",
          "auc",
          "accuracy",
          "quality",
          "gate",
          "f1",
          "precision",
          "recall");

  /** The words a line holds before the patterns CheckEdits tries are tried on it (lower case). */
  static final List<String> BYPASS_WORDS =
      List.of(
          "csrf",
          "skip_before_action",
          "algorithms",
          "cert_none",
          "unverified",
          "insecureskipverify",
          "hostname",
          "verify_signature",
          "verify_none",
          "nsallows",
          "nsexception",
          "allow ",
          ".read",
          ".write");

  static final List<String> LOG_WORDS =
      List.of("log", "print", "puts", "console", "timber", "fmt.");

  static final List<String> MASK_WORDS =
      List.of(
          "mask",
          "redact",
          "scrub",
          "saniti",
          "obfuscat",
          "anonymi",
          "censor",
          "last4",
          "truncate_pan");

  static final List<String> CHECK_WORDS =
      List.of(
          "event",
          "signature",
          "webhook",
          "digest",
          "safeequal",
          "compare",
          "hmac",
          "jwt",
          "token",
          "bcrypt",
          "password",
          "login",
          "auth",
          "csrf",
          "preauthorize",
          "secured",
          "verify",
          "sanction",
          "aml",
          "kyc",
          "fraud",
          "limit",
          "throttle",
          "csurf",
          "helmet",
          "codeql",
          "trivy",
          "snyk",
          "gitleaks",
          "trufflehog",
          "secrets",
          "semgrep",
          "review",
          "zaproxy",
          "screen",
          "check");

  static final List<String> CHECKISH_WORDS =
      List.of(
          "verif",
          "validat",
          "check",
          "authenticat",
          "authoriz",
          "compare_digest",
          "construct",
          "sanction",
          "screen",
          "kyc",
          "aml_",
          "fraud",
          "rate",
          "limiter",
          "csrf",
          "helmet",
          "codeql",
          "trivy",
          "gitleaks",
          "semgrep");

  static final List<String> LOCAL_WORDS =
      List.of("local", "127.0", "0.0.0.0", "docker.internal", "10.0.2.2");

  private CheckWords() {}

  /**
   * Whether a value says nothing is there.
   *
   * @param value the value
   * @return whether it is {@code none}, {@code null} or {@code nil}
   */
  static boolean empty(String value) {
    return EMPTY.contains(value.toLowerCase(Locale.ROOT));
  }

  /**
   * Whether a key given a value turns a control off, and which kind.
   *
   * @param key the key
   * @param value its value
   * @return the kind, or {@code null} when it does not
   */
  static Kind offKind(String key, String value) {
    String v = value.toLowerCase(Locale.ROOT);
    boolean off = OFF.contains(v);
    boolean on = ON.contains(v);
    if (!off && !on) {
      return null;
    }
    List<String> words = words(key);
    boolean negated = false;
    boolean control = false;
    boolean screening = false;
    boolean minimum = false;
    boolean measure = false;
    for (String word : words) {
      negated |= NEGATIONS.contains(word);
      control |= CONTROLS.contains(word);
      screening |= SCREENINGS.contains(word);
      minimum |= MINIMUMS.contains(word);
      measure |= MEASURES.contains(word);
    }
    if (words.isEmpty()) {
      return null;
    }
    String joined = String.join("", words);
    for (String opener : OPENERS) {
      if (on && joined.contains(opener)) {
        return Kind.CHECK; // CORS_ALLOW_ALL_ORIGINS = True
      }
    }
    String last = words.get(words.size() - 1);
    String first = words.get(0);
    boolean flag =
        joined.endsWith("ratelimit")
            || FLAG_WORDS.contains(last)
            || CONTROLS.contains(last)
            || SCREENINGS.contains(last)
            || BOOLEAN_OFF.contains(v)
                && words.size() <= 3
                && (CONTROLS.contains(first) || SCREENINGS.contains(first));
    if (!flag && !(minimum && measure)) {
      return null; // auth_token = None: a value, not a switch
    }
    if (EMPTY.contains(v) && !EMPTY_OFF.contains(last)) {
      return null; // signature = None: nothing yet, not a check off
    }
    control |= joined.contains("ratelimit") || joined.contains("rejectunauthorized");
    for (String guard : GUARDS) {
      control |= joined.contains(guard);
    }
    boolean turnsOff = negated ? on && (control || screening || words.contains("insecure")) : off;
    if (minimum && measure && v.equals("0")) {
      return Kind.CHECK; // min_eval_auc: 0.0, the gate that lets everything through
    }
    if (!turnsOff) {
      return null;
    }
    if (screening) {
      return Kind.SCREENING;
    }
    return control || negated && words.contains("insecure") ? Kind.CHECK : null;
  }

  /** A key's words, lower case: {@code WTF_CSRF_ENABLED}, {@code rejectUnauthorized}. */
  static List<String> words(String key) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    char before = 0;
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      boolean split = !Character.isLetterOrDigit(c);
      boolean camel = Character.isUpperCase(c) && Character.isLowerCase(before);
      if ((split || camel) && word.length() > 0) {
        words.add(word.toString().toLowerCase(Locale.ROOT));
        word.setLength(0);
      }
      if (!split) {
        word.append(c);
      }
      before = c;
    }
    if (word.length() > 0) {
      words.add(word.toString().toLowerCase(Locale.ROOT));
    }
    return words;
  }
}
