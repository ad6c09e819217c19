package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a change does to a setting (decision 108), for {@link SafeguardEdits}: a switch named for a
 * protection turned off ({@code safeguards.protection-off}) and a threshold moved the way its name
 * says loosens ({@code safeguards.threshold-loosened}), each read with the sections above it and
 * its file's name.
 */
final class SafeguardSettings {
  private SafeguardSettings() {}

  // ---- settings: switches and thresholds ----

  /** A key given a value: {@code interlock_enabled: false}, {@code "K": (2.5, 6.0)}. */
  private static final Pattern KEY_VALUE =
      Pattern.compile(
          "(?<![\\w\\-])['\"]?((?:[A-Za-z_]|\\d{1,4}[A-Za-z])[\\w.\\-]{0,80}+(?:\\[['\"][\\w.\\-]{1,60}['\"]\\]){0,4})['\"]?"
              + "\\s{0,4}(?:=>|:=|:|=)(?!=)\\s{0,4}"
              + "(\\(\\s*-?[\\d_.]+\\s*,\\s*-?[\\d_.]+\\s*\\)|\\[\\s*-?[\\d_.]+\\s*,\\s*-?[\\d_.]+\\s*\\]"
              + "|['\"]?[A-Za-z0-9_.\\-]{1,24}['\"]?)");

  /** A switch set by a call: {@code self.laser.set_interlock(False)}, {@code SetEnabled(false)}. */
  private static final Pattern CALL_FLAG =
      Pattern.compile(
          "(?<!\\w)([A-Za-z_][\\w.]{0,80}+)\\(\\s*(?:[A-Za-z_]\\w{0,60}\\.){0,3}"
              + "(true|false|True|False|TRUE|FALSE)\\s*\\)");

  /** A YAML section's line: {@code audit:}. */
  private static final Pattern SECTION =
      Pattern.compile("-?\\s*['\"]?([\\w.\\-]{1,60})['\"]?\\s*(?::|=|:\\s*\\{|=\\s*\\{|\\{)");

  /** A map given on its key's line: {@code alerts: {enabled: false}}, {@code X = {"on": 1}}. */
  private static final Pattern INLINE_MAP =
      Pattern.compile("['\"]?([\\w.\\-]{1,60})['\"]?\\s*(?::|=)\\s*\\{");

  /** A function's signature. */
  private static final Pattern SIGNATURE =
      Pattern.compile("(?:async\\s+)?(?:def|function|func|fn|sub)\\s");

  /** A TOML or INI table: {@code [/Script/AntiCheat]}. */
  private static final Pattern TABLE = Pattern.compile("\\[\\[?([^\\]]{1,80})\\]\\]?");

  /**
   * A pattern's group around a key, from a sed script: {@code (auto_merge_threshold:)}, a perl's
   * {@code (\s*purchase_price_threshold:\s*)} too (decision 223).
   */
  static final Pattern GROUPED_KEY =
      Pattern.compile("\\(\\s{0,8}([A-Za-z_][\\w.\\-]{0,80}\\s*[:=])\\s{0,8}\\)");

  /** Words of a key that name a protection. */
  private static final Set<String> PROTECTIONS =
      NameSet.of(
          "interlock",
          "interlocks",
          "anticheat",
          "cheat",
          "eac",
          "battleye",
          "enforce",
          "enforced",
          "enforcement",
          "enforcing",
          "audit",
          "audited",
          "auditing",
          "audits",
          "safety",
          "safeguard",
          "safeguards",
          "failsafe",
          "watchdog",
          "estop",
          "emergency",
          "vac",
          "scrub",
          "lockout",
          "tamper",
          "protect",
          "protection",
          "protected",
          "sandbox",
          "sandboxed",
          "moderation",
          "profanity",
          "redact",
          "redaction",
          "redacted",
          "deid",
          "deidentify",
          "deidentification",
          "deidentified",
          "anonymize",
          "anonymise",
          "anonymization",
          "anonymisation",
          "pseudonymize",
          "pseudonymization",
          "masking",
          "mask",
          "blur",
          "pixelate",
          "pixelation",
          "blinded",
          "blinding",
          "encrypt",
          "encrypted",
          "encryption",
          "obfuscate",
          "obfuscation",
          "tokenize",
          "tokenization",
          "consent",
          "hipaa",
          "validation",
          "validate",
          "validated",
          "validator",
          "verification",
          "verify",
          "integrity",
          "checksum",
          "checksums",
          "approval",
          "approvals",
          "signoff",
          "authoritative",
          "authority",
          "captcha",
          "breakglass",
          // firmware's and generators' own (decision 237): CONFIG_MCUBOOT_DOWNGRADE_PREVENTION,
          // CONFIG_MCUMGR_TRANSPORT_BT_AUTHEN, gfci_selftest_before_session, c2pa_manifest
          "prevention",
          "authen",
          "authentication",
          "authenticate",
          "selftest",
          "watermark",
          "watermarking",
          "provenance",
          "c2pa",
          "revoke", // revoke_on_checkout: a key card's revocation (decision 279)
          "revocation");

