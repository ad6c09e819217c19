package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A protection's setting moved its weak way where the change shows what it was (decision 202), for
 * {@link SafeguardEdits} ({@code safeguards.protection-off}): a mode word moved to its weak twin
 * ({@link WeakModes}); a switch that supervises, replicates, backs up or sends turned off ({@code
 * replicate_to_dr: false}, {@code send_lay_letters: false}), or any switch turned off in a
 * screening's, a supervision's, a replication's or a dispatch's settings ({@code ofac_sdn:
 * auto_refresh: false}, {@code late_to_test_enabled = false} in {@code supervision.toml}); a
 * feature a protection kept off turned on ({@code DicomAlwaysAllowMove: true}, {@code
 * OverwriteInstances: true}, {@code auto_finalize_negative: true}, {@code record_audio_default:
 * true}). Only a setting whose old value the change shows is read, so a new file's settings are
 * none of these.
 */
final class WeakSettings {
  private WeakSettings() {}

  /**
   * Words of a key whose switch turned off stops a protection: it supervises, replicates, sends.
   */
  private static final Set<String> GUARDING_VERBS =
      NameSet.of(
          "supervise",
          "supervised",
          "supervision",
          "supervisory",
          "replicate",
          "replicated",
          "replication",
          "failover",
          "backup",
          "backups",
          "send",
          "sends",
          "sending",
          "deliver",
          "mail",
          "respect",
          "respects",
          "honor",
          "honour",
          "observe",
          "observes");

  /**
   * Whom a switch keeps out of a mailing, a call list or a run (decision 212): {@code
   * exclude_deceased}, {@code exclude_gone_away}, {@code skip_vulnerable}. Turned off, it reaches
   * them.
   */
  private static final Set<String> KEPT_OUT =
      NameSet.of(
          "deceased",
          "dead",
          "bereaved",
          "gone",
          "goneaway",
          "vulnerable",
          "optout",
          "optouts",
          "unsubscribed",
          "minors",
          "lacks",
          "incapacity",
          "tps",
          "mps",
          "fps");

  /**
   * What is sent that a person may turn off for privacy's or quiet's sake: telemetry, marketing.
   */
  private static final Set<String> OPTIONAL_SENDS =
      NameSet.of(
          "telemetry",
          "analytics",
          "usage",
          "stats",
          "statistics",
          "metrics",
          "crash",
          "crashes",
          "diagnostics",
          "tracking",
          "marketing",
          "newsletter",
          "newsletters",
          "promotional",
          "promotions",
          "beacon",
          "beacons",
          "pii",
          "anonymous",
          "default",
          "digest",
          "debug");

  /**
   * Where every switch is a protection's: a screening's, a supervision's, a dispatch's settings.
   */
  private static final Set<String> GUARDED_PLACES =
      NameSet.of(
          "screening",
          "sanctions",
          "sanction",
          "ofac",
          "sdn",
          "aml",
          "kyc",
          "embargo",
          "watchlist",
          "supervision",
          "supervisory",
          "replication",
          "failover",
          "dispatch",
          "hold",
          "holds",
          "moratorium",
          "licence",
          "license",
          // decision 247: gamstop's enabled: false in compliance.yaml, a fraud rule's switch
          "compliance",
          "fraud",
          // a clinical check's switch (decision 288: drug_drug_interaction: enabled: false)
          "interaction",
          "interactions",
          "contraindication",
          "contraindications",
          "allergy",
          "allergies");

  /** Keys that are no protection wherever they are: how much is logged, shown or cached. */
  private static final Set<String> INCIDENTAL =
      NameSet.of(
          "debug",
          "verbose",
          "trace",
          "tracing",
          "metrics",
          "cache",
          "caching",
          "pretty",
          "color",
          "colour",
          "telemetry",
          "analytics",
          "dry",
          "dryrun",
          "demo",
          "mock",
          "gitignore",
          "ignorefile",
          "vcs");

  /** Keys whose value is a record's or a thing's, not a mode: {@code status: held}. */
  private static final Set<String> NO_MODE =
      NameSet.of(
          "status",
          "state",
          "name",
          "title",
          "description",
          "label",
          "message",
          "text",
          "reason",
          "comment",
          "note",
          "id",
          "phase",
          "stage",
          "version",
          "color",
          "colour",
          "icon",
          "theme",
          "locale",
          "language",
          "lang",
          "result");

  /** What a feature turned on by default records or shares of people. */
  private static final Set<String> RECORDED =
      NameSet.of(
          "record",
          "recording",
          "audio",
          "microphone",
          "mic",
          "video",
          "face",
          "facial",
          "biometric",
          "biometrics",
          "location",
          "tracking",
          "share",
          "sharing",
          "public");

