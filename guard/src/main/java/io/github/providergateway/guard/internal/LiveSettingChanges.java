package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number or a host in a service's or an operation's own settings moved by an edit, where nothing
 * says the settings are a test's, a rehearsal's or a developer's and no finer rule knows the
 * setting (decision 317, {@code shapes.live-setting-changed}): {@code import_free_days: 4} made
 * {@code 40} in a tariff, {@code min_confidence = 0.92} made {@code 0.40} in a gate's settings,
 * {@code <mA>4} made {@code 12} in an exposure protocol, {@code host: sftp.partner.com} made
 * another host. The rounds' writers bring such settings in every trade, and which way a number of
 * theirs is safe is the trade's knowledge: the finer rules ({@code safeguards.threshold-loosened},
 * {@code protective-numbers.json}) read the words a safeguard's setting is known by, and the rest
 * walked through. What the guard can read is that the edit moves a value and nothing else, in a
 * file that configures something that runs; the person is asked.
 *
 * <p>Let through: a file that is a test's, a fixture's, an example's or documentation, a
 * rehearsal's (UAT, staging, sandbox, a simulator), this machine's or a development's ({@code dev},
 * {@code local}); a developer tool's own settings ({@code package.json}, {@code tsconfig.json}, an
 * editor's, CI's, translations, schemas); an edit that adds or removes lines, or renames a key; a
 * version, an image's tag, a text shown to people, tuning or a model's training knob; a ceiling
 * lowered, a floor, a requirement, a delay, a retention or a capacity raised; a job's time moved; a
 * path moved on the same host. A switch, a mode or a list is the finer rules' to read, and so is a
 * number a protective-numbers reading or a protection's key names ({@code judgedElsewhere}).
 */
final class LiveSettingChanges {
  private LiveSettingChanges() {}

  /** How many lines of a change are read: a setting's edit is short. */
  private static final int MAX_LINES = 200;

  /** The extensions of files that configure. */
  private static final Set<String> SETTINGS_FILES =
      NameSet.of(
          "yaml",
          "yml",
          "toml",
          "json",
          "ini",
          "cfg",
          "conf",
          "properties",
          "env",
          "xml",
          "j2",
          "tf",
          "tfvars",
          "hcl",
          "timer",
          "service",
          "plist");

  /** A developer tool's settings: what they change is how the project is built or edited. */
  private static final Set<String> DEVELOPER_FILES =
      NameSet.of(
          "package.json",
          "package-lock.json",
          "jsconfig.json",
          "pyproject.toml",
          "setup.cfg",
          "tox.ini",
          "pytest.ini",
          "babel.config.json",
          "cargo.toml",
          "pom.xml",
          "composer.json",
          "renovate.json",
          ".pre-commit-config.yaml",
          "mkdocs.yml",
          "mkdocs.yaml",
          "codecov.yml",
          ".golangci.yml",
          "lerna.json",
          "nx.json",
          "turbo.json",
          "angular.json",
          "launch.json",
          "settings.json",
          "extensions.json",
          "devcontainer.json",
          "manifest.json",
          "app.json",
          ".gitlab-ci.yml",
          ".travis.yml",
          "appveyor.yml",
          "dependabot.yml");

  /** The folders of a developer's tools and of texts shown to people. */
  private static final Set<String> DEVELOPER_FOLDERS =
      NameSet.of(
          ".vscode",
          ".idea",
          ".devcontainer",
          ".github",
          "locale",
          "locales",
          "i18n",
          "translations",
          "lang",
          "localization",
          "localisation",
          "schema",
          "schemas");

  /**
   * The parts of a path that make it a rehearsal's or a tool's try-out beyond {@link
   * CheckFiles#rehearsal}'s: a simulator's, a load test's, a benchmark's, a demonstration's.
   */
  private static final Set<String> TRY_OUTS =
      NameSet.of(
          "sim",
          "simulator",
          "simulation",
          "emulator",
          "loadtest",
          "perf",
          "bench",
          "benchmark",
          "benchmarks",
          "demo",
          "preview",
          "playground",
          "editor",
          "ide",
          "devserver");

