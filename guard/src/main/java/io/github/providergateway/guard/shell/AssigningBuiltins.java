package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.RawCommand.RawRedirect;
import java.util.ArrayList;
import java.util.List;

/**
 * The builtins that assign a variable named among their words, not in {@code NAME=value}: {@code
 * printf -v NAME}, {@code read NAME…}, {@code mapfile}/{@code readarray NAME}, {@code getopts …
 * NAME}. The variable takes the text printf writes or a literal here-string's field where that is
 * known, and becomes unknown otherwise: never keeps the value it had before ({@code x=ls; read x
 * <<< rm; $x -rf ~}).
 */
final class AssigningBuiltins {
  private AssigningBuiltins() {}

  /** Whether {@code program} is one of them: the resolver calls {@link #assign} only then. */
  static boolean assigns(String program) {
    return switch (program) {
      case "printf", "read", "mapfile", "readarray", "getopts" -> true;
      default -> false;
    };
  }

  /** Records what {@code words} (of {@code raw}, run by {@code program}) assigns. */
  static void assign(Variables variables, RawCommand raw, List<Word> words, String program) {
    switch (program) {
      case "printf" -> printf(variables, raw, words);
      case "read" -> read(variables, raw, words);
      case "getopts" -> {
        if (words.size() > 2) {
          set(variables, raw, words.get(2).text(), null);
        }
      }
      default -> { // mapfile, readarray: the array named last, MAPFILE by default
        String name = "MAPFILE";
        for (int i = 1; i < words.size(); i++) {
          String t = words.get(i).text();
          if (!t.startsWith("-")) {
            name = t;
          } else if (t.length() == 2 && "dnOsuCc".indexOf(t.charAt(1)) >= 0) {
            i++;
          }
        }
        set(variables, raw, name, null);
      }
    }
  }

  private static void printf(Variables variables, RawCommand raw, List<Word> words) {
    if (words.size() < 2 || !words.get(1).text().startsWith("-v")) {
      return;
    }
    String first = words.get(1).text();
    int at = first.length() > 2 ? 2 : 3;
    String name =
        first.length() > 2 ? first.substring(2) : words.size() > 2 ? words.get(2).text() : "";
    Word value = null;
    List<String> args = new ArrayList<>();
    boolean literal = true;
    for (int i = at; i < words.size(); i++) {
      literal &= words.get(i).literal();
      args.add(words.get(i).text());
    }
    if (literal && !args.isEmpty()) {
      String text = PrintfFormat.print(args);
      value = text == null ? null : Word.literal(text);
    }
    set(variables, raw, name, value);
  }

  /** The options of read that take a value. */
  private static final String READ_VALUED = "adinNptu";

  private static void read(Variables variables, RawCommand raw, List<Word> words) {
    List<String> names = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.startsWith("-") && t.length() > 1 && names.isEmpty()) {
        char last = t.charAt(t.length() - 1);
        if (t.length() == 2 && READ_VALUED.indexOf(last) >= 0) {
          if (last == 'a' && i + 1 < words.size()) {
            names.add(words.get(i + 1).text()); // read -a NAME: an array
          }
          i++;
        }
        continue;
      }
      names.add(t);
    }
    if (names.isEmpty()) {
      names.add("REPLY");
    }
    String text = null;
    for (RawRedirect r : raw.redirects) {
      if (r.operator.equals("<<<") && r.target.literal()) {
        text = r.target.text();
      }
    }
    String[] fields = text == null ? null : text.strip().split("[ \t\n]+", names.size());
    for (int n = 0; n < names.size(); n++) {
      Word value = fields != null && n < fields.length ? Word.literal(fields[n]) : null;
      set(
          variables,
          raw,
          names.get(n),
          fields != null && n >= fields.length ? Word.literal("") : value);
    }
  }

  private static void set(Variables variables, RawCommand raw, String name, Word value) {
    if (raw.branched) {
      variables.assignMaybe(name, value);
    } else {
      variables.assign(name, value);
    }
  }
}
