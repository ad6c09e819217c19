package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rehearsal turned real in a change of text (decision 222), for {@link SafeguardEdits} ({@code
 * safeguards.rehearsal-made-real}): a setting or an element whose value moves from a rehearsal's
 * word to the real one ({@code status: Test} to {@code Actual}, {@code <status>Exercise</status>}
 * to {@code Actual}, {@code mode: practice} to {@code live}, {@code env: sandbox} to {@code
 * production}), a switch that keeps a run a rehearsal turned off ({@code dry_run: true} to {@code
 * false}, {@code test_mode}, {@code sandbox}, {@code simulate}, {@code paper_trading}), or one that
 * makes it real turned on ({@code live: false} to {@code true}, {@code livemode}). Only a setting
 * whose old value the change shows is read, and not in a test's, a fixture's, a rehearsal's (UAT,
 * staging) or documentation's file, where a rehearsal is written: the way back ({@code Actual} to
 * {@code Test}, {@code dry_run: true} added) is none. The same reading finds a setting whose
 * handling is made to destroy ({@link DestructiveHandling}, decision 252).
 */
final class RehearsalMadeReal {
  private RehearsalMadeReal() {}

  /** The words that say a run is a rehearsal: a test, a drill, practice, a simulation. */
  private static final Set<String> REHEARSAL =
      NameSet.of(
          "test",
          "testing",
          "exercise",
          "drill",
          "practice",
          "training",
          "rehearsal",
          "simulation",
          "simulated",
          "simulate",
          "sim",
          "sandbox",
          "paper",
          "dry",
          "dryrun",
          "noop",
          "whatif",
          "mock",
          "fake",
          "demo");

  /** The words that say a run is real: it reaches people, markets, records. */
  private static final Set<String> REAL =
      NameSet.of(
          "actual",
          "live",
          "livemode",
          "operational",
          "production",
          "prod",
          "real",
          // a proposal's switch made live (decision 326): reconcile(ledger, apply=True)
          "apply",
          "execute");

  /** Words that may stand beside those in a key or a value: {@code test_mode}, {@code dry_run}. */
  private static final Set<String> BESIDE =
      NameSet.of(
          "mode",
          "is",
          "use",
          "run",
          "only",
          "enabled",
          "enable",
          "default",
          "trading",
          "money",
          // SEND_LIVE: False → True, the drill's messages sent for real (decision 251)
          "send",
          "sends",
          "sending",
          "deliver",
          "notify",
          "broadcast",
          "post",
          "publish");

  /** A switch's values on and off, as read by this and by {@link DestructiveHandling}. */
  static final Set<String> ON = NameSet.of("true", "on", "yes", "1", "enabled");

  static final Set<String> OFF = NameSet.of("false", "off", "no", "0", "disabled");

  /** The most text read. */
  private static final int MAX_TEXT = 64 * 1024;

  /** An element and its text: {@code <status>Test</status>}. */
  private static final Pattern ELEMENT =
      Pattern.compile("<([A-Za-z_][\\w.:\\-]{0,60})>\\s*([^<>\\n]{1,40}?)\\s*</\\1>");

  /** The folders of documentation and examples: what their files say runs nowhere. */
  private static final Set<String> WRITTEN_AS_EXAMPLES =
      NameSet.of("docs", "doc", "examples", "example");

  /**
   * What a change of text turns from a rehearsal to real.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param files the files it changes
   * @return what it turns real, as the reason shows it, or {@code null}
   */
  static SafeguardEdits.Found of(String old, String now, List<String> files) {
    if (old.isEmpty() || files.isEmpty() || files.stream().anyMatch(RehearsalMadeReal::rehearses)) {
      return null;
    }
    String swapped = flagSwapped(old, now);
    if (swapped != null) {
      return new SafeguardEdits.Found(SafeguardEdits.Kind.REHEARSAL_MADE_REAL, swapped);
    }
    old = PlistSettings.flattened(old);
    now = PlistSettings.flattened(now);
    Map<String, String> before = values(old);
    if (before.isEmpty()) {
      return null;
    }
    for (Map.Entry<String, String> setting : values(now).entrySet()) {
      String was = before.get(setting.getKey());
      if (was != null && madeReal(setting.getKey(), was, setting.getValue())) {
        String shown = setting.getKey() + ": " + was + " → " + setting.getValue();
        return new SafeguardEdits.Found(SafeguardEdits.Kind.REHEARSAL_MADE_REAL, shown);
      }
      String destroys =
          was == null
              ? null
              : DestructiveHandling.madeDestructive(setting.getKey(), was, setting.getValue());
      if (destroys != null) { // on_missing: suspend → delete (decision 252)
        return new SafeguardEdits.Found(SafeguardEdits.Kind.HANDLING_MADE_DESTRUCTIVE, destroys);
      }
    }
    return null;
  }

  /** A command's flags that keep its run a rehearsal. */
  private static final Set<String> DRY_FLAGS =
      NameSet.of(
          "--dry-run", "--dryrun", "--simulate", "--noop", "--what-if", "--whatif", "--preview");