  /** The beginnings of a developer tool's file names: {@code tsconfig.build.json}. */
  private static final List<String> DEVELOPER_PREFIXES =
      List.of(
          "tsconfig",
          ".eslintrc",
          ".prettierrc",
          ".babelrc",
          "jest.config",
          "vite.config",
          ".markdownlint",
          "openapi",
          "swagger");

  /**
   * A setting's line: {@code key: value}, {@code "key": value}, {@code KEY=value}, {@code key =
   * value}, a list's item {@code - key: value}, or an element {@code <Key>value</Key>}; its key is
   * the first group (or the second, an element's).
   */
  private static final Pattern SETTING =
      Pattern.compile(
          "^\\s*(?:-\\s+|\\{\\s*)?[\"']?([A-Za-z_0-9][\\w.\\-\\[\\]]{0,80})[\"']?\\s*[:=](?!=)(.*)$"
              + "|^\\s*<([A-Za-z_][\\w.:\\-]{0,60})[ >](.*)$");

  /**
   * The parts of a key that name no setting of what runs: a version or an image's tag, a text shown
   * to people, a look, a picture's rendering, a model's training knob.
   */
  private static final Set<String> NOT_SETTINGS =
      NameSet.of(
          "version",
          "versions",
          "image",
          "tag",
          "digest",
          "sha",
          "checksum",
          "hash",
          "description",
          "title",
          "label",
          "comment",
          "message",
          "summary",
          "text",
          "help",
          "doc",
          "docs",
          "author",
          "changelog",
          "copyright",
          "icon",
          "color",
          "colour",
          "theme",
          "font",
          "subject",
          "prompt",
          "body",
          "placeholder",
          "tooltip",
          "caption",
          "heading",
          "lr",
          "learning",
          "epochs",
          "batch",
          "seed",
          "warmup",
          "dropout",
          // a picture's rendering: an export's long edge, its pixels, a thumbnail (round 72)
          "edge",
          "dpi",
          "ppi",
          "px",
          "pixels",
          "thumbnail",
          "thumb",
          "watermark",
          // tuning of what runs: a page's size, a cache's life, a timeout, a pool, memory
          "page",
          "cache",
          "ttl",
          "timeout",
          "retry",
          "retries",
          "log",
          "logging",
          "verbosity",
          "pool",
          "buffer",
          "memory",
          "cpu",
          "prefetch",
          "keepalive",
          "connections",
          "interval",
          "refresh",
          "age",
          "block",
          "size",
          "ratio",
          "tolerance",
          "players",
          "files",
          "limits",
          "iter",
          "iterations",
          "epsilon");

  /**
   * The parts of a key that name the level an alert or a warning is raised at ({@code
   * self_harm_alert_at}, {@code red_velocity_mm_hr}, {@code pc_yellow}): lowered, it warns sooner
   * (decision 326), unless the key says the alert is of a low value ({@code low_stock_alert_at}).
   */
  private static final Set<String> ALERT_LEVELS =
      NameSet.of("alert", "alarm", "warn", "warning", "red", "amber", "yellow", "orange");

  /** The parts of a key that say its alert is raised below the level: lowered, it warns later. */
  private static final Set<String> BELOW =
      NameSet.of("low", "lo", "min", "minimum", "floor", "lower", "below", "under", "drop");

  /** Whether a key names the level an alert is raised at, reached from below. */
  private static boolean alertLevel(List<String> parts) {
    return parts.stream().anyMatch(ALERT_LEVELS::contains)
        && parts.stream().noneMatch(BELOW::contains);
  }

  /** The parts of a key that name a ceiling: lowered, it tightens ({@code maxPartySize}). */
  private static final Set<String> CEILINGS =
      NameSet.of("max", "maximum", "limit", "cap", "ceiling", "upper");

  /**
   * The parts of a key that name a floor, a count of what is needed, a delay before acting or what
   * is kept, or a capacity: raised, it tightens or scales up ({@code min_rest_minutes}, {@code
   * required_approvers}, {@code delay_seconds}, {@code keep_daily}, {@code replicas}).
   */
  private static final Set<String> FLOORS =
      NameSet.of(
          "min",
          "minimum",
          "floor",
          "lower",
          "require",
          "required",
          "delay",
          "keep",
          "retention",
          "retain",
          "backup",
          "backups",
          "replicas",
          "instances",
          "workers",
          "threads",
          "concurrency");