  /** What an automatic step does that a person did: a report signed or finalized unread. */
  private static final Set<String> SIGNS = NameSet.of("finalize", "finalise", "sign", "signoff");

  /** What overwriting that loses a kept original overwrites: not a build's files. */
  private static final Set<String> REGENERATED =
      NameSet.of(
          "file",
          "files",
          "output",
          "outputs",
          "existing",
          "cache",
          "generated",
          "config",
          "dist",
          "build");

  private static final Set<String> ON = NameSet.of("true", "on", "yes", "enabled", "enable");

  private static final Set<String> OFF = NameSet.of("false", "off", "no", "disabled", "disable");

  /**
   * What a change of text turns its weak way, of the settings whose old value it shows.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes, not a test's or a rehearsal's
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (old.isEmpty()) {
      return null;
    }
    Set<String> oldLines = new HashSet<>();
    for (String line : old.split("\n", -1)) {
      oldLines.add(line.strip());
    }
    Map<String, String> before = new HashMap<>();
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(old, false, Set.of())) {
      before.putIfAbsent(setting.key(), setting.value());
    }
    List<String> path = CheckWords.words(file);
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(now, true, oldLines)) {
      String was = before.get(setting.key());
      if (was == null || was.equalsIgnoreCase(setting.value())) {
        continue;
      }
      if (weakened(setting, was, path)) {
        return setting.key() + ": " + was + " → " + setting.value();
      }
    }
    return null;
  }

  /** Whether a setting's move from its old value is its weak way. */
  private static boolean weakened(
      SafeguardSettings.Setting setting, String was, List<String> path) {
    List<String> key = SafeguardEdits.words(setting.key());
    if (key.isEmpty() || SafeguardEdits.has(key, INCIDENTAL)) {
      return false;
    }
    String v = setting.value().toLowerCase(Locale.ROOT);
    String w = was.toLowerCase(Locale.ROOT);
    // A sed's key: .* replaced: whatever it was, the switch is off now.
    if (OFF.contains(v) && (ON.contains(w) || w.equals("."))) {
      List<String> placed = new ArrayList<>(key);
      placed.addAll(SafeguardEdits.words(setting.context()));
      placed.addAll(path);
      return SafeguardEdits.has(key, GUARDING_VERBS) && !SafeguardEdits.has(key, OPTIONAL_SENDS)
          || SafeguardEdits.has(key, KEPT_OUT)
          || contentFilter(key)
          || SafeguardEdits.has(placed, GUARDED_PLACES)
          || recordKept(key, path);
    }
    if (ON.contains(v) && OFF.contains(w)) {
      return turnsOnWhatWasKeptOff(key) || opensToGuests(setting);
    }
    if (v.equals("0")
        && SafeguardEdits.has(key, CHECKS)
        && !key.contains("window") // a window shortened is a threshold's (ProtectiveNumbers)
        && PERIODS.contains(key.get(key.size() - 1))
        && w.matches("\\d{1,9}")
        && !w.equals("0")) {
      return true; // reality_check_minutes: 60 → 0: a check that never comes (decision 247)
    }
    if (FILTERS.contains(key.get(key.size() - 1))
        && !SafeguardEdits.has(key, LOGGING)
        && NO_FILTER.contains(v)
        && !NO_FILTER.contains(w)) {
      return true; // import_filter: irr → none (decision 247)
    }
    if (ERRORS.contains(w)
        && (SafeguardEdits.has(key, LOGGING) || SafeguardEdits.has(path, LINTERS))) {
      return false; // log_level: error → warn logs more; a lint rule's error made a warning
    }
    return !SafeguardEdits.has(key, NO_MODE) && WeakModes.weakened(was, setting.value());
  }

  /**
   * Whether a switch keeps a content filter or a restricted mode on (decision 251): {@code
   * AutoFilterEnabled} in a device profile, {@code SafeSearchRestrictedMode}, {@code
   * content_filter_enabled}; not a log's filter, nor a switch that shows a filter's bar.
   */
  private static boolean contentFilter(List<String> key) {
    if (SafeguardEdits.has(key, LOGGING)) {
      return false;
    }
    String last = key.get(key.size() - 1);
    boolean filter =
        SafeguardEdits.has(key, FILTERS)
            && (FILTERS.contains(last) || last.equals("enabled") || last.equals("enable"));
    return filter
        || SafeguardEdits.has(key, RESTRICTED)
        || key.contains("safe") && key.contains("search"); // SafeSearch
  }

