package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A configuration's protection lowered without turning a named check off (decision 308, {@code
 * weakens.check-off}): an enforcing mode made a watching one ({@code enforcement_mode = "ban"} to
 * {@code "log_only"}, {@code default_action: deny} to {@code allow}, {@code SELINUX=enforcing} to
 * {@code permissive}), and a protecting section's {@code enabled: true} made {@code false} ({@code
 * grooming_classifier:}, {@code anti_addiction:}, {@code waf:}). Anti-cheat, chat safety, a
 * firewall, a regulator's limit: every trade has one, and its name is the trade's, but the values
 * and the section's words are the same. Read in a configuration's file, not a test's, a fixture's,
 * a document's, nor a development, test or staging environment's.
 */
final class EnforcementLowered {
  private EnforcementLowered() {}

  private static final int READ = 64 * 1024;

  /** The values of a mode that stops what it sees. */
  private static final Set<String> ENFORCING =
      NameSet.of(
          "ban",
          "block",
          "blocking",
          "enforce",
          "enforcing",
          "enforced",
          "deny",
          "reject",
          "strict",
          "quarantine",
          "drop",
          "prevent",
          "prevention",
          "kick",
          "suspend");

  /** The values of a mode that only watches, or lets through. */
  private static final Set<String> WATCHING =
      NameSet.of(
          "log",
          "log_only",
          "logonly",
          "log-only",
          "monitor",
          "monitoring",
          "audit",
          "report",
          "report_only",
          "report-only",
          "dry_run",
          "dryrun",
          "dry-run",
          "permissive",
          "warn",
          "warning",
          "passive",
          "off",
          "disabled",
          "none",
          "shadow",
          "detect",
          "detect_only",
          "detection",
          "observe",
          "allow",
          "learning",
          "count",
          "simulate",
          "notify");

  /** The words of a section that protects: its {@code enabled} is the protection. */
  private static final Set<String> PROTECTING =
      NameSet.of(
          "classifier",
          "filter",
          "filters",
          "anti",
          "guard",
          "guards",
          "protection",
          "protect",
          "safety",
          "safeguard",
          "safeguards",
          "moderation",
          "screening",
          "detection",
          "detector",
          "limit",
          "limits",
          "lock",
          "lockout",
          "verification",
          "fraud",
          "abuse",
          "firewall",
          "waf",
          "consent",
          "encryption",
          "mfa",
          "captcha",
          "throttle",
          "throttling",
          "kyc",
          "aml",
          "sanctions",
          "blocklist",
          "enforcement",
          "anticheat",
          "integrity",
          "ratelimit");

  /** A line that gives a key a word's value: {@code enforcement_mode = "ban"}. */
  private static final Pattern SETTING =
      Pattern.compile(
          "^(\\s*)[\"']?([A-Za-z][A-Za-z0-9_.-]{0,60})[\"']?\\s*[:=]\\s*[\"']?([A-Za-z_-]{2,20})"
              + "[\"']?\\s*,?\\s*(?:#.*)?$");

  /** A section's header: {@code grooming_classifier:}, {@code [anticheat]}. */
  private static final Pattern SECTION =
      Pattern.compile(
          "^(\\s*)(?:\\[([A-Za-z0-9_.-]{1,60})\\]|([A-Za-z][A-Za-z0-9_-]{0,60}):)\\s*$");

  /** The configuration files read. */
  private static final Pattern CONFIGURATION =
      Pattern.compile("(?i)\\.(?:ya?ml|toml|ini|conf|cfg|properties|env|hcl|tfvars)$|/config$");

  /** The environments whose configuration is let be changed. */
  private static final Set<String> TRIAL_PLACES =
      NameSet.of(
          "test",
          "tests",
          "testing",
          "staging",
          "stage",
          "stg",
          "dev",
          "development",
          "local",
          "sandbox",
          "qa",
          "uat",
          "example",
          "examples",
          "sample",
          "fixtures",
          "docs",
          "sim");

  /** {@return what the change lowers, as shown, or null} */
  static String found(String old, String now, List<String> files) {
    if (old == null || now == null || old.length() > READ || now.length() > READ) {
      return null;
    }
    for (String file : files) {
      if (!PatternLiterals.finds(CONFIGURATION, file) || CheckFiles.ordinary(file) || trial(file)) {
        return null;
      }
    }
    Map<String, String> before = settings(old);
    Map<String, String> after = settings(now);
    for (Map.Entry<String, String> was : before.entrySet()) {
      String key = was.getKey();
      String value = after.get(key);
      if (value == null) {
        continue;
      }
      String from = was.getValue().toLowerCase(Locale.ROOT);
      String to = value.toLowerCase(Locale.ROOT);
      if (ENFORCING.contains(from) && WATCHING.contains(to)) {
        return key + ": " + from + " → " + to;
      }
      if (key.endsWith("/enabled")
          && from.equals("true")
          && to.equals("false")
          && protecting(key)) {
        return key + ": true → false";
      }
    }
    return null;
  }

  /** Each key's value by its sections' path ({@code grooming_classifier/enabled}). */
  private static Map<String, String> settings(String text) {
    Map<String, String> out = new HashMap<>();
    String section = "";
    int sectionIndent = -1;
    for (String line : text.split("\n", -1)) {
      Matcher header = SECTION.matcher(line);
      if (header.matches()) {
        section = header.group(2) != null ? header.group(2) : header.group(3);
        sectionIndent = header.group(2) != null ? -1 : header.group(1).length();
        continue;
      }
      Matcher setting = SETTING.matcher(line);
      if (setting.matches()) {
        boolean inside = sectionIndent < 0 || setting.group(1).length() > sectionIndent;
        String key = (inside && !section.isEmpty() ? section + "/" : "") + setting.group(2);
        out.put(key, setting.group(3));
      }
    }
    return out;
  }

  private static boolean protecting(String key) {
    String section = key.substring(0, key.length() - "/enabled".length());
    for (String part : ServiceVerbs.split(section)) {
      if (PROTECTING.contains(part)) {
        return true;
      }
    }
    return false;
  }

  private static boolean trial(String file) {
    for (String part : file.toLowerCase(Locale.ROOT).split("[/._-]")) {
      if (TRIAL_PLACES.contains(part)) {
        return true;
      }
    }
    return false;
  }
}
