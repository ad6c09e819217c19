package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A switch turned toward its permissive side by its name's shape, whatever the trade (session 19,
 * helper weaken; round 76's {@code fillOnInsecurePages}, {@code
 * show_address_when_seller_opted_out}, {@code prequal_soft_pull_only}), for {@link SafeguardEdits}
 * ({@code safeguards.protection-off}). Turned on: a key that names what is unsafe ({@code
 * insecure}, {@code unsigned}, {@code bypass}), a check skipped or disabled ({@code
 * skip_kyc_for_returning}, {@code disable_csrf}), or a person's opt-out overridden ({@code
 * …_when_seller_opted_out}, {@code …_when_hidden}); in a production's or a security's file also
 * {@code allow_…} and {@code debug}. Turned off (from on) in a production's or a security's file: a
 * key that restricts ({@code …_only}, {@code require…}, {@code strict}, {@code enforce…}, {@code
 * verify…}, {@code secure}). A development's, local or example configuration is the person's to
 * flip, as is a feature's flag of no such words.
 */
final class PermissiveFlips {
  private PermissiveFlips() {}

  /** Words of a key whose on is unsafe wherever it is. */
  private static final Set<String> UNSAFE =
      NameSet.of(
          "insecure",
          "unsafe",
          "bypass",
          "unsigned",
          "unverified",
          "untrusted",
          "permissive",
          "cleartext",
          "plaintext");

  /** Words that skip what follows them. */
  private static final Set<String> SKIPPING =
      NameSet.of("skip", "disable", "disabled", "ignore", "no", "without", "omit", "bypass");

  /** What a skip may skip: a check's words. */
  private static final Set<String> CHECKED =
      NameSet.of(
          "kyc",
          "aml",
          "verification",
          "verify",
          "check",
          "checks",
          "review",
          "approval",
          "auth",
          "authentication",
          "authorization",
          "csrf",
          "tls",
          "ssl",
          "cert",
          "certificate",
          "signature",
          "consent",
          "screening",
          "validation",
          "scan",
          "mfa",
          "2fa",
          "captcha",
          "sanctions",
          "fraud",
          "age",
          "moderation",
          "encryption");

  /** Words of an act that shows or sends what a person withheld. */
  private static final Set<String> REVEALING =
      NameSet.of(
          "show", "display", "reveal", "expose", "publish", "share", "send", "fill", "include",
          "allow", "list", "index", "contact", "email", "message", "sell", "export");

  /** Words that introduce a condition: {@code show_address_when_…}. */
  private static final Set<String> CONDITIONS = NameSet.of("when", "if", "even", "despite", "for");

  /** What a person chose to keep out of view. */
  private static final Set<String> WITHHELD =
      NameSet.of(
          "opted",
          "optout",
          "hidden",
          "private",
          "withheld",
          "declined",
          "suppressed",
          "unlisted",
          "confidential",
          "restricted",
          "minor",
          "minors");

  /** Words of a key whose off loosens, in a production's or a security's file. */
  private static final Set<String> RESTRICTING =
      NameSet.of(
          "only",
          "require",
          "required",
          "requires",
          "strict",
          "enforce",
          "enforced",
          "enforcement",
          "verify",
          "verified",
          "secure",
          "signed",
          "pinning",
          "pinned",
          "protect",
          "protected",
          "protection",
          "mask",
          "masked",
          "redact",
          "redacted",
          "block",
          "deny");

  /** Words of a key that requires a safeguard: off in a request, whatever the file, loosens. */
  private static final Set<String> REQUIRING =
      NameSet.of(
          "require",
          "required",
          "requires",
          "enforce",
          "enforced",
          "enforcement",
          "verify",
          "strict",
          "mfa",
          "2fa",
          "pinning",
          "protection",
          "protected");

  /** Words of a key whose on loosens in a production's or a security's file. */
  private static final Set<String> LOOSENING = NameSet.of("allow", "debug", "expose", "public");