  /**
   * What a switch's key names that is a protection in a safety's file (decision 237): {@code
   * weld_check} in {@code config/safety/limits.yaml}.
   */
  private static final Set<String> SAFETY_CHECKS =
      NameSet.of("check", "checks", "detection", "detect", "monitor", "monitoring", "selftest");

  /** The words of a file's name or folder that make it a safety's. */
  private static final Set<String> SAFETY_FILES =
      NameSet.of("safety", "safeguard", "safeguards", "interlock", "interlocks", "protection");

  /** What a skip switch may name besides a protection (decision 237): {@code skipAnalysis}. */
  private static final Set<String> SKIPPED_CHECKS = NameSet.of("analysis");

  /** Words with which a logging switch is an access log a protection relies on. */
  private static final Set<String> ACCESS_LOGS =
      NameSet.of("access", "phi", "pii", "security", "admin");

  /** Words of a key that make validation a model's, not a protection: {@code run_validation}. */
  private static final Set<String> TRAINING =
      NameSet.of(
          "val",
          "eval",
          "train",
          "training",
          "epoch",
          "epochs",
          "batch",
          "step",
          "steps",
          "eager",
          "lint",
          "html",
          "form",
          "on",
          "save",
          "run",
          "do",
          "data",
          "loader");

  /** Words of a key that say it turns its protection off when on: {@code skip_validation}. */
  private static final Set<String> NEGATIONS =
      NameSet.of(
          "skip", "disable", "disabled", "no", "bypass", "ignore", "without", "override", "unsafe");

  /** Words that make a number a switch: {@code interlock_enabled: 0}. */
  private static final Set<String> FLAG_WORDS =
      NameSet.of(
          "enabled",
          "enable",
          "on",
          "active",
          "required",
          "require",
          "enforce",
          "enforced",
          "mode",
          "check",
          "checks",
          "flag");

  private static final Set<String> OFF =
      NameSet.of("false", "off", "no", "disabled", "disable", "never");

  private static final Set<String> ON =
      NameSet.of("true", "on", "yes", "enabled", "enable", "always");

  /** De-identification's actions that protect, and those that keep the value as it is. */
  private static final Set<String> PROTECTIVE_ACTIONS =
      NameSet.of(
          "remove",
          "redact",
          "mask",
          "hash",
          "drop",
          "suppress",
          "encrypt",
          "shift",
          "generalize",
          "generalise",
          "truncate",
          "pseudonymize",
          "anonymize",
          "blank",
          "replace",
          "delete",
          "clean",
          "empty",
          "x",
          "d",
          "z",
          "u");

  private static final Set<String> KEEPING_ACTIONS =
      NameSet.of(
          "keep", "retain", "pass", "passthrough", "k", "none", "allow", "clear", "plain", "raw");

  /** Whether words name a protection: {@code interlock}, {@code audit}, {@code consent}. */
  static boolean protection(List<String> words) {
    return SafeguardEdits.has(words, PROTECTIONS);
  }

  /** Whether a word is a de-identification's action that protects: {@code remove}, {@code hash}. */
  static boolean protectiveAction(String word) {
    return PROTECTIVE_ACTIONS.contains(word);
  }

  /** Whether a word is a de-identification's action that keeps the value: {@code keep}. */
  static boolean keepingAction(String word) {
    return KEEPING_ACTIONS.contains(word);
  }

