package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.programs.InterpreterOptions.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * What an inline interpreter's words give, read by its option table ({@link InterpreterOptions}):
 * the code of its code options (and awk's program word), and whether it may read its program from
 * standard input. An option the table does not know may take the next word as its value or not;
 * both are read: the scan goes on past the word (what came after it may be a code option) and, for
 * awk, the word is read as the program as well.
 */
final class InterpreterWords {
  private InterpreterWords() {}

  /**
   * An interpreter's words, read.
   *
   * @param code the code given on the line, in order; empty for none
   * @param stdinProgram whether, in a reading of them, nothing names its program (it reads it from
   *     standard input)
   * @param script the word naming the script file it runs, where its options end; null for none
   */
  record Reading(List<String> code, boolean stdinProgram, String script) {}

  /** {@return what {@code words} (the interpreter and its arguments) give in {@code language}} */
  static Reading of(InlineLanguage language, List<ProgramWord> words) {
    return new Scan(language, words).run();
  }

  /** deno eval's options that take the next word as their value. */
  private static final java.util.Set<String> DENO_VALUED =
      java.util.Set.of(
          "--ext",
          "--cert",
          "-c",
          "--config",
          "--import-map",
          "--location",
          "--seed",
          "--lock",
          "--conditions",
          "--preload");

  /**
   * {@return whether a script's name is the interpreter's standard input: {@code -}, or a file
   * naming it ({@code python3 /dev/stdin <<EOF}, {@code perl /proc/self/fd/0})}
   */
  static boolean standardInput(String script) {
    return switch (script) {
      case "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0" -> true;
      default -> false;
    };
  }

  /** One pass over the words. */
  private static final class Scan {
    private final InlineLanguage language;
    private final InterpreterOptions options;
    private final List<ProgramWord> words;
    private final List<String> code = new ArrayList<>();
    private int at = 1;

    /** Whether awk's program is given by an option ({@code -f}, {@code -e}), not by a word. */
    private boolean programByOption;

    /** The word where the options end, which names the script file; null for none. */
    private String script;

    Scan(InlineLanguage language, List<ProgramWord> words) {
      this.language = language;
      this.options = InterpreterOptions.of(language);
      this.words = words;
    }

    Reading run() {
      for (; at < words.size(); at++) {
        String t = words.get(at).text();
        if (t.equals("--")) {
          if (language == InlineLanguage.AWK) {
            programWord(at + 1);
            return done(false);
          }
          if (at + 1 < words.size()) {
            script = words.get(at + 1).text();
          }
          return done(at + 1 >= words.size() || standardInput(words.get(at + 1).text()));
        }
        if (!t.startsWith("-") || t.length() == 1) {
          if (language == InlineLanguage.AWK) {
            programWord(at);
            return done(false);
          }
          if (language == InlineLanguage.NODE && t.equals("eval")) {
            denoEval(); // deno eval [OPTIONS] CODE
          } else {
            script = t;
          }
          return done(standardInput(t));
        }
        boolean goesOn = t.startsWith("--") || !options.bundles() ? wholeWord(t) : bundle(t);
        if (!goesOn) {
          return done(false);
        }
      }
      return done(language != InlineLanguage.AWK);
    }

    private Reading done(boolean stdinProgram) {
      return new Reading(
          List.copyOf(code), stdinProgram && code.isEmpty(), code.isEmpty() ? script : null);
    }

    /**
     * deno's {@code eval [OPTIONS] CODE}: its options come before the code ({@code deno eval
     * --quiet '…'}, {@code --ext=ts}); those that take a value in the next word are skipped with
     * it.
     */
    private void denoEval() {
      int i = at + 1;
      while (i < words.size() && words.get(i).text().startsWith("-")) {
        String option = words.get(i).text();
        i += DENO_VALUED.contains(option) ? 2 : 1;
      }
      programWord(i);
    }

    /** The word at {@code i}, if any, as code. */
    private void programWord(int i) {
      if (i < words.size() && !programByOption) {
        code.add(words.get(i).text());
      }
    }

    /** The next word, taken: null past the end. */
    private String next() {
      return at + 1 < words.size() ? words.get(++at).text() : null;
    }

    /** A word that is one option, maybe with {@code =value}; false where options end. */
    private boolean wholeWord(String t) {
      int equals = t.startsWith("--") ? t.indexOf('=') : -1;
      String name = equals < 0 ? t : t.substring(0, equals);
      String attached = equals < 0 ? null : t.substring(equals + 1);
      Kind kind = options.wordOption(name);
      if (kind == null && options.flagByPrefix(name)) {
        kind = Kind.FLAG;
      }
      if (kind == null) {
        if (attached == null) {
          unknownOption();
        }
        return true;
      }
      return option(kind, name, attached);
    }

    /** Short options sharing a word ({@code -IW ignore}, {@code -ne CODE}). */
    private boolean bundle(String t) {
      for (int j = 1; j < t.length(); j++) {
        Kind kind = options.shortOption(t.charAt(j));
        if (kind == null) {
          unknownOption();
          return true;
        }
        if (kind == Kind.FLAG) {
          continue;
        }
        if (kind == Kind.DIGITS) {
          j = afterDigits(t, j);
          continue;
        }
        String rest = t.substring(j + 1);
        return option(kind, "-" + t.charAt(j), rest.isEmpty() ? null : rest);
      }
      return true;
    }

    /** The index of the last digit of the value glued to the option at {@code j}. */
    private static int afterDigits(String t, int j) {
      int k = j + 1;
      if (k + 1 < t.length() && t.charAt(k) == 'x') {
        k++; // perl -0xHHH
        while (k < t.length() && Character.digit(t.charAt(k), 16) >= 0) {
          k++;
        }
        return k - 1;
      }
      while (k < t.length() && t.charAt(k) >= '0' && t.charAt(k) <= '7') {
        k++;
      }
      return k - 1;
    }

    /** A known option with its value glued ({@code attached}) or not; false where options end. */
    private boolean option(Kind kind, String name, String attached) {
      switch (kind) {
        case FLAG, ATTACHED, DIGITS -> {}
        case CODE -> {
          String value = attached != null ? attached : next();
          if (value != null) {
            code.add(value);
            programByOption = true;
          }
        }
        case VALUE -> {
          String value = attached != null ? attached : next();
          if (value != null && language == InlineLanguage.NODE && isModuleOption(name)) {
            String module = InlineCode.dataModule(value); // node -r data:text/javascript,…
            if (module != null) {
              code.add(module);
            }
          }
        }
        case SOURCE_FILE -> {
          programByOption = true;
          if (attached == null) {
            next();
          }
        }
        case PROGRAM_FILE -> {
          return false;
        }
      }
      return true;
    }

    private static boolean isModuleOption(String name) {
      return switch (name) {
        case "-r", "--require", "--import", "--loader", "--experimental-loader" -> true;
        default -> false;
      };
    }

    /**
     * An option the table does not know: the word after it, where it is no option, may be its
     * value, so the scan goes on past it; for awk it may be the program too, so it is read as such.
     */
    private void unknownOption() {
      if (at + 1 < words.size() && !words.get(at + 1).text().startsWith("-")) {
        if (language == InlineLanguage.AWK) {
          programWord(at + 1);
        }
        at++;
      }
    }
  }
}
