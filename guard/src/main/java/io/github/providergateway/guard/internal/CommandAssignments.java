package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The variables the call sets for each of its programs (decision 168, the red team of decision
 * 162): those written before its own command ({@code DRY_RUN=1 ./bin/billing void …}), exported, or
 * set alone before it; not those written before another command of the call ({@code DRY_RUN=1
 * ./bin/billing plan && ./bin/billing void …}: the void runs without). Where a command is written
 * more than once, an assignment counts only if every one of them carries it.
 *
 * <p>The call's text is read once for all its programs: a dozen predicates ask it of every program,
 * and reading the whole command once a program was most of a long pipeline's decision.
 */
final class CommandAssignments {

  /** The call's text. */
  private final String source;

  /** Those exported or set alone: in effect for every program that follows. */
  private final List<String> everywhere = new ArrayList<>();

  /**
   * Each program's first word, as the call writes it, with what every one of its commands sets;
   * once read, with those set everywhere before them.
   */
  private final Map<String, List<String>> own = new HashMap<>();

  /** Every assignment of the call, for a program no command begins with; made when first asked. */
  private List<String> inEffect;

  private CommandAssignments(String source) {
    this.source = source;
  }

  /**
   * {@return the call's assignments, read once}
   *
   * @param source the call's text
   */
  static CommandAssignments read(String source) {
    CommandAssignments read = new CommandAssignments(source);
    read.scan();
    read.own.replaceAll((program, prefixed) -> read.everywhere(prefixed));
    return read;
  }

  /**
   * {@return the assignments in effect for the command whose first word is {@code program} as the
   * call writes it, or every one the call makes ({@link FrameworkEnvironments#assignmentsInEffect})
   * when no command of the call begins with that word (a wrapper's, a nested one's)}
   *
   * @param program the program's first word, as the parse gives it
   */
  List<String> of(String program) {
    List<String> prefixed = own.get(program);
    if (prefixed == null) {
      if (inEffect == null) {
        inEffect = List.copyOf(FrameworkEnvironments.assignmentsInEffect(source));
      }
      return inEffect;
    }
    return prefixed;
  }

  private void scan() {
    List<String> prefix = new ArrayList<>();
    boolean boundary = true;
    boolean exporting = false;
    int start = -1;
    for (int i = 0; i <= source.length(); i++) {
      char c = i < source.length() ? source.charAt(i) : ';';
      boolean separator = CommandSeparators.splitsWords(c);
      if (!separator && start < 0) {
        start = i;
      } else if (separator && start >= 0) {
        if (boundary) { // a word past a command's first is not read: no copy of it made
          String token = source.substring(start, i);
          if (Environments.assignment(token)) {
            (exporting ? everywhere : prefix).add(token);
          } else {
            exporting = token.equals("export") || token.equals("declare");
            if (!exporting) {
              commandBegins(unquoted(token), prefix);
              prefix.clear();
            }
            boundary = exporting;
          }
        }
        start = -1;
      }
      if (CommandSeparators.endsCommand(c) && i < source.length() || i == source.length()) {
        everywhere.addAll(prefix); // A=1; set alone: in effect for what follows
        prefix.clear();
        boundary = true;
        exporting = false;
      }
    }
  }

  /** {@return those set everywhere, then {@code prefixed}} */
  private List<String> everywhere(List<String> prefixed) {
    List<String> all = new ArrayList<>(everywhere.size() + prefixed.size());
    all.addAll(everywhere);
    all.addAll(prefixed);
    return List.copyOf(all);
  }

  /** A command begins with {@code program}, {@code prefix} set before it. */
  private void commandBegins(String program, List<String> prefix) {
    List<String> before = own.get(program);
    if (before == null) {
      own.put(program, new ArrayList<>(prefix));
    } else {
      before.retainAll(prefix);
    }
  }

  private static String unquoted(String token) {
    return token.indexOf('"') < 0 && token.indexOf('\'') < 0
        ? token
        : token.replace("\"", "").replace("'", "");
  }
}
