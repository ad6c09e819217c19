package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.FixedList;
import io.github.providergateway.guard.shell.internal.GitGlobalOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@code git} command read past its global options: {@code git -C dir -c k=v --no-pager push -f}
 * is the subcommand {@code push} with {@code -f}. An alias given on the same line ({@code -c
 * alias.p='push --force' p}) is expanded, so it is read as what it runs.
 *
 * @param subcommand the subcommand, or the empty string for none
 * @param args its arguments, options anywhere among them
 */
public record GitCommand(String subcommand, List<Word> args) {

  /**
   * Reads git's arguments.
   *
   * @param args the arguments after {@code git}
   * @return the command
   */
  public static GitCommand of(List<Word> args) {
    List<String[]> aliases = null; // most git commands give none
    int i = 0;
    while (i < args.size()) {
      String a = args.get(i).text();
      if (!a.startsWith("-")) {
        break;
      }
      if (takesValue(a) && i + 1 < args.size()) {
        String value = args.get(i + 1).text();
        if (a.equals("-c") && GitGlobalOptions.isAliasKey(value) && value.indexOf('=') > 6) {
          if (aliases == null) {
            aliases = new ArrayList<>();
          }
          aliases.add(
              new String[] {
                value.substring(6, value.indexOf('=')), value.substring(value.indexOf('=') + 1)
              });
        }
        i += 2;
      } else {
        i++;
      }
    }
    if (i >= args.size()) {
      return new GitCommand("", List.of());
    }
    String sub = args.get(i).text();
    List<Word> rest = args.subList(i + 1, args.size());
    for (String[] alias : aliases == null ? List.<String[]>of() : aliases) {
      if (alias[0].equalsIgnoreCase(sub) && !alias[1].startsWith("!")) {
        List<Word> expanded = new ArrayList<>();
        for (String part : alias[1].trim().split("[ \t]+")) {
          expanded.add(Word.literal(part));
        }
        expanded.addAll(rest);
        return new GitCommand(expanded.get(0).text(), expanded.subList(1, expanded.size()));
      }
    }
    // A view, not a copy: the arguments of an invocation are fixed already (and a parse's fixed
    // words need no unmodifiable wrapper: they are one already).
    return new GitCommand(sub, FixedList.isFixed(rest) ? rest : Collections.unmodifiableList(rest));
  }

  /**
   * {@return the subcommand of git's arguments {@code args} as written, past the global options, or
   * the empty string for none} No alias is expanded, and nothing is made: this is asked of every
   * git command.
   *
   * @param args the arguments after {@code git}
   */
  static String subcommandOf(List<Word> args) {
    int i = 0;
    while (i < args.size()) {
      String a = args.get(i).text();
      if (!a.startsWith("-")) {
        return a;
      }
      i += takesValue(a) ? 2 : 1;
    }
    return "";
  }

  /** Whether git's global option {@code option} takes the next word as its value. */
  private static boolean takesValue(String option) {
    return GitGlobalOptions.takesValue(option);
  }

  /** {@return the words {@code git subcommand args…}, global options left out} */
  public List<Word> words() {
    List<Word> words = new ArrayList<>();
    words.add(Word.literal("git"));
    if (!subcommand.isEmpty()) {
      words.add(Word.literal(subcommand));
    }
    words.addAll(args);
    return words;
  }
}
