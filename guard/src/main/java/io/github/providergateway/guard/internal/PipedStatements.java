package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import java.util.List;
import java.util.Set;

/**
 * A database client fed its statements on a pipe by a program that makes them (decision 184):
 * {@code jq -r '… "UPDATE accounts SET …"' a.json | psql "$PROD_DSN"}, {@code python3 gen.py | psql
 * …}, {@code cat fix.sql | mysql -h ops-db …}. What such a program prints is out of the guard's
 * sight, as a file's statements are ({@link UnseenStatements}): on a shared or a production
 * database it is taken for a write. Text the call shows ({@code echo}, {@code printf}, a
 * here-document's {@code cat}) is read where it is, by the other rules.
 */
final class PipedStatements {
  private PipedStatements() {}

  /** The programs whose piped text the call shows: the shell reads it as the client's input. */
  private static final Set<String> SHOWN = Set.of("echo", "printf");

  /** The names of the standard input as a file: {@code psql -f -}, {@code sqlcmd -i /dev/stdin}. */
  static final Set<String> STDIN = Set.of("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0");

  /** A client's options that give it its statements itself: what it is fed is not run. */
  private static final Set<String> OWN_STATEMENTS =
      Set.of("-c", "-e", "--command", "--execute", "-f", "--file", "-i", "--input-file", "--query");

  /**
   * {@return the program that prints the statements the client is fed on a pipe, or {@code null}}
   *
   * @param scan the call
   * @param step a database client
   */
  static String producer(Scan scan, Step step) {
    String source = scan.source();
    if (source == null || source.indexOf('|') < 0 || !step.is(ProgramKind.SQL_CLIENT)) {
      return null;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith("<")) {
        return null; // a file, a here-document or a here-string: read where it is
      }
    }
    List<String> via = step.invocation().via();
    boolean xargs = via.equals(List.of("xargs"));
    List<String> args = step.invocation().args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      int eq = arg.indexOf('=');
      String value = eq > 0 ? arg.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1) : "";
      if (OWN_STATEMENTS.contains(eq > 0 ? arg.substring(0, eq) : arg)
          && !STDIN.contains(value)
          && !(xargs && (value.isEmpty() || value.contains("{}")))) {
        // -f - and -i /dev/stdin read the pipe, and xargs puts each line it is fed in psql -c {}
        // or after psql -c (decision 185)
        return null;
      }
    }
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    if (!via.isEmpty()) {
      if (via.size() != 1 || !xargs && !CONTAINER_EXECS.contains(via.get(0)) || at < 1) {
        return null;
      }
      at--; // the runner's own step, fed on the pipe: kubectl exec -i pod -- psql (decision 185)
      if (!passesInput(steps.get(at), via.get(0))) {
        return null;
      }
    }
    int before = at - 1;
    boolean group = PatternLiterals.finds(GROUP_PIPED, source);
    while (before >= 0
        && (!steps.get(before).invocation().via().isEmpty() || group && shows(steps.get(before)))) {
      // What a runner before ran (python3 - <<EOF read as python3 -c): the runner prints. In a
      // group piped whole ({ python3 gen.py; echo 'COMMIT;'; } | psql) text shown last is not
      // all the client is fed (decision 185).
      before--;
    }
    if (before < 0) {
      return null;
    }
    Step producer = steps.get(before);
    String program = producer.program();
    return program.isEmpty() || shows(producer) ? null : program;
  }

  /**
   * {@return the container's runner whose input the client is given ({@code kubectl exec -i pod --
   * psql <<< '…'}, through a shell in the container too), or null}: its here-documents and
   * here-strings are the client's statements (the rtq red team of issue 80).
   */
  static Step feedingRunner(Scan scan, Step step) {
    List<String> via = step.invocation().via();
    if (via.isEmpty() || !CONTAINER_EXECS.contains(via.get(0))) {
      return null;
    }
    List<Step> steps = scan.steps();
    for (int at = steps.indexOf(step) - 1; at >= 0; at--) {
      Step runner = steps.get(at);
      if (runner.invocation().via().isEmpty()) {
        return passesInput(runner, via.get(0)) ? runner : null;
      }
    }
    return null;
  }

  /** A group or a subshell piped whole: {@code { a; b; } | psql}, {@code (a; b) | psql}. */
  private static final java.util.regex.Pattern GROUP_PIPED =
      java.util.regex.Pattern.compile("(?:;\\s*}|(?:^|[^$<>])\\([^()]*\\))\\s*\\|");

  /** The runners that hand a client in a container what they are fed, with {@code -i}. */
  private static final Set<String> CONTAINER_EXECS =
      Set.of(
          "kubectl exec",
          "oc exec",
          "docker exec",
          "podman exec",
          "nerdctl exec",
          "docker compose exec",
          "docker-compose exec");

  /** Whether a container's runner passes its standard input on: {@code -i}, or compose's exec. */
  private static boolean passesInput(Step runner, String via) {
    if (via.endsWith("compose exec") || via.equals("xargs")) {
      return true;
    }
    for (String arg : runner.invocation().args()) {
      if (arg.equals("--")) {
        break;
      }
      if (arg.equals("--stdin")
          || arg.equals("--interactive")
          || arg.matches("-[a-zA-Z]*i[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a program's output is text the call shows: {@code echo}, {@code printf}, a
   * here-document's {@code cat} ({@code cat <<'SQL' … SQL | psql}).
   */
  static boolean shows(Step step) {
    if (SHOWN.contains(step.program())) {
      return true;
    }
    if (step.program().equals("cat")) {
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.body() != null) {
          return true;
        }
      }
    }
    return false;
  }
}
