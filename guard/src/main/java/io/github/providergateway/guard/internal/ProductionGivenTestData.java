package io.github.providergateway.guard.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A production setting turned to a test's mode or to made-up data (decision 300, {@code
 * safeguards.production-given-test-data}): {@code ap_test_mode: false} made {@code true} in {@code
 * config/elections/production.yaml}, {@code results_source: ap_live} made {@code
 * fixtures/simulated_2024.json}. The reverse of decision 291's rehearsal pointed live: what the
 * live service shows or takes is now a rehearsal's (fake vote counts shown as real, payments taken
 * in a sandbox that charges nobody). Read only in a file whose path names production, and only
 * where the change shows the old value; a test's file, or a switch turned off again, is none.
 */
final class ProductionGivenTestData {
  private ProductionGivenTestData() {}

  /** A setting: a key, a separator, a value up to the line's end or a comment. */
  private static final Pattern SETTING =
      Pattern.compile(
          "^\\s*-?\\s*['\"]?([A-Za-z_][\\w.\\-]{0,80})['\"]?\\s*(?::|=|=>)\\s*['\"]?([^'\"#,;]{1,200})");

  /** How many lines of a change are read. */
  private static final int MAX_LINES = 2_000;

  /** The words of a switch that puts a service in a rehearsal's mode. */
  private static final Set<String> TEST_MODES =
      Set.of(
          "test",
          "testing",
          "sandbox",
          "simulate",
          "simulated",
          "simulation",
          "mock",
          "fake",
          "demo",
          "dummy",
          "dryrun",
          "rehearsal",
          "practice");

  /** The words of a value that names made-up data: a fixture, a simulation, a sample. */
  private static final Set<String> MADE_UP =
      Set.of(
          "fixture",
          "fixtures",
          "simulated",
          "simulation",
          "simulate",
          "mock",
          "mocks",
          "fake",
          "faker",
          "dummy",
          "sample",
          "samples",
          "synthetic",
          "test",
          "testdata",
          "sandbox",
          "lorem");

  private static final Set<String> ON = Set.of("true", "yes", "on", "1", "enabled");
  private static final Set<String> OFF = Set.of("false", "no", "off", "0", "disabled");

  /**
   * The production setting moved to a test's mode or data, or {@code null}.
   *
   * @param old the text taken out, empty where not known
   * @param now the text put in
   * @param files the files changed
   * @return the key with both values, or {@code null}
   */
  static String of(String old, String now, List<String> files) {
    if (old.isEmpty() || files.isEmpty() || !production(files.get(0))) {
      return null;
    }
    Map<String, String> before = new HashMap<>();
    for (String line : old.split("\n", MAX_LINES)) {
      Matcher setting = SETTING.matcher(line);
      if (setting.find()) {
        before.putIfAbsent(setting.group(1), setting.group(2).strip());
      }
    }
    for (String line : now.split("\n", MAX_LINES)) {
      Matcher setting = SETTING.matcher(line);
      if (!setting.find()) {
        continue;
      }
      String key = setting.group(1);
      String was = before.get(key);
      String value = setting.group(2).strip();
      if (was == null || was.equals(value)) {
        continue;
      }
      if (switchedOn(key, was, value) || madeUp(value) && !madeUp(was)) {
        return key + ": " + was + " → " + value;
      }
    }
    return null;
  }

  /** Whether a rehearsal's switch was turned on: {@code ap_test_mode: false} made {@code true}. */
  private static boolean switchedOn(String key, String was, String value) {
    if (!OFF.contains(was.toLowerCase(Locale.ROOT))
        || !ON.contains(value.toLowerCase(Locale.ROOT))) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(key);
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (part.equals("test") || part.equals("testing")) {
        // ap_test_mode, test: a test's mode; late_to_test_enabled is an alarm's test timer
        if (parts.size() == 1 || i + 1 < parts.size() && parts.get(i + 1).equals("mode")) {
          return true;
        }
      } else if (TEST_MODES.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a value names made-up data ({@code fixtures/simulated_2024.json}). */
  private static boolean madeUp(String value) {
    return ServiceVerbs.split(value.replace('/', '-')).stream().anyMatch(MADE_UP::contains);
  }

  /** Whether a file's path names production ({@code config/elections/production.yaml}). */
  private static boolean production(String file) {
    for (String part : file.split("/")) {
      int dot = part.indexOf('.', 1);
      String stem = dot > 0 ? part.substring(0, dot) : part;
      if (Environments.namesProduction(stem) || Environments.namesProduction(part)) {
        return true;
      }
    }
    return false;
  }
}