  /** The parts of a key that name when a job runs. */
  private static final Set<String> SCHEDULES =
      NameSet.of("schedule", "cron", "oncalendar", "calendar");

  /**
   * A run put where it never comes: a year far ahead ({@code OnCalendar=2099-01-01}) or a day no
   * month has ({@code 0 0 31 2 *}, February's 30th or 31st).
   */
  private static final Pattern NEVER =
      Pattern.compile("\\b(?:20[5-9]\\d|2[1-9]\\d\\d)\\b|\\b3[01] 2 \\*");

  /**
   * The first setting whose value the change moves, as {@code key: old → new}, or {@code null}.
   *
   * @param old the text taken out, empty where not known
   * @param now the text put in
   * @param files the files changed
   * @return the setting and its two values, or {@code null}
   */
  static String of(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    if (old.isBlank() || now.isBlank() || !liveSettingsFile(file)) {
      return null;
    }
    List<String> before = settingLines(old);
    List<String> after = settingLines(now);
    if (before == null || after == null || before.size() != after.size()) {
      return null; // lines added or taken out: a change of another shape
    }
    String found = null;
    for (int i = 0; i < before.size(); i++) {
      if (before.get(i).equals(after.get(i))) {
        continue;
      }
      Matcher was = SETTING.matcher(before.get(i));
      Matcher is = SETTING.matcher(after.get(i));
      if (!was.matches() || !is.matches()) {
        return null; // not a setting's line: code, a comment, prose
      }
      String key = key(was);
      if (!key.equals(key(is))) {
        return null; // a key renamed
      }
      String from = value(was);
      String to = value(is);
      if (found == null && moves(key, from, to) && !judgedElsewhere(key, file)) {
        found = key + ": " + shown(from) + " → " + shown(to);
      }
    }
    return found;
  }

  /**
   * Whether a file configures something that runs: a settings file's extension, not a test's, a
   * rehearsal's, this machine's, documentation or a developer tool's. Read on its name and the
   * three folders above it (the folders a checkout lies in are not the file's).
   */
  static boolean liveSettingsFile(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    int dot = name.lastIndexOf('.');
    String extension = dot < 0 ? "" : name.substring(dot + 1);
    if (!SETTINGS_FILES.contains(extension) && !name.startsWith(".env")) {
      return false;
    }
    String[] folders = lower.split("/");
    String near = CheckFiles.near(lower);
    if (CheckFiles.servesNobody(near)
        || CheckFiles.rehearsal(near)
        || Environments.testName(near)
        || DEVELOPER_FILES.contains(name)) {
      return false;
    }
    for (String prefix : DEVELOPER_PREFIXES) {
      if (name.startsWith(prefix)) {
        return false;
      }
    }
    for (int i = 0; i < folders.length - 1; i++) {
      // a tool's own dot-folder (~/.config/tool, .tool/) holds the person's settings of a tool
      if (DEVELOPER_FOLDERS.contains(folders[i]) || folders[i].startsWith(".")) {
        return false;
      }
    }
    for (String part : near.split("[/._\\-]")) {
      if (TRY_OUTS.contains(part)) {
        return false;
      }
    }
    return true;
  }