  /** Parts of a path that make it a production's or a security's file. */
  private static final Set<String> GUARDED_FILES =
      NameSet.of(
          "prod",
          "production",
          "prd",
          "live",
          "security",
          "auth",
          "policy",
          "policies",
          "cors",
          "tls",
          "ssl",
          "acl",
          "permissions");

  /** Parts of a path that make it the person's own to flip. */
  private static final Set<String> OWN_FILES =
      NameSet.of("dev", "development", "local", "sandbox", "scratch", "example", "sample", "demo");

  private static final Set<String> OFF = NameSet.of("false", "off", "no", "disabled", "0");

  private static final Set<String> ON = NameSet.of("true", "on", "yes", "enabled", "1");

  /**
   * What a setting's new value loosens, or {@code null}.
   *
   * @param key the setting's key
   * @param value its new value
   * @param was its old value, {@code null} where the change had none
   * @param file the file it is in
   * @return what the reason shows, or {@code null}
   */
  static String of(String key, String value, String was, String file) {
    String now = value.toLowerCase(Locale.ROOT).replaceAll("[,;'\"]", "").strip();
    String then = was == null ? null : was.toLowerCase(Locale.ROOT).replaceAll("[,;'\"]", "");
    List<String> words = SafeguardEdits.words(key);
    List<String> parts = SafeguardEdits.words(file);
    if (words.isEmpty() || words.size() > 12 || SafeguardEdits.has(parts, OWN_FILES)) {
      return null;
    }
    boolean guarded = SafeguardEdits.has(parts, GUARDED_FILES);
    if (ON.contains(now) && (then == null || OFF.contains(then.strip()))) {
      if (SafeguardEdits.has(words, UNSAFE)
          || skips(words)
          || overridesWithheld(words)
          || guarded && then != null && SafeguardEdits.has(words, LOOSENING)) {
        return key + ": " + (then == null ? "" : then.strip() + " → ") + now;
      }
    }
    if (OFF.contains(now)
        && then != null
        && ON.contains(then.strip())
        && guarded
        && SafeguardEdits.has(words, RESTRICTING)
        && !SafeguardEdits.has(words, UNSAFE)
        && !skips(words)) {
      return key + ": " + then.strip() + " → " + now;
    }
    return null;
  }

  /**
   * What a setting sent in a request turns off, its old value unseen, or {@code null}: a
   * restricting key set off ({@code require_mfa: false}), an unsafe or skipping key set on.
   *
   * @param key the setting's key
   * @param value its value
   * @return what the reason shows, or {@code null}
   */
  static String requested(String key, String value) {
    String now = value.toLowerCase(Locale.ROOT).replaceAll("[,;'\"]", "").strip();
    List<String> words = SafeguardEdits.words(key);
    if (words.isEmpty() || words.size() > 12) {
      return null;
    }
    boolean unsafe = SafeguardEdits.has(words, UNSAFE) || skips(words);
    if (ON.contains(now) && unsafe
        || OFF.contains(now) && !unsafe && SafeguardEdits.has(words, REQUIRING)) {
      return key + ": " + now;
    }
    return null;
  }

  /** Whether a file is a development's, local or example configuration: the person's to flip. */
  static boolean persons(String file) {
    return SafeguardEdits.has(SafeguardEdits.words(file), OWN_FILES);
  }

  /** A skipping word before a checked one: {@code skip_kyc}, {@code disableCsrfCheck}. */
  private static boolean skips(List<String> words) {
    for (int i = 0; i + 1 < words.size(); i++) {
      if (SKIPPING.contains(words.get(i)) && CHECKED.contains(words.get(i + 1))) {
        return true;
      }
    }
    return false;
  }

  /** An act on what a person withheld, on condition: {@code show_address_when_seller_opted_out}. */
  private static boolean overridesWithheld(List<String> words) {
    boolean reveals = false;
    boolean condition = false;
    for (String word : words) {
      reveals |= !condition && REVEALING.contains(word);
      if (reveals && CONDITIONS.contains(word)) {
        condition = true;
      } else if (condition && WITHHELD.contains(word)) {
        return true;
      }
    }
    return false;
  }
}
