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
    for (String arg : step.invocation().args()) {
      int eq = arg.indexOf('=');
      if (OWN_STATEMENTS.contains(eq > 0 ? arg.substring(0, eq) : arg)) {
        return null;
      }
    }
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    if (at <= 0 || !step.invocation().via().isEmpty()) {
      return null;
    }
    Step before = steps.get(at - 1);
    String program = before.program();
    if (program.isEmpty() || SHOWN.contains(program) || !before.invocation().via().isEmpty()) {
      return null;
    }
    if (program.equals("cat")) {
      for (Redirect redirect : before.invocation().redirects()) {
        if (redirect.body() != null) {
          return null; // cat <<'SQL' … SQL | psql: a here-document, shown
        }
      }
    }
    return program;
  }
}
