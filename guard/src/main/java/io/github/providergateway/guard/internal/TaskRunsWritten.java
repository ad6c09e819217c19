package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A task file the session writes (a Makefile's recipe, a package's script, a CI step) that runs a
 * script the session also wrote (decision 260): {@code reconcile:\n\tpython
 * scripts/reconcile_weights.py}, then {@code make reconcile}. The task file holds nothing a rule
 * reads, and the script is not run by its path; what the task runs is remembered by the script's
 * name under the task file's path ({@link #MARK}), and a run of the task file runs what that script
 * holds, whichever was written first.
 */
final class TaskRunsWritten {
  private TaskRunsWritten() {}

  /** The start of a task file's held value that names the scripts it runs, not a rule. */
  static final String MARK = "=> ";

  /** The most programs of a task file read, and the most scripts remembered. */
  private static final int MOST = 32;

  /**
   * {@return the names of the scripts the shell text runs ({@code python scripts/x.py} is {@code
   * x.py}), joined by spaces after {@link #MARK}, or null when it runs none}
   *
   * @param shell a task file's text as the shell runs it
   */
  static String of(String shell) {
    List<Invocation> invocations;
    try {
      invocations = ShellParser.parseRunnable(shell).invocations();
    } catch (ShellParseException | Unreadable | IllegalArgumentException past) {
      return null;
    }
    Set<String> names = new LinkedHashSet<>();
    for (int i = 0; i < invocations.size() && i < MOST && names.size() < MOST; i++) {
      String name = FedCode.runs(new Step(invocations.get(i), List.of()));
      if (name != null && name.indexOf('.') > 0 && name.indexOf(' ') < 0) {
        names.add(name); // a script's file, not a program on the PATH
      }
    }
    return names.isEmpty() ? null : MARK + String.join(" ", names);
  }

  /**
   * Adds a written file a run reaches to the matches: itself, or for a task file the written
   * scripts it runs ({@link #resolve}).
   *
   * @param written the session's written files
   * @param match {prefix, path, held value} of the file reached
   * @param matches where the matches go
   */
  static void add(Map<String, String> written, String[] match, List<String[]> matches) {
    if (match[2].startsWith(MARK)) {
      resolve(written, match[2], matches); // make runs its recipe's script
    } else {
      matches.add(match);
    }
  }

  /**
   * Adds, for a task file reached by a run, the session's written scripts it runs that hold what a
   * rule reads, as if the run had named them.
   *
   * @param written the session's written files
   * @param value the task file's held value, starting with {@link #MARK}
   * @param matches where the matches go: {prefix, path, held value}
   */
  static void resolve(Map<String, String> written, String value, List<String[]> matches) {
    Set<String> names = Set.of(value.substring(MARK.length()).split(" "));
    for (Map.Entry<String, String> file : written.entrySet()) {
      String key = file.getKey();
      String held = file.getValue();
      if (!key.startsWith(HeldContent.KEY) || held.isEmpty() || held.startsWith(MARK)) {
        continue;
      }
      String path = key.substring(HeldContent.KEY.length());
      if (names.contains(path.substring(path.lastIndexOf('/') + 1)) && matches.size() < 16) {
        matches.add(new String[] {HeldContent.KEY, path, held});
      }
    }
  }
}