  /** A setting read from a text: its key with its sections, and its value. */
  record Setting(String key, String context, String value, String line) {
    /** Whether its value switches on: {@code true}, {@code yes}, {@code enabled}. */
    boolean on() {
      return ON.contains(value.toLowerCase(Locale.ROOT));
    }
  }

  /** Every setting of a text, its sections (YAML's indentation, INI's tables) before its key. */
  static List<Setting> settings(String text, boolean onlyAdded, Set<String> oldLines) {
    List<Setting> settings = new ArrayList<>();
    List<String> sections = new ArrayList<>();
    List<Integer> indents = new ArrayList<>();
    String table = "";
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (line.isEmpty() || raw.length() > SafeguardEdits.MAX_LINE || settings.size() > 512) {
        continue;
      }
      int indent = raw.length() - raw.stripLeading().length();
      while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent) {
        indents.remove(indents.size() - 1);
        sections.remove(sections.size() - 1);
      }
      Matcher tableLine = TABLE.matcher(line);
      if (indent == 0 && tableLine.matches()) {
        table = tableLine.group(1);
        continue;
      }
      Matcher heading = SECTION.matcher(line);
      Matcher item = heading.matches() ? heading : WatchKeys.NAMED_ITEM.matcher(line); // round 61
      if ((item == heading || item.lookingAt()) && sections.size() < 16) {
        sections.add(item.group(1));
        indents.add(indent);
        if (item == heading) {
          continue;
        }
      }
      if (onlyAdded && oldLines.contains(line)) {
        continue;
      }
      Setting firmware = FirmwareSwitches.setting(line, table + "." + String.join(".", sections));
      if (firmware != null) {
        settings.add(firmware); // #define X 0, # CONFIG_X is not set (decision 237)
        continue;
      }
      if (CheckEdits.comment(line) || SIGNATURE.matcher(line).lookingAt()) {
        continue; // a parameter's default is no setting: def fmt(x, validate=False)
      }
      String context = table + "." + String.join(".", sections);
      Matcher map = INLINE_MAP.matcher(line);
      if (map.lookingAt()) {
        context += "." + map.group(1); // its pairs' section: FALL_ALERTS = {"enabled": False}
      }
      Matcher pair = KEY_VALUE.matcher(line);
      while (pair.find()) {
        String value = pair.group(2).replace("'", "").replace("\"", "");
        settings.add(new Setting(pair.group(1), context, value, line));
      }
      Matcher call = CALL_FLAG.matcher(line);
      while (call.find()) {
        settings.add(new Setting(call.group(1), context, call.group(2), line));
      }
    }
    return settings;
  }

  /**
   * A switch named for a protection turned off, or a de-identification action turned to keep.
   *
   * @param setting the setting the change writes
   * @param before the file's values before the change, by key
   * @param fileWords the words of the file's name and folder
   * @param switchedOn the keys the same text switches on: where a key is on for some items and off
   *     for others, a requirement's key is a table's column, not a switch turned off
   */
  static String protectionOff(
      Setting setting, Map<String, String> before, List<String> fileWords, Set<String> switchedOn) {
    String v = setting.value().toLowerCase(Locale.ROOT);
    List<String> key = SafeguardEdits.words(setting.key());
    if (key.isEmpty()) {
      return null;
    }
    List<String> all = new ArrayList<>(key);
    all.addAll(SafeguardEdits.words(setting.context()));
    String was = before.get(setting.key());
    List<String> placed = new ArrayList<>(all);
    placed.addAll(fileWords);
    if ((OFF.contains(v) || v.equals("0"))
        && PROTECTIVE_ACTIONS.contains(key.get(0))
        && key.size() > 1
        && deidentifying(placed)) {
      return setting.line(); // remove_dates: false, in a de-identification's settings
    }
    if (KEEPING_ACTIONS.contains(v)
        && was != null
        && PROTECTIVE_ACTIONS.contains(was.toLowerCase(Locale.ROOT))
        && (SafeguardEdits.has(placed, PROTECTIONS) || deidentifying(placed))) {
      return setting.key() + ": " + was + " → " + setting.value();
    }
    String last = key.get(key.size() - 1);
    // A protection's own word given its kind (redaction: full) is off at none (decision 185).
    boolean off = OFF.contains(v) || v.equals("none") && PROTECTIONS.contains(last);
    boolean on = ON.contains(v);
    // Kconfig's own y and n (decision 237), and a choice of protection moved to its NONE.
    off |= FirmwareSwitches.kconfig(setting) && v.equals("n");
    on |= FirmwareSwitches.kconfig(setting) && v.equals("y");
    if (on && FirmwareSwitches.protectionChosenAway(setting, key, was)) {
      return setting.line();
    }
    // block_load_without_vgm: a block's condition, not a negation of it (decision 261)
    boolean negated =
        SafeguardEdits.has(key, NEGATIONS) && !RequirementKeys.leads(key)
            || WatchKeys.automatic(key);
    // A key its text switches on elsewhere is a table's column (decisions 167, 174), unless on is
    // the way it turns its protection off (skip_confirmation: true).
    boolean column = !negated && switchedOn.contains(setting.key());
    boolean requirement =
        (RequirementKeys.names(setting.key()) || RequirementKeys.namedBySection(setting.context()))
            && !column;
    if ((v.equals("0") || v.equals("1"))
        && (FLAG_WORDS.contains(last)
            || PROTECTIONS.contains(last)
            || requirement && RequirementKeys.requires(setting.key())
            || WatchKeys.switchedByNumber(key) && !column)) {
      off = v.equals("0");
      on = v.equals("1");
    }
    if (!off && !on) {
      return null;
    }
    boolean watch =
        (WatchKeys.names(key)
                || WatchKeys.namedBySection(key, setting.context())
                || WatchKeys.pages(key, placed))
            && !column;
    boolean protection =
        SafeguardEdits.has(all, PROTECTIONS)
            || ChildProtectionKeys.names(key)
            || logsAccess(all)
            || requirement
            || watch
            || WatchKeys.automatic(key)
            || WatchKeys.owedReport(placed) && !column
            || TwoPersonKeys.names(all) // dual_authorisation: false (round 66)
            || negated && SafeguardEdits.has(key, SKIPPED_CHECKS)
            || SafeguardEdits.has(key, SAFETY_CHECKS)
                && SafeguardEdits.has(fileWords, SAFETY_FILES);
    // A model's validation is no protection (run_validation); a watch's key keeps its own words
    // (notify_on_call: its "on" is no training step's: decision 178).
    if (!protection
        || SafeguardEdits.has(key, TRAINING)
            && !watch
            && !SafeguardEdits.has(key, Set.of("interlock", "safety", "audit"))
            && !EventProtections.named(key)
        || SafeguardEdits.has(key, Set.of("checker", "nsfw")) && !TwoPersonKeys.names(key)) {
      return null;
    }
    if (negated ? !on : !off) {
      return null;
    }
    if (was != null && was.equalsIgnoreCase(setting.value())) {
      return null;
    }
    return setting.line().length() > 120 ? setting.key() + " = " + setting.value() : setting.line();
  }

  /** A logging switch of access, PHI or security: {@code phi_access_logging}. */
  private static boolean logsAccess(List<String> words) {
    boolean logs = false;
    for (String word : words) {
      logs |= word.startsWith("log");
    }
    return logs && SafeguardEdits.has(words, ACCESS_LOGS);
  }

  static boolean deidentifying(List<String> words) {
    for (String word : words) {
      if (word.startsWith("deid")
          || word.startsWith("anonym")
          || word.equals("profile")
          || word.equals("phi")
          || word.equals("pii")
          || word.startsWith("redact")) {
        return true;
      }
    }
    return false;
  }

  /** Which way a threshold loosens, or 0: -1 lowered, 1 raised, 2 a range widened, -2 narrowed. */
  private static int loosening(List<String> key, List<String> context) {
    List<String> all = new ArrayList<>(key);
    all.addAll(context);
    Set<String> words = new HashSet<>(all);
    boolean match =
        SafeguardEdits.has(
            all,
            Set.of(
                "match",
                "matching",
                "merge",
                "link",
                "linkage",
                "mpi",
                "identity",
                "empi",
                "patient",
                "person"));
    boolean cutoff =
        SafeguardEdits.has(
            key,
            Set.of(
                "threshold",
                "cutoff",
                "min",
                "minimum",
                "score",
                "confidence",
                "probability",
                "weight"));
    if (match && cutoff) {
      return -1;
    }
    if (SafeguardEdits.has(key, Set.of("max", "upper", "ceiling", "limit", "maximum"))
        && SafeguardEdits.has(
            all,
            Set.of(
                "laser",
                "dose",
                "dosage",
                "radiation",
                "voltage",
                "temperature",
                "temp",
                "pressure",
                "exposure",
                "infusion"))) {
      return 1;
    }
    boolean privacy = deidentifying(all) || words.contains("safe") && words.contains("harbor");
    if (words.contains("zip")
        && SafeguardEdits.has(all, Set.of("digits", "digit", "prefix", "keep"))) {
      return 1;
    }
    if ((words.contains("shift") || words.contains("jitter"))
        && (privacy || words.contains("date"))) {
      return -2;
    }
    if (SafeguardEdits.has(key, Set.of("anonymity", "k")) && privacy
        || SafeguardEdits.has(all, Set.of("cell", "suppression", "suppress"))
            && SafeguardEdits.has(key, Set.of("min", "size", "threshold", "minimum"))) {
      return -1;
    }
    if (privacy && SafeguardEdits.has(key, Set.of("epsilon"))) {
      return 1;
    }
    if (words.contains("age")
        && SafeguardEdits.has(key, Set.of("cap", "max", "topcode", "top", "ceiling"))
        && privacy) {
      return 1;
    }
    if (SafeguardEdits.has(all, Set.of("lockout", "login", "attempts", "otp", "password"))
        && SafeguardEdits.has(key, Set.of("attempts", "retries", "tries", "failures"))) {
      return 1;
    }
    if (words.contains("password")
        && SafeguardEdits.has(key, Set.of("min", "length", "minimum"))
        && !SafeguardEdits.has(key, Set.of("max"))) {
      return -1;
    }
    boolean safety =
        SafeguardEdits.has(
                all,
                Set.of(
                    "critical",
                    "panic",
                    "alarm",
                    "alarms",
                    "safe",
                    "safety",
                    "interlock",
                    "reference"))
            && !(words.contains("safe") && words.contains("harbor"));
    if (safety
        && SafeguardEdits.has(key, Set.of("low", "min", "lower", "floor", "minimum", "lo"))) {
      return -1;
    }
    if (safety
        && SafeguardEdits.has(key, Set.of("high", "max", "upper", "ceiling", "maximum", "hi"))) {
      return 1;
    }
    if (safety) {
      return 2;
    }
    return 0;
  }

  /** A threshold's new value moved the loosening way from its old. */
  static String thresholdLoosened(Setting now, Setting was, List<String> fileWords) {
    double[] a = numbers(was.value());
    double[] b = numbers(now.value());
    if (a == null || b == null || a.length != b.length) {
      return null;
    }
    List<String> context = new ArrayList<>(SafeguardEdits.words(now.context()));
    context.addAll(fileWords);
    int way = loosening(SafeguardEdits.words(now.key()), context);
    boolean loosened =
        switch (way) {
          case -1 -> a.length == 1 && b[0] < a[0];
          case 1 -> a.length == 1 && b[0] > a[0];
          case 2 -> a.length == 2 && b[0] <= a[0] && b[1] >= a[1] && (b[0] < a[0] || b[1] > a[1]);
          case -2 -> a.length == 2 ? b[1] - b[0] < a[1] - a[0] : Math.abs(b[0]) < Math.abs(a[0]);
          default -> false;
        };
    return loosened ? now.key() + ": " + was.value() + " → " + now.value() : null;
  }

  private static double[] numbers(String value) {
    String text = value.replaceAll("[()\\[\\]_\\s]", "");
    String[] parts = text.split(",");
    if (parts.length > 2 || text.isEmpty()) {
      return null;
    }
    double[] numbers = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      if (!parts[i].matches("-?\\d{1,12}(?:\\.\\d{1,12})?")) {
        return null;
      }
      numbers[i] = Double.parseDouble(parts[i]);
    }
    return numbers;
  }
}
