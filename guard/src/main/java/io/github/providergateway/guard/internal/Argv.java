package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A program's arguments read the way most programs read them: short options clustered ({@code
 * -rf}), long options with or without {@code =value}, options anywhere before {@code --}, and the
 * rest positional. Which options take a value is told per program, so their values are not taken
 * for positionals.
 *
 * <p>A long option may be abbreviated, as GNU {@code getopt_long} and git read it: {@code git push
 * --mirr} is {@code --mirror}, {@code git clean --f} is {@code --force} (one letter is enough where
 * it is unambiguous). A long option given with at least {@value #MIN_ABBREVIATION} letter counts as
 * every option it begins, so asking for {@code delete} finds {@code --del}. Where the program would
 * find the abbreviation ambiguous it refuses to run, so reading it as the dangerous option costs
 * nothing.
 */
public final class Argv {
  /** The fewest letters of a long option read as its abbreviation. */
  static final int MIN_ABBREVIATION = 1;

  // Made on first use: the rules read the arguments of every program in a long command, and most
  // programs there have no long option and no option value.

  /** The short options given, ASCII letters and digits as bits (others in {@link #otherShorts}). */
  private long shortBits;

  private Set<Character> otherShorts = Set.of();
  private Map<String, String> longs = Map.of();
  private Map<Character, String> shortValues = Map.of();
  private List<Word> positionals = List.of();
  private final List<Word> args;

  private Argv(List<Word> args, String shortWithValue, String[] longWithValue) {
    this.args = args;
    boolean options = true;
    // Arguments that are all positional up to here (their count), until an option breaks the run.
    int leading = 0;
    boolean listed = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      if (options && a.equals("--")) {
        options = false;
      } else if (options && a.startsWith("--")) {
        int eq = a.indexOf('=');
        String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
        String value = eq < 0 ? "" : a.substring(eq + 1);
        if (eq < 0 && takesValue(name, longWithValue) && i + 1 < args.size()) {
          value = args.get(++i).text();
        }
        if (longs.isEmpty()) {
          longs = new HashMap<>();
        }
        longs.putIfAbsent(name, value);
      } else if (options && a.length() > 1 && a.startsWith("-")) {
        for (int k = 1; k < a.length(); k++) {
          char c = a.charAt(k);
          addShort(c);
          if (shortWithValue.indexOf(c) >= 0) {
            String value = a.substring(k + 1);
            if (value.isEmpty() && i + 1 < args.size()) {
              value = args.get(++i).text();
            }
            if (shortValues.isEmpty()) {
              shortValues = new HashMap<>();
            }
            shortValues.putIfAbsent(c, value);
            break;
          }
        }
      } else if (!listed && leading == i) {
        leading++;
      } else {
        if (!listed) {
          positionals = new ArrayList<>(args.subList(0, leading));
          listed = true;
        }
        positionals.add(args.get(i));
      }
    }
    if (!listed && leading > 0) {
      // Most programs of a long command have no option before their last positional: their
      // positionals are the leading arguments themselves, with no list made for them.
      positionals = leading == args.size() ? args : args.subList(0, leading);
    }
  }

  /**
   * Reads arguments.
   *
   * @param args the arguments, the program left out
   * @param shortWithValue the short options that take a value ({@code "n"} for {@code -n 5})
   * @param longWithValue the long options that take a value in the next word
   * @return the reading
   */
  public static Argv of(List<Word> args, String shortWithValue, String... longWithValue) {
    // The array as given, not a set of it: a handful of names, read only when a long option is.
    return new Argv(args, shortWithValue, longWithValue);
  }

  /** {@return whether the short option was given, alone or in a cluster} */
  public boolean has(char option) {
    int bit = shortBit(option);
    return bit >= 0 ? (shortBits & (1L << bit)) != 0 : otherShorts.contains(option);
  }

  private void addShort(char option) {
    int bit = shortBit(option);
    if (bit >= 0) {
      shortBits |= 1L << bit;
    } else {
      if (otherShorts.isEmpty()) {
        otherShorts = new HashSet<>();
      }
      otherShorts.add(option);
    }
  }

  /** The bit of an ASCII letter or digit (0–61), or -1. */
  private static int shortBit(char option) {
    if (option >= 'a' && option <= 'z') {
      return option - 'a';
    } else if (option >= 'A' && option <= 'Z') {
      return 26 + option - 'A';
    } else if (option >= '0' && option <= '9') {
      return 52 + option - '0';
    }
    return -1;
  }

  /** Whether {@code name} as given is, or abbreviates, a long option that takes a value. */
  private static boolean takesValue(String name, String[] longWithValue) {
    for (String option : longWithValue) {
      if (option.equals(name) || abbreviates(name, option)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code given} is a long enough beginning of {@code option}, not all of it. */
  private static boolean abbreviates(String given, String option) {
    return given.length() >= MIN_ABBREVIATION
        && given.length() < option.length()
        && option.startsWith(given);
  }

  /** {@return whether the long option was given, with or without a value, or abbreviated} */
  public boolean has(String option) {
    return value(option) != null;
  }

  /**
   * {@return the long option's value, the empty string when it had none, or {@code null}; an
   * abbreviation of it counts}
   */
  public String value(String option) {
    String exact = longs.get(option);
    if (exact != null || longs.isEmpty()) {
      return exact;
    }
    for (Map.Entry<String, String> given : longs.entrySet()) {
      if (abbreviates(given.getKey(), option)) {
        return given.getValue();
      }
    }
    return null;
  }

  /** {@return the short option's value, or {@code null}} */
  public String value(char option) {
    return shortValues.get(option);
  }

  /** {@return whether any long option starts with {@code prefix}} */
  public boolean hasPrefix(String prefix) {
    for (String name : longs.keySet()) {
      if (name.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the arguments that are no options, in order} */
  public List<Word> positionals() {
    return positionals;
  }

  /** {@return every argument as given} */
  public List<Word> all() {
    return args;
  }

  /**
   * The text of a word of a list, or the empty string past its end: a positional read where it may
   * be missing ({@code kubectl delete} with no kind).
   *
   * @param words the words
   * @param i the index
   * @return the text, or {@code ""}
   */
  static String textAt(List<Word> words, int i) {
    return i < words.size() ? words.get(i).text() : "";
  }
}
