package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A database client that runs the statements of a file the call did not write (decision 152, the
 * red team of decision 149): {@code mysql -h ops-db.acme.net < fix.sql}, {@code psql -f fix.sql},
 * {@code sqlplus … @fix.sql}. What the file says is out of the guard's sight; a file written in the
 * same call is read as the statements it holds by the other rules ({@link SqlStatements}). On a
 * shared database an unseen statement is taken for a write, not a read: the rows written by hand
 * that decision 149 asks must not go through by moving them into a file.
 */
final class UnseenStatements {
  private UnseenStatements() {}

  /** The clients' options whose value is a file of statements, by client. */
  private static final Map<String, Set<String>> FILE_OPTIONS =
      Map.ofEntries(
          Map.entry("psql", Set.of("-f", "--file")),
          Map.entry("usql", Set.of("-f", "--file")),
          Map.entry("cqlsh", Set.of("-f", "--file")),
          Map.entry("trino", Set.of("-f", "--file")),
          Map.entry("spark-sql", Set.of("-f")),
          Map.entry("beeline", Set.of("-f")),
          Map.entry("cockroach", Set.of("-f", "--file")),
          Map.entry("snowsql", Set.of("-f", "--filename")),
          Map.entry("sqlcmd", Set.of("-i", "--input-file")),
          Map.entry("clickhouse-client", Set.of("--queries-file")),
          Map.entry("sqlplus", Set.of()));

  /** The clients that read no statements on their input or work on a local file. */
  private static final Set<String> NOT_READ =
      NameSet.of("sqlite3", "sqlite", "duckdb", "litecli", "bq");

  /**
   * {@return the file of statements the client runs that no program of the call wrote, or {@code
   * null}}
   *
   * @param scan the call
   * @param step the client
   */
  static String fileOf(Scan scan, Step step) {
    if (!step.is(ProgramKind.SQL_CLIENT) || NOT_READ.contains(step.program())) {
      return null;
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String input = inputFile(redirect);
      String unseen = input == null ? null : unwritten(scan, input);
      if (unseen != null) {
        return unseen;
      }
    }
    Set<String> options = FILE_OPTIONS.getOrDefault(step.program(), Set.of());
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      String file = ClientFileOptions.value(step.program(), options, text, next);
      if (file == null
          && text.startsWith("@")
          && text.length() > 1
          && step.program().equals("sqlplus")) {
        file = text.substring(1);
      }
      String unseen =
          file == null || PipedStatements.STDIN.contains(file) ? null : unwritten(scan, file);
      if (unseen != null) {
        return unseen; // a file the call shows may include one it does not: read on
      }
    }
    for (String text : ProductionPredicates.sqlOf(scan, step)) {
      String included = ClientFileOptions.included(step.program(), text);
      String unseen = included == null ? null : unwritten(scan, included);
      if (unseen != null) {
        return unseen;
      }
    }
    String startup = ClientFileOptions.startupFile(scan, step);
    if (startup != null) {
      return startup;
    }
    String producer = PipedStatements.producer(scan, step);
    return producer == null ? null : "what " + producer + " prints";
  }

  /**
   * The file a redirection gives the client on its input: {@code < f}, {@code <> f}, or a
   * descriptor duplicated ({@code <&3}, opened on a file the call does not show); not a
   * here-document nor a here-string, read where they are.
   */
  private static String inputFile(Redirect redirect) {
    if (redirect.body() != null) {
      return null;
    }
    String target = redirect.target() == null ? "" : redirect.target().text();
    return switch (redirect.operator()) {
      case "<", "<>" -> target;
      case "<&" ->
          target.equals("-") || target.equals("0") ? null : "the input descriptor " + target;
      default -> null;
    };
  }

  private static String unwritten(Scan scan, String file) {
    if (file.isEmpty() || file.equals("/dev/null") || file.equals("-")) {
      return null;
    }
    for (Step other : scan.steps()) {
      for (Redirect redirect : other.invocation().redirects()) {
        if (redirect.operator().startsWith(">") && redirect.target().text().equals(file)) {
          // Written in this call: text it shows is read where it is written; what a program
          // prints into it is out of sight as a pipe's is (decision 185).
          return PipedStatements.shows(other) ? null : "what " + other.program() + " prints";
        }
      }
    }
    return file;
  }
}
