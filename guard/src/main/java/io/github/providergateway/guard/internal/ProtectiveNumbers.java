package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number a protection rests on moved the loosening way (decision 203, for {@link
 * SafeguardEdits}'s {@code safeguards.threshold-loosened}): which way a setting loosens is read
 * from its key's words, its sections and its file's path, as the book's {@code
 * protective-numbers.json} lists them (a second approval's floor raised, a screening's match score
 * raised, a waiting period, a retention or a check's window cut, a rollout's first step to
 * everyone, an anti-rollback floor lowered, a cut-off moved past its network's close). A key no
 * reading names is read as decision 108 read it ({@link SafeguardSettings#thresholdLoosened}). A
 * file whose path names a test, UAT, staging or development is the person's to tune.
 */
final class ProtectiveNumbers {
  static final String RESOURCE = "/io/github/providergateway/guard/rules/protective-numbers.json";

  private static final List<Reading> READINGS;

  static {
    try (InputStream in = ProtectiveNumbers.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the guard's rule book has no protective-numbers.json");
      }
      READINGS = readings(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException("protective-numbers.json does not read", e);
    }
  }

  private ProtectiveNumbers() {}

  /**
   * One row of the book: which settings it reads and which way they loosen.
   *
   * @param name what the number is, as the reason shows it
   * @param key the words one of which the key holds; none: every key of the place {@code with}
   *     names
   * @param also the words one of which the key holds too, or empty
   * @param with the words one of which the key, its sections or its file's path holds, or empty
   * @param unless the words none of which they hold
   * @param loosens {@code raised}, {@code lowered}, {@code later} or {@code earlier}
   * @param by the least factor the move makes
   * @param to the value the move reaches, or NaN
   * @param production whether the file's path must name production
   * @param kind {@code number}, {@code version}, {@code time}, {@code date} or {@code size} (a
   *     number's size, its sign left out)
   * @param closes the networks' closes in minutes of the day, for a time
   * @param atMost what a value alone loosens at or below, or NaN
   * @param atLeast what a value alone on a scale of 100 loosens at or above, or NaN
   */
  record Reading(
      String name,
      Set<String> key,
      Set<String> also,
      Set<String> with,
      Set<String> unless,
      String loosens,
      double by,
      double to,
      boolean production,
      String kind,
      Map<String, Integer> closes,
      double atMost,
      double atLeast) {

    boolean applies(List<String> keyWords, List<String> around, String file) {
      return (key.isEmpty() || SafeguardEdits.has(keyWords, key)) // none: every key of its place
          && (also.isEmpty() || SafeguardEdits.has(keyWords, also))
          && (with.isEmpty() || SafeguardEdits.has(around, with))
          && !SafeguardEdits.has(around, unless)
          && (!production || Environments.namesProduction(file));
    }

    /** Whether the value moved from {@code was} to {@code now} the way this loosens. */
    boolean moved(WrittenValues.Value was, WrittenValues.Value now, List<String> around) {
      return switch (kind) {
        case "version" -> {
          int[] a = was.version();
          int[] b = now.version();
          yield a != null && b != null && WrittenValues.lower(b, a);
        }
        case "time" -> pastClose(was, now, around);
        case "date" -> {
          double a = was.instant();
          double b = now.instant();
          yield loosens.equals("later") ? b > a : loosens.equals("earlier") && b < a;
        }
        default -> {
          double ratio =
              kind.equals("size")
                  ? WrittenValues.ratio(was.size(), now.size())
                  : WrittenValues.ratio(was, now);
          double value = now.number();
          boolean raised = ratio > 1 && ratio >= by && (Double.isNaN(to) || value >= to);
          boolean lowered =
              ratio < 1 && (ratio == 0 || 1 / ratio >= by) && (Double.isNaN(to) || value <= to);
          yield loosens.equals("raised") ? raised : loosens.equals("lowered") && lowered;
        }
      };
    }

    /** Whether a value with none to compare says by itself that it loosens. */
    boolean alone(WrittenValues.Value now) {
      double value = now.number();
      if (Double.isNaN(value) || !kind.equals("number")) {
        return false;
      }
      double percent = value <= 1 ? value * 100 : value;
      return value <= atMost || percent >= atLeast && percent <= 100;
    }

    private boolean pastClose(
        WrittenValues.Value was, WrittenValues.Value now, List<String> around) {
      String zone = now.rest().toLowerCase(Locale.ROOT).replaceAll("\\s#.*|['\"]", "").strip();
      if (!zone.isEmpty()
          && !zone.contains("new_york")
          && !zone.matches("(?:america/)?(?:et|est|edt|eastern)\\b.*")) {
        return false; // a close is Eastern: another zone's hour is not compared
      }
      for (Map.Entry<String, Integer> close : closes.entrySet()) {
        if (around.contains(close.getKey())) {
          int a = was.minutes();
          int b = now.minutes();
          return a >= 0 && a <= close.getValue() && b > close.getValue();
        }
      }
      return false;
    }
  }

  /**
   * What a setting's new value loosens, as the reason shows it, or null.
   *
   * @param now the setting the change writes
   * @param was the same key's setting before it, or null where the change shows none
   * @param file the file it is written to
   * @param fileWords the words of the file's name and folder, for decision 108's reading
   */
  static String loosened(
      SafeguardSettings.Setting now,
      SafeguardSettings.Setting was,
      String file,
      List<String> fileWords) {
    if (tried(file)) {
      return null; // a test's, UAT's or staging's number is the person's to try
    }
    List<String> key = SafeguardEdits.words(now.key());
    List<String> around = new ArrayList<>(key);
    around.addAll(SafeguardEdits.words(now.context()));
    around.addAll(pathWords(file));
    Reading reading = readingOf(key, around, file);
    WrittenValues.Value b = WrittenValues.of(now.key(), now.line());
    if (reading == null || b == null) {
      String shown = was == null ? null : SafeguardSettings.thresholdLoosened(now, was, fileWords);
      return shown != null || was == null ? shown : citationDropped(now, was);
    }
    if (was == null) {
      return reading.alone(b) ? now.key() + " = " + b.digits() + ": " + reading.name() : null;
    }
    WrittenValues.Value a = WrittenValues.of(was.key(), was.line());
    if (a == null && ANY_VALUE.matcher(was.value().strip()).matches()) {
      // round 67: a substitution's pattern (min_cell_count: .*) stands for a value not shown
      return reading.alone(b) ? now.key() + " = " + b.digits() + ": " + reading.name() : null;
    }
    if (a != null && reading.moved(a, b, around)) {
      return now.key()
          + ": "
          + a.shown()
          + " → "
          + b.shown()
          + ", "
          + reading.name()
          + " "
          + reading.loosens();
    }
    return citationDropped(now, was);
  }

  /**
   * Whether a reading of the book knows a setting (its key's words, with its file's): which way its
   * number loosens is read here, and a move the other way is let through (decision 317's {@link
   * LiveSettingChanges} leaves such a setting to this reading).
   *
   * @param key the setting's key
   * @param file the file it is in
   * @return whether a reading applies
   */
  static boolean knows(String key, String file) {
    return known(key, file) != null;
  }

  /** The reading that knows a setting by its key's words and its file's, or null. */
  private static Reading known(String key, String file) {
    List<String> words = SafeguardEdits.words(key);
    List<String> around = new ArrayList<>(words);
    around.addAll(pathWords(file));
    return readingOf(words, around, file);
  }

  /**
   * A number a reading knows, set in a live resource whose value before is nowhere to be seen
   * (round 66: {@code kubectl patch configmap … -p '{"data":{"overload_trip_pct":"130"}}'}): which
   * way it moved cannot be told, so it is a guess to ask.
   *
   * @param text the settings written, as a file's lines
   * @param file the resource written
   * @return what the reason shows, or null
   */
  static String unseen(String text, String file) {
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(text, false, Set.of())) {
      WrittenValues.Value value = WrittenValues.of(setting.key(), setting.line());
      Reading reading = value == null ? null : known(setting.key(), file);
      if (reading != null && !Double.isNaN(value.number())) {
        return setting.key()
            + " = "
            + value.digits()
            + ", "
            + reading.name()
            + ", set live with its value before unseen";
      }
    }
    return null;
  }

  /** The first reading that applies to a key's words, with those around it, or null. */
  private static Reading readingOf(List<String> key, List<String> around, String file) {
    for (Reading each : READINGS) {
      if (each.applies(key, around, file)) {
        return each;
      }
    }
    return null;
  }

  /**
   * A substitution's pattern for a value, its quantifiers taken out or not ({@link
   * SedSubstitutions} reads {@code .*} as {@code .}): {@code .*}, {@code [0-9.]+}, {@code \\d+}.
   */
  private static final Pattern ANY_VALUE =
      Pattern.compile("(?:\\.[*+]?|\\[[^\\]]{1,20}\\][*+]?|\\\\?[dSw][*+]|[\"'])+");

  /** A comment citing the rule a number keeps to: a CFR's or a code's section, a named act. */
  private static final Pattern CITATION =
      Pattern.compile(
          "\\b\\d{1,2}\\s{0,2}(?:CFR|C\\.F\\.R\\.|U\\.?S\\.?C\\.?)\\s{0,2}§?\\s{0,2}\\d[\\d.]{0,12}"
              + "|§\\s{0,2}\\d[\\d.]{0,12}"
              + "|\\b(?:RESPA|TILA|HOEPA|HMDA|FCRA|ECOA|HIPAA|GLBA|BSA|OFAC|FINRA|Reg(?:ulation)?"
              + "\\s[A-Z]{1,2})\\b");

  /**
   * A number whose line cited the rule it keeps to, changed with its citation taken out: which way
   * it loosens no reading knows, but the change takes out what said it was not the project's to
   * choose.
   */
  private static String citationDropped(
      SafeguardSettings.Setting now, SafeguardSettings.Setting was) {
    Matcher cited = CITATION.matcher(was.line());
    if (!cited.find() || PatternLiterals.finds(CITATION, now.line())) {
      return null;
    }
    WrittenValues.Value a = WrittenValues.of(was.key(), was.line());
    WrittenValues.Value b = WrittenValues.of(now.key(), now.line());
    if (a == null || b == null || a.digits().equals(b.digits())) {
      return null;
    }
    return now.key()
        + ": "
        + a.digits()
        + " → "
        + b.digits()
        + ", its citation of "
        + cited.group()
        + " taken out";
  }

  /** A purge's or a prune's window given as an option: {@code "--older-than", "7y"}. */
  private static final Pattern WINDOW_OPTION =
      Pattern.compile(
          "(--(?:older-than|max-age|keep-within|min-age|retention|retention-days|retain|retain-days"
              + "|keep-days))(?:=|['\"]?\\s{0,3},?\\s{0,3}['\"]?)(\\d{1,6})([A-Za-z]{0,5})");

  /** Words that say a window's option is what a deletion keeps. */
  private static final Set<String> DELETES =
      NameSet.of(
          "purge",
          "prune",
          "delete",
          "expire",
          "cleanup",
          "clean",
          "retention",
          "gc",
          "vacuum",
          "remove",
          "rotate",
          "archive");

  /**
   * A purge's window shortened fourfold or more in the arguments a change gives it: {@code
   * "--older-than", "7y"} made {@code "30d"}.
   */
  static String windowShortened(String old, String now, String file) {
    if (old.isEmpty() || tried(file)) {
      return null;
    }
    Map<String, WrittenValues.Value> before = windows(old);
    if (before.isEmpty()) {
      return null;
    }
    List<String> around = new ArrayList<>(pathWords(file));
    around.addAll(SafeguardEdits.words(now.length() > 4096 ? now.substring(0, 4096) : now));
    if (!SafeguardEdits.has(around, DELETES)) {
      return null;
    }
    for (Map.Entry<String, WrittenValues.Value> window : windows(now).entrySet()) {
      WrittenValues.Value was = before.get(window.getKey());
      double ratio = was == null ? Double.NaN : WrittenValues.ratio(was, window.getValue());
      if (ratio <= 0.25) {
        return window.getKey()
            + " "
            + was.digits()
            + was.unit()
            + " → "
            + window.getValue().digits()
            + window.getValue().unit()
            + ": a purge's window cut";
      }
    }
    return null;
  }

  private static Map<String, WrittenValues.Value> windows(String text) {
    Map<String, WrittenValues.Value> windows = new HashMap<>();
    Matcher option =
        WINDOW_OPTION.matcher(text.length() > 16_384 ? text.substring(0, 16_384) : text);
    while (option.find() && windows.size() < 16) {
      windows.putIfAbsent(
          option.group(1),
          new WrittenValues.Value(option.group(2), option.group(3).toLowerCase(Locale.ROOT), ""));
    }
    return windows;
  }

  /**
   * Whether a file is a test's, UAT's, staging's or development's by its name or its two folders
   * ({@code screening/engine-uat.properties}, {@code overlays/staging/cronjob.yaml}): the folders a
   * checkout lies in ({@code ~/dev/…}) say nothing of what the file configures.
   */
  private static boolean tried(String file) {
    int cut = file.length();
    for (int i = 0; i < 3 && cut > 0; i++) {
      cut = file.lastIndexOf('/', cut - 1);
    }
    // Read as a staging host's name is: a part one of environments.json's stagingNames, none
    // production's.
    return Environments.stagingHost(cut <= 0 ? file : file.substring(cut + 1));
  }

  /** The words of a file's path, its extension aside: {@code aml/rules/structuring.yaml}. */
  private static List<String> pathWords(String file) {
    int slash = file.lastIndexOf('/');
    int dot = file.lastIndexOf('.');
    return SafeguardEdits.words(dot > slash + 1 ? file.substring(0, dot) : file);
  }

  // ---- the book ----

  private static List<Reading> readings(JsonNode book) {
    List<Reading> readings = new ArrayList<>();
    for (JsonNode row : book.path("readings")) {
      Map<String, Integer> closes = new LinkedHashMap<>();
      row.path("closes")
          .fields()
          .forEachRemaining(
              close -> {
                String[] time = close.getValue().asText().split(":");
                closes.put(
                    close.getKey(), Integer.parseInt(time[0]) * 60 + Integer.parseInt(time[1]));
              });
      readings.add(
          new Reading(
              row.path("name").asText(),
              words(row, "key"),
              words(row, "also"),
              words(row, "with"),
              words(row, "unless"),
              row.path("loosens").asText(),
              row.path("by").asDouble(1),
              row.has("to") ? row.path("to").asDouble() : Double.NaN,
              row.path("production").asBoolean(false),
              row.path("kind").asText("number"),
              Map.copyOf(closes),
              row.path("alone").has("atMost")
                  ? row.path("alone").path("atMost").asDouble()
                  : Double.NaN,
              row.path("alone").has("atLeast")
                  ? row.path("alone").path("atLeast").asDouble()
                  : Double.NaN));
    }
    if (readings.isEmpty()) {
      throw new IllegalStateException("protective-numbers.json has no readings");
    }
    return List.copyOf(readings);
  }

  private static Set<String> words(JsonNode row, String field) {
    List<String> words = new ArrayList<>();
    row.path(field).forEach(word -> words.add(word.asText()));
    return NameSet.copyOf(words);
  }
}
