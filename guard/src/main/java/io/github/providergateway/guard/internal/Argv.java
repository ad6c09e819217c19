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
 */
public final class Argv {
  private final Set<Character> shorts = new HashSet<>();
  private final Map<String, String> longs = new HashMap<>();
  private final Map<Character, String> shortValues = new HashMap<>();
  private final List<Word> positionals = new ArrayList<>();
  private final List<Word> args;

  private Argv(List<Word> args, String shortWithValue, Set<String> longWithValue) {
    this.args = args;
    boolean options = true;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      if (options && a.equals("--")) {
        options = false;
      } else if (options && a.startsWith("--")) {
        int eq = a.indexOf('=');
        String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
        String value = eq < 0 ? "" : a.substring(eq + 1);
        if (eq < 0 && longWithValue.contains(name) && i + 1 < args.size()) {
          value = args.get(++i).text();
        }
        longs.putIfAbsent(name, value);
      } else if (options && a.length() > 1 && a.startsWith("-")) {
        for (int k = 1; k < a.length(); k++) {
          char c = a.charAt(k);
          shorts.add(c);
          if (shortWithValue.indexOf(c) >= 0) {
            String value = a.substring(k + 1);
            if (value.isEmpty() && i + 1 < args.size()) {
              value = args.get(++i).text();
            }
            shortValues.putIfAbsent(c, value);
            break;
          }
        }
      } else {
        positionals.add(args.get(i));
      }
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
    return new Argv(args, shortWithValue, Set.of(longWithValue));
  }

  /** {@return whether the short option was given, alone or in a cluster} */
  public boolean has(char option) {
    return shorts.contains(option);
  }

  /** {@return whether the long option was given, with or without a value} */
  public boolean has(String option) {
    return longs.containsKey(option);
  }

  /** {@return the long option's value, the empty string when it had none, or {@code null}} */
  public String value(String option) {
    return longs.get(option);
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
}
