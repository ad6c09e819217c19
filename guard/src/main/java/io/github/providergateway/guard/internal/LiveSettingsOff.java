package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A running deployment's protection turned off through its environment (decision 310, {@code
 * weakens.live-setting-off}): {@code kubectl set env deploy/chat-gateway CONTACT_INFO_FILTER=off
 * SAFEGUARDING_KEYWORD_SCAN=disabled}, {@code kubectl set env deploy/geo-api
 * GEO_DISTANCE_ROUNDING_KM=0 GEO_JITTER_M=0}. Two of round 55's writers did it so where the
 * configuration's file would be read (decision 308): the pods restart with the protection gone, and
 * no file in the repository shows it. A variable whose name protects (a filter, a scan, a check, a
 * guard, a limit, rounding or jitter that hides a place, masking, TLS, MFA…) given a value that
 * turns it off (off, false, disabled, none, 0) is read; a test's or staging's cluster, context or
 * namespace is let through, and so is {@code --dry-run}.
 */
final class LiveSettingsOff {
  private LiveSettingsOff() {}

  /** The values that turn a setting off. */
  private static final Set<String> OFF =
      NameSet.of("off", "false", "disabled", "disable", "none", "0", "no", "0.0");

  /** The parts of a variable's name that say it protects. */
  private static final Set<String> PROTECTS =
      NameSet.of(
          "filter",
          "filters",
          "scan",
          "scanning",
          "check",
          "checks",
          "guard",
          "verify",
          "verification",
          "mfa",
          "auth",
          "authentication",
          "rate",
          "limit",
          "limits",
          "throttle",
          "jitter",
          "rounding",
          "redact",
          "redaction",
          "mask",
          "masking",
          "encrypt",
          "encryption",
          "tls",
          "ssl",
          "audit",
          "moderation",
          "safety",
          "safeguarding",
          "fraud",
          "captcha",
          "consent",
          "sanitize",
          "sanitizer",
          "validation",
          "screening",
          "csrf",
          "sandbox",
          "protection",
          "blocklist",
          "antivirus",
          "kyc",
          "aml");

  /** Whether kubectl or oc sets, on a live cluster, a protecting variable to off. */
  static boolean turnedOff(Scan scan, Step step) {
    List<Word> args = step.args();
    int set = -1;
    for (int i = 0; i + 1 < args.size() && i < 8; i++) {
      if (args.get(i).text().equals("set") && args.get(i + 1).text().equals("env")) {
        set = i + 2;
        break;
      }
    }
    if (set < 0 || SharedActs.dryRun(args) || SharedActs.localOrTest(step, args)) {
      return false;
    }
    for (int i = set; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      if (text.startsWith("-") || eq <= 0) {
        continue;
      }
      String value = text.substring(eq + 1).toLowerCase(Locale.ROOT);
      if (!OFF.contains(value)) {
        continue;
      }
      for (String part : text.substring(0, eq).toLowerCase(Locale.ROOT).split("_")) {
        if (PROTECTS.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }
}