  /** The text's lines that hold anything, stripped; {@code null} when there are too many. */
  private static List<String> settingLines(String text) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n", MAX_LINES + 1)) {
      if (lines.size() == MAX_LINES) {
        return null;
      }
      String stripped = line.strip();
      if (!stripped.isEmpty()) {
        lines.add(stripped);
      }
    }
    return lines;
  }

  private static String key(Matcher setting) {
    return setting.group(1) != null ? setting.group(1) : setting.group(3);
  }

  private static String value(Matcher setting) {
    String value = setting.group(1) != null ? setting.group(2) : setting.group(4);
    int comment = value.indexOf(" #");
    return (comment < 0 ? value : value.substring(0, comment)).strip();
  }

  /**
   * Whether a setting's change is one for the person: its key names a setting of what runs, and the
   * change does not tighten it.
   */
  private static boolean moves(String key, String from, String to) {
    List<String> parts = parts(key);
    if (parts.stream().anyMatch(NOT_SETTINGS::contains)) {
      return false;
    }
    String was = bare(from);
    String is = bare(to);
    if (was.equals(is)) {
      return false; // quoting or spacing alone
    }
    if (parts.stream().anyMatch(SCHEDULES::contains)) {
      return NEVER.matcher(is).find(); // a run moved is the job's; put off for ever is not
    }
    Double before = number(was);
    Double after = number(is);
    if (before != null && after != null) {
      // a ceiling lowered, a floor or a count needed raised: tightened, or scaled up
      return !(after < before && parts.stream().anyMatch(CEILINGS::contains)
          || after < before && alertLevel(parts)
          || after > before && parts.stream().anyMatch(FLOORS::contains));
    }
    // A switch, a mode or a list is the finer rules' (safeguards.protection-off, exclusions
    // emptied, recipients added), which know which way their words move; a number's or a host's
    // move has no words to read.
    return host(was) && host(is) && !sameHost(was, is); // a path's version moved is the host's
  }

  /** A host's name or an address: {@code sftp.partner.com}, {@code https://api.x.com/v2}. */
  private static final Pattern HOST =
      Pattern.compile(
          "(?:[a-z][a-z0-9+.\\-]{1,12}://)?[a-z0-9\\-]{1,63}(?:\\.[a-z0-9\\-]{1,63})+(?::\\d{1,5})?(?:/\\S*)?");

  private static boolean host(String value) {
    if (value.length() > 300 || !HOST.matcher(value).matches()) {
      return false;
    }
    String name = Environments.host(value);
    String top = name.substring(name.lastIndexOf('.') + 1);
    // a name's last label holds a letter; all digits, it is an IPv4 address only in four parts
    // (10.44.0.7), not a build's number (3.8.4, 2.4.0-rc3)
    return top.chars().anyMatch(Character::isLetter) || IPV4.matcher(name).matches();
  }

  private static final Pattern IPV4 =
      Pattern.compile("(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)");

  /** Whether two addresses are one host's: only the path or the port moved. */
  private static boolean sameHost(String was, String is) {
    return Environments.host(was).equals(Environments.host(is));
  }

  /**
   * Whether the finer rules know the setting and have judged its move already: a protective
   * number's reading ({@link ProtectiveNumbers#knows}, whose factor decides) or a protection's key
   * ({@link SafeguardSettings#protection}), whose loosening they ask about and whose tightening
   * they let through.
   */
  private static boolean judgedElsewhere(String key, String file) {
    return ProtectiveNumbers.knows(key, file)
        || SafeguardSettings.protection(SafeguardEdits.words(key));
  }

  /** A key's words: {@code encryptAtRest} is {@code encrypt}, {@code at}, {@code rest}. */
  private static List<String> parts(String key) {
    List<String> parts = new ArrayList<>();
    for (String part : key.split("[._\\-\\[\\]]|(?<=[a-z0-9])(?=[A-Z])")) {
      if (!part.isEmpty()) {
        parts.add(part.toLowerCase(Locale.ROOT));
      }
    }
    return parts;
  }

  /** A value without its quotes, its trailing comma, or its element's end, in lower case. */
  private static String bare(String value) {
    String bare = value;
    int end = bare.indexOf("</");
    if (end >= 0) {
      bare = bare.substring(0, end);
    }
    if (bare.endsWith(",")) {
      bare = bare.substring(0, bare.length() - 1);
    }
    bare = bare.strip();
    if (bare.length() >= 2
        && (bare.charAt(0) == '"' || bare.charAt(0) == '\'')
        && bare.charAt(bare.length() - 1) == bare.charAt(0)) {
      bare = bare.substring(1, bare.length() - 1);
    }
    return bare.toLowerCase(Locale.ROOT);
  }

  /** A value's number ({@code 5_000}, {@code 0.92}), or {@code null} where it is none. */
  private static Double number(String value) {
    String digits = value.replace("_", "");
    if (digits.isEmpty() || digits.length() > 24) {
      return null;
    }
    try {
      return Double.valueOf(digits);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String shown(String value) {
    return value.length() <= 60 ? value : value.substring(0, 57) + "...";
  }
}
