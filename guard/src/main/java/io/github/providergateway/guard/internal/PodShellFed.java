package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * A pod's shell, or its container's main process, fed its commands on the standard input (red team
 * of decision 189, in decision 195): {@code kubectl exec -i deploy/x -- sh <<'EOF' … EOF}, {@code
 * echo '…' | kubectl exec -i deploy/x -- bash}, {@code kubectl attach -i pod <<< '…'}. The words
 * that run in the pod are the input's, which the guard does not read as a command line there, as
 * {@code ssh host < script.sh}'s; on a cluster {@link PodCommandActs#remote} leaves another
 * machine's, they are asked as a pod's command that acts would be.
 */
final class PodShellFed {
  /** The shells that read their commands from the standard input when given none. */
  private static final Set<String> SHELLS =
      Set.of("sh", "bash", "ash", "dash", "zsh", "ksh", "/bin/sh", "/bin/bash", "/bin/ash");

  private PodShellFed() {}

  /** Whether {@code step} is a kubectl or oc whose pod's shell is fed what the call holds. */
  static boolean fed(Scan scan, Step step) {
    String program = step.program();
    if (program == null
        || !program.equals("kubectl") && !program.equals("oc")
        || !step.invocation().via().isEmpty()
        || !PodCommandActs.remote(step.args())
        || !fedInput(scan, step)) {
      return false;
    }
    List<Word> args = step.args();
    String verb = null;
    boolean input = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("--")) {
        List<Word> command = args.subList(i + 1, args.size());
        return "exec".equals(verb)
            && input
            && (shellReadingInput(command) || clientFedWrites(step, command));
      }
      if (verb == null && (text.equals("exec") || text.equals("attach"))) {
        verb = text;
      }
      input |=
          text.equals("--stdin")
              || text.equals("--stdin=true")
              || text.startsWith("-")
                  && !text.startsWith("--")
                  && text.length() <= 4
                  && text.indexOf('i') > 0;
    }
    return "attach".equals(verb) && input; // the main process reads what it is fed
  }

  /** A shell given no command of its own ({@code sh}, {@code bash -s}, {@code sh -l}). */
  private static boolean shellReadingInput(List<Word> command) {
    if (command.isEmpty() || !SHELLS.contains(command.get(0).text())) {
      return false;
    }
    for (Word word : command.subList(1, command.size())) {
      String text = word.text();
      if (!text.startsWith("-") || text.contains("c")) {
        return false; // sh -c '…' or sh script.sh: its command is in sight
      }
    }
    return true;
  }

  /** The database clients that run the statements they are fed. */
  private static final Set<String> CLIENTS =
      Set.of("psql", "mysql", "mariadb", "sqlcmd", "sqlplus", "mongosh", "mongo", "cqlsh");

  /**
   * A database client in the pod, as its command or a shell's ({@code -- sh -c 'psql
   * "$DATABASE_URL"'}), fed by a here-document or here-string statements that write rows or destroy
   * data (decision 205): the pod's own credentials, the words out of the client's sight.
   */
  private static boolean clientFedWrites(Step step, List<Word> command) {
    String first = command.isEmpty() ? "" : command.get(0).text();
    if (SHELLS.contains(first) && command.size() >= 3 && command.get(1).text().equals("-c")) {
      first = command.get(2).text().trim().split("\\s+", 2)[0];
    }
    if (!CLIENTS.contains(first.substring(first.lastIndexOf('/') + 1))) {
      return false;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String fed = RedirectedInput.text(redirect);
      if (fed != null
          && (DatabaseWords.found("rows-written", fed) != null
              || DatabaseWords.found("destroys", fed) != null
              || !SqlStatements.sql(fed).isEmpty())) {
        return true;
      }
    }
    return false;
  }

  /** A here-document, a here-string, a file, or a pipe feeds the step's standard input. */
  private static boolean fedInput(Scan scan, Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith("<") && !redirect.operator().equals("<>")) {
        return true;
      }
    }
    List<Step> steps = scan.steps();
    String source = scan.source();
    return source != null && source.indexOf('|') >= 0 && steps.indexOf(step) > 0;
  }
}