  /** A command's flags that make its run real. */
  private static final Set<String> LIVE_FLAGS =
      NameSet.of(
          "--send",
          "--apply",
          "--commit",
          "--execute",
          "--live",
          "--confirm",
          "--yes",
          "--force",
          "--no-dry-run",
          "--for-real",
          "--post",
          "--submit",
          "--notify");

  /** A flag's token: {@code --dry-run} in {@code "--dry-run"]} or {@code cmd --dry-run;}. */
  private static final Pattern FLAG = Pattern.compile("--[a-z][a-z-]{1,30}");

  /**
   * A command written in a file whose rehearsal's flag is swapped for one that makes it real
   * (decision 255: a deployed job's {@code args: [..., "--dry-run"]} made {@code "--send"}): the
   * old text holds a rehearsal's flag the new one drops, and the new one a real run's flag the old
   * one lacks.
   */
  private static String flagSwapped(String old, String now) {
    Set<String> before = flags(old);
    Set<String> after = flags(now);
    for (String dry : before) {
      if (!DRY_FLAGS.contains(dry) || after.contains(dry)) {
        continue;
      }
      if (dropped(old, now, dry)) {
        return dry + " taken out"; // args: [purge, --dry-run, ...] made [purge, ...]: decision 326
      }
      for (String live : after) {
        if (LIVE_FLAGS.contains(live) && !before.contains(live)) {
          return dry + " → " + live;
        }
      }
    }
    return null;
  }

  /**
   * Whether the new text is the old one with the rehearsal's flag taken out and nothing else
   * changed but blanks: {@code ["purge", "--dry-run", "--older-than=90d"]} made {@code ["purge",
   * "--older-than=90d"]}.
   */
  private static boolean dropped(String old, String now, String flag) {
    if (old.length() > 4096) {
      return false;
    }
    String quoted = "(?:\\s*,)?\\s*['\"]?" + Pattern.quote(flag) + "(?:=\\S*)?['\"]?";
    String without = old.replaceAll(quoted + "(?![\\w-])", "");
    return squeezed(without).equals(squeezed(now));
  }

  /** A text without its blanks and the commas a list's item leaves. */
  private static String squeezed(String text) {
    return text.replaceAll("[\\s,]+", "");
  }

  private static Set<String> flags(String text) {
    Set<String> flags = new HashSet<>();
    Matcher flag = FLAG.matcher(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text);
    while (flag.find() && flags.size() < 256) {
      flags.add(flag.group());
    }
    return flags;
  }

  /** Whether a file is where a rehearsal is written: a test's, a fixture's, staging's, a doc. */
  private static boolean rehearses(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    String[] folders = lower.split("/");
    for (int i = 0; i < folders.length - 1; i++) {
      if (CheckFiles.testPart(folders[i]) || WRITTEN_AS_EXAMPLES.contains(folders[i])) {
        return true;
      }
    }
    String name = folders[folders.length - 1];
    boolean code = name.matches(".*\\.(py|js|ts|tsx|jsx|go|rb|java|kt|cs|rs|php|swift|scala)");
    return code && (name.startsWith("test_") || name.matches(".*[._]test\\..*|.*test\\.\\w+"))
        || name.contains(".spec.")
        || name.endsWith(".md")
        || CheckFiles.rehearsal(file);
  }

  /** The settings and elements of a text, each key's first value. */
  private static Map<String, String> values(String text) {
    if (text.length() > MAX_TEXT) {
      text = text.substring(0, MAX_TEXT);
    }
    Map<String, String> values = new HashMap<>();
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(text, false, Set.of())) {
      values.putIfAbsent(setting.key(), setting.value());
    }
    Matcher element = ELEMENT.matcher(text);
    while (element.find() && values.size() < 512) {
      values.putIfAbsent(element.group(1), element.group(2));
    }
    return values;
  }

  /** Whether a key's move from one value to another turns a rehearsal real. */
  private static boolean madeReal(String key, String was, String now) {
    String a = was.strip().toLowerCase(Locale.ROOT);
    String b = now.strip().toLowerCase(Locale.ROOT);
    if (a.equals(b)) {
      return false;
    }
    List<String> keyWords = CheckWords.words(key);
    if ((keyWords.contains("env") || keyWords.contains("environment"))
        && (a.equals("test") || a.equals("testing"))) {
      return false; // NODE_ENV: test → production, a framework's build, not a rehearsal's
    }
    if (ON.contains(a) && OFF.contains(b)) {
      return only(keyWords, REHEARSAL); // dry_run: true → false
    }
    if (OFF.contains(a) && ON.contains(b)) {
      return only(keyWords, REAL); // live: false → true
    }
    return only(CheckWords.words(a), REHEARSAL) && only(CheckWords.words(b), REAL);
  }

  /** Whether words name one of a set's and nothing but the words that stand beside them. */
  private static boolean only(List<String> words, Set<String> set) {
    boolean named = false;
    for (String word : words) {
      if (set.contains(word)) {
        named = true;
      } else if (!BESIDE.contains(word)) {
        return false;
      }
    }
    return named;
  }
}
