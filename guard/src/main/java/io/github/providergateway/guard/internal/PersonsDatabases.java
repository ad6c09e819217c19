package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An application's database written in the person's own places (decision 331, {@code
 * home.app-database-written}): SQL that changes rows or a table's shape ({@code UPDATE}, {@code
 * DELETE}, {@code INSERT}, {@code ALTER}: {@link ProductionWrites#writesRows}), with a {@code
 * WHERE} or without, given to {@code sqlite3} on a database file of theirs ({@code
 * ~/Pictures/Lightroom/X.lrcat}, {@code ~/.local/share/shotwell/data/photo.db}) or run by inline
 * code that opens one (Python's {@code sqlite3.connect}, Node's {@code better-sqlite3}). The
 * application keeps what it holds in that file, often its only copy, and changes it in its own
 * order; a row taken out behind its back is a photo's edits or a book's entry gone.
 *
 * <p>Not read here: reads (SELECT); the project's files and {@code /tmp}'s; a file whose own name
 * says test or development ({@link Environments#testName}, the local test data {@code
 * not-local-test-data} reads); a database elsewhere, {@link DatabaseFilesElsewhere}'s.
 */
final class PersonsDatabases {
  private PersonsDatabases() {}

  /** The programs that open a database file given as their first word. */
  private static final Set<String> CLIENTS = NameSet.of("sqlite3", "sqlite", "litecli", "duckdb");

  /** Two literals of code joined as a path's parts: {@code 'Pictures', 'x.db'}, {@code '/' + }. */
  private static final Pattern JOINED = Pattern.compile("['\"]\\s*[,/+]\\s*['\"]");

  /** A literal of code, and the few characters before it. */
  private static final Pattern LITERAL = Pattern.compile("['\"]([^'\"\\n]{1,300})['\"]");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("writes-rows-of-persons-database", (scan, step, read) -> clientWrites(scan, step));
    named.put("code-writes-persons-database", (scan, step, read) -> codeWrites(scan, step));
    named.put(
        "cleanup-keeps-nothing",
        CleanupsKeepingNothing.NAMED.around( // round 75, for any program: behind its options' words
            (scan, step, read) -> CleanupsKeepingNothing.keepsNothing(step)));
  }

  /** sqlite3's and duckdb's options that take a value: {@code -cmd "PRAGMA …"} names no file. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-cmd",
          "-init",
          "-separator",
          "-newline",
          "-nullvalue",
          "-vfs",
          "-mmap",
          "-heap",
          "-lookaside",
          "-pagecache",
          "-maxsize",
          "-escape",
          "-c",
          "-s");

  /**
   * The database file a client opens: its first word that is no option nor an option's value.
   *
   * @param step the client
   * @return the word, or {@code null} when it names none
   */
  static Word databaseFile(Step step) {
    java.util.List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String option = text.startsWith("--") ? text.substring(1) : text;
      if (VALUED.contains(option)) {
        i++;
      } else if (!text.startsWith("-")) {
        return args.get(i);
      }
    }
    return null;
  }

  private static boolean clientWrites(Scan scan, Step step) {
    if (!CLIENTS.contains(step.program())) {
      return false;
    }
    Word file = databaseFile(step);
    return file != null
        && (persons(scan, file.text()) || personsWhereItRuns(scan, step, file.text()))
        && ProductionWrites.writesRows(ProductionPredicates.sqlOf(scan, step));
  }

  private static boolean codeWrites(Scan scan, Step step) {
    String code = InterpreterCode.of(step);
    if (code == null
        || code.length() > 64 * 1024
        || !(code.contains("sqlite") || code.contains("Database("))
        || !ProductionWrites.codeWritesRows(step)) {
      return false;
    }
    String joined = JOINED.matcher(code).replaceAll("/");
    Matcher literal = PatternLiterals.matcher(LITERAL, joined);
    while (literal.find()) {
      String text = literal.group(1);
      String before = joined.substring(Math.max(0, literal.start() - 40), literal.start());
      boolean fromHome = before.contains("HOME") || before.contains("home");
      if (persons(scan, text)
          || fromHome && persons(scan, text.startsWith("/") ? "~" + text : "~/" + text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a relative database file is the person's own in a folder the command went to first
   * ({@code cd ~/HerdPro && sqlite3 herd.db "UPDATE …"}, round 75's red team).
   */
  private static boolean personsWhereItRuns(Scan scan, Step step, String written) {
    if (written.startsWith("/") || written.startsWith("~") || written.startsWith("$")) {
      return false;
    }
    for (Path cwd : step.cwds()) {
      if (cwd != null && persons(scan, cwd.resolve(written).normalize().toString())) {
        return true;
      }
    }
    return false;
  }

  /** Whether a database file as written is the person's own, and no test's. */
  private static boolean persons(Scan scan, String written) {
    Path home = scan.places() == null ? null : scan.places().home();
    Path project = scan.call() == null ? null : scan.call().project();
    if (project != null && written.startsWith("~/") && home != null) {
      Path path = home.resolve(written.substring(2)).normalize();
      if (path.startsWith(project)) {
        return false; // a project kept in ~/Documents is the developer's own
      }
    } else if (project != null && written.startsWith(project + "/")) {
      return false;
    }
    // The file's own name: the home's .local/share would read as a local test's place.
    return (PersonsPlaces.holdsWritten(home, written)
            || PersonsPlaces.appStoreWritten(home, written)) // round 75: ~/HerdPro/herd.db
        && !Environments.testName(written.substring(written.lastIndexOf('/') + 1));
  }
}
