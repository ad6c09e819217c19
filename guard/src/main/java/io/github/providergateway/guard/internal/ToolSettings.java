package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A tool's own setting set on its command line (round 66), for {@link SafeguardPredicates}: {@code
 * <cli> config set clinic-api.lot-recall-check false}, {@code <cli> settings update --key
 * fraud_check.enabled --value false}, {@code <cli> config set audit.enabled=false}, {@code <cli>
 * settings set --offender-screening off}. What it sets is read as the line an edit of the tool's
 * settings would add ({@link SafeguardEdits}): a switch named for a check or a protection turned
 * off, or a protective number moved, is {@code shapes.tool-setting-loosened}'s (a shape of the
 * book's last family, so the shapes that deny or escalate the act of a tool the guard does not know
 * decide first). The tools {@link ConfigSetters} reads are its.
 */
final class ToolSettings {
  private ToolSettings() {}

  /** A command word naming a tool's settings: {@code config}, {@code org-config}. */
  private static final List<String> SETTINGS_WORDS =
      List.of(
          "config", "configure", "configuration", "settings", "setting", "preferences", "prefs");

  /**
   * What {@link #written} needs within an argument to find where a setting begins: {@code set}, or
   * a part of each of {@link #SETTINGS_WORDS}.
   */
  static final WordsWithin SETTING_WITHIN = new WordsWithin("set", "config", "pref");

  /** A verb after it that writes one. */
  private static final Set<String> WRITES = NameSet.of("set", "update", "put", "write", "--set");

  /** The options that name a setting's key, and its value. */
  private static final Set<String> KEY_OPTIONS =
      NameSet.of("--key", "--name", "--item", "--setting", "--param", "--parameter", "-k");

  private static final Set<String> VALUE_OPTIONS = NameSet.of("--value", "--val", "-v");

  /** Values that turn a switch off, for an option given one: {@code --offender-screening off}. */
  private static final Set<String> OFF =
      NameSet.of("off", "false", "disabled", "disable", "no", "n", "0", "none");

  /** The most words read. */
  private static final int MAX_WORDS = 64;

  /**
   * What a tool's setting on its command line loosens.
   *
   * @param step the program's step
   * @return what was found, or {@code null}
   */
  static SafeguardEdits.Found of(Step step) {
    String program = step.program();
    if (ConfigSetters.PROGRAMS.contains(program)
        || step.interpreter()
        || !SETTING_WITHIN.inAny(step.args())) {
      return null; // no word of set or of a settings word: nothing is written (most programs)
    }
    List<Word> words = step.args();
    int from = written(words, Math.min(words.size(), MAX_WORDS));
    if (from < 0) {
      return null;
    }
    List<String> args = words.stream().limit(MAX_WORDS).map(Word::text).toList();
    String text = lines(args.subList(from, args.size()));
    if (text.isEmpty()) {
      return null;
    }
    SafeguardEdits.Found found =
        SafeguardEdits.of("", text, List.of("settings/" + program.replace('/', '_') + ".yaml"));
    return found != null
            && (found.kind() == SafeguardEdits.Kind.PROTECTION_OFF
                || found.kind() == SafeguardEdits.Kind.THRESHOLD_LOOSENED)
        ? found
        : null;
  }

  /** Where what a settings command writes begins, after its verb, or -1: in its first words. */
  private static int written(List<Word> args, int size) {
    boolean first = true;
    for (int i = 0; i + 1 < size; i++) {
      String arg = args.get(i).text().toLowerCase(Locale.ROOT);
      if (arg.startsWith("-")) {
        continue; // an option before the command words, or its value
      }
      if (first && arg.equals("set")) {
        return i + 1; // <cli> set KEY VALUE
      }
      first = false;
      if (settingsWord(arg)) {
        for (int j = i + 1; j < size && j <= i + 4; j++) {
          String next = args.get(j).text().toLowerCase(Locale.ROOT);
          if (WRITES.contains(next)) {
            return j + 1;
          }
          if (!next.startsWith("-") && j > i + 1) {
            break;
          }
        }
      }
    }
    return -1;
  }

  private static boolean settingsWord(String arg) {
    for (int k = 0; k < SETTINGS_WORDS.size(); k++) {
      String word = SETTINGS_WORDS.get(k);
      int dash = arg.length() - word.length() - 1; // where a - or _ before it would be
      if (arg.equals(word)
          || dash >= 0
              && arg.endsWith(word)
              && (arg.charAt(dash) == '-' || arg.charAt(dash) == '_')) {
        return true;
      }
    }
    return false;
  }

  /** The settings a command's words give, as a settings file's lines. */
  private static String lines(List<String> args) {
    StringBuilder lines = new StringBuilder();
    List<String> positional = new ArrayList<>();
    String key = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : null;
      int eq = arg.indexOf('=');
      if (KEY_OPTIONS.contains(arg) && next != null) {
        key = next;
        i++;
      } else if (VALUE_OPTIONS.contains(arg) && next != null && key != null) {
        lines.append(key).append(": ").append(next).append('\n');
        key = null;
        i++;
      } else if (arg.startsWith("--") && next != null && OFF.contains(next)) {
        lines.append(arg.substring(2)).append(": ").append(next).append('\n');
        i++;
      } else if (!arg.startsWith("-") && eq > 0) {
        lines.append(arg, 0, eq).append(": ").append(arg.substring(eq + 1)).append('\n');
      } else if (!arg.startsWith("-")) {
        positional.add(arg);
      }
    }
    if (positional.size() == 2 && !positional.get(0).contains(" ")) {
      lines.append(positional.get(0)).append(": ").append(positional.get(1)).append('\n');
    }
    return lines.toString();
  }
}