  /** The words of a key that keeps a restricted or safe mode for whom it serves. */
  private static final Set<String> RESTRICTED =
      NameSet.of("restricted", "safesearch", "parental", "childsafe");

  /** The words of a key whose period, made zero, is a check that never comes. */
  private static final Set<String> CHECKS =
      NameSet.of("check", "checks", "review", "reviews", "recheck", "reverify", "reconfirm");

  /** The last words of a key that is a period. */
  private static final Set<String> PERIODS =
      NameSet.of(
          "minutes",
          "mins",
          "min",
          "seconds",
          "secs",
          "sec",
          "ms",
          "hours",
          "hrs",
          "days",
          "interval",
          "period",
          "frequency",
          "every");

  /** The last words of a key that is a filter: {@code import_filter}, {@code content_filtering}. */
  private static final Set<String> FILTERS = NameSet.of("filter", "filtering", "filters");

  /** A filter's values that let everything through. */
  private static final Set<String> NO_FILTER =
      NameSet.of(
          "none",
          "off",
          "false",
          "disabled",
          "any",
          "accept",
          "accept_all",
          "allow_all",
          "permit_any",
          "permit_all",
          "no");

  /** A check's failing word, whose weak twin is a warning ({@link WeakModes}). */
  private static final Set<String> ERRORS = NameSet.of("error", "errors", "fatal", "critical");

  /** The words of a key that sets how much is logged, where {@code error} is a level. */
  private static final Set<String> LOGGING =
      NameSet.of("log", "logs", "logging", "loglevel", "logger", "level", "verbosity");

  /** The words of a linter's settings file, whose rules' levels are the developers' own choice. */
  private static final Set<String> LINTERS =
      NameSet.of(
          "eslint",
          "eslintrc",
          "lint",
          "linter",
          "lintr",
          "stylelint",
          "stylelintrc",
          "tslint",
          "biome",
          "ruff",
          "pylint",
          "pylintrc",
          "flake8",
          "rubocop",
          "clippy",
          "golangci",
          "detekt",
          "ktlint",
          "swiftlint",
          "markdownlint",
          "sonar",
          "spotbugs",
          "checkstyle",
          "pmd");

  /**
   * Whether a switch keeps a record's trail or a check on what is saved (decision 213): a field's
   * history tracked ({@code trackHistory}, {@code audit_history}), a validation rule's own {@code
   * active} or {@code enabled}.
   */
  private static boolean recordKept(List<String> key, List<String> path) {
    if (key.contains("history") && (key.contains("track") || key.contains("audit"))) {
      return true;
    }
    boolean rule = path.contains("validation") && (path.contains("rule") || path.contains("rules"));
    return rule && key.size() == 1 && (key.contains("active") || key.contains("enabled"));
  }

  /** Whether a key turned on lets what a protection kept off happen. */
  private static boolean turnsOnWhatWasKeptOff(List<String> key) {
    if (key.contains("allow")
        && (key.contains("always")
            || SafeguardEdits.has(
                key, Set.of("any", "anonymous", "unauthenticated", "unsigned", "unverified")))) {
      return true; // DicomAlwaysAllowMove: any caller may move studies
    }
    if (key.size() >= 2
        && (key.get(0).startsWith("overwrite") || key.get(key.size() - 1).startsWith("overwrite"))
        && !SafeguardEdits.has(key, REGENERATED)) {
      return true; // OverwriteInstances: a resent instance replaces the kept original
    }
    if (key.get(0).equals("auto") && SafeguardEdits.has(key, SIGNS)) {
      return true; // auto_finalize_negative: a report goes out that nobody read
    }
    return key.contains("default") && SafeguardEdits.has(key, RECORDED);
  }

  /** The words of a setting that name whoever comes without an account. */
  private static final Set<String> GUESTS = NameSet.of("guest", "guests", "anonymous", "anon");

  /**
   * Whether a switch turned on lets in whoever comes without an account (round 61): a share's
   * {@code guest ok = yes}, an FTP server's {@code anonymous_enable=YES}, read of the whole key
   * before its value, as an INI's or Samba's key has spaces.
   */
  private static boolean opensToGuests(SafeguardSettings.Setting setting) {
    String line = setting.line();
    int value = line.lastIndexOf(setting.value());
    List<String> key = CheckWords.words(value > 0 ? line.substring(0, value) : setting.key());
    return SafeguardEdits.has(key, GUESTS)
        && !SafeguardEdits.has(key, Set.of("deny", "block", "disable", "disabled", "no", "map"));
  }
}
