package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rows written in a database kept in a file outside the project (issue 80 round 66, for {@code
 * production.write-rows}): {@code sqlite3 /mnt/archive/register/acts.db "UPDATE …"}, or the same by
 * Python's {@code sqlite3.connect('/srv/…/x.db')} in inline code. Decision 105 reads a local SQLite
 * file as the developer's test data; a file on a mount, a server's share, in the system's folders
 * or another person's home is the office's live records, often its only copy, kept where the office
 * shares it. Files of the project, {@code /tmp}, and reads (SELECT) stay ordinary.
 */
final class DatabaseFilesElsewhere {
  private DatabaseFilesElsewhere() {}

  /** The programs that open a database file given as their first word. */
  private static final Set<String> CLIENTS = NameSet.of("sqlite3", "sqlite", "litecli", "duckdb");

  /** Folders of mounts, shares and the system: another's data, not the developer's. */
  private static final List<String> ELSEWHERE =
      List.of(
          "/mnt/",
          "/media/",
          "/Volumes/",
          "/net/",
          "/smb/",
          "/srv/",
          "/var/",
          "/opt/",
          "/etc/",
          "/root/",
          "/data/",
          "//",
          "\\\\",
          "smb://");

  /** The folders under {@link #ELSEWHERE} that are scratch space. */
  private static final List<String> SCRATCH = List.of("/var/tmp/", "/var/folders/");

  /** A database file code opens: {@code sqlite3.connect('…')}, {@code sqlite:////…}. */
  private static final Pattern CODE_FILE =
      Pattern.compile(
          "(?:sqlite3?|duckdb|aiosqlite)\\s*\\.\\s*connect\\s*\\(\\s*(?:database\\s*=\\s*)?[rbfu]?"
              + "['\"]([^'\"\\n]{1,300})['\"]"
              + "|sqlite(?:\\+\\w+)?:///([^'\"\\s?]{1,300})");

  /**
   * Whether a database client writes rows in a file kept elsewhere.
   *
   * @param scan the call
   * @param step the program
   * @return whether it does
   */
  static boolean clientWrites(Scan scan, Step step) {
    if (!CLIENTS.contains(step.program())) {
      return false;
    }
    Word word = PersonsDatabases.databaseFile(step); // past -cmd "PRAGMA …" (round 72)
    return word != null
        && word.literal()
        && elsewhere(word.text(), project(scan), home(scan))
        && ProductionWrites.writesRows(ProductionPredicates.sqlOf(scan, step));
  }

  /**
   * Whether inline code opens a database file kept elsewhere and writes rows in it.
   *
   * @param scan the call
   * @param step the program
   * @return whether it does
   */
  static boolean codeWrites(Scan scan, Step step) {
    String code = InterpreterCode.of(step);
    if (code == null || !ProductionWrites.codeWritesRows(step)) {
      return false;
    }
    Matcher file = PatternLiterals.matcher(CODE_FILE, code);
    while (file.find()) {
      String path = file.group(1) != null ? file.group(1) : file.group(2);
      if (elsewhere(path, project(scan), home(scan))) {
        return true;
      }
    }
    return false;
  }

  private static Path project(Scan scan) {
    return scan.call() == null ? null : scan.call().project();
  }

  private static Path home(Scan scan) {
    return scan.places() == null ? null : scan.places().home();
  }

  /** Whether a database file lies on a mount, a share, the system's or another's folders. */
  static boolean elsewhere(String path, Path project, Path home) {
    if (project != null && path.startsWith(project + "/")
        || home != null && path.startsWith(home + "/")) {
      return false; // the project's, or the user's own home's
    }
    for (String scratch : SCRATCH) {
      if (path.startsWith(scratch)) {
        return false;
      }
    }
    for (String place : ELSEWHERE) {
      if (path.startsWith(place)) {
        return true;
      }
    }
    return anothersHome(path, project);
  }

  /** {@code /home/x/…} or {@code /Users/x/…} where the project is not in x's home. */
  private static boolean anothersHome(String path, Path project) {
    for (String homes : List.of("/home/", "/Users/")) {
      if (path.startsWith(homes)) {
        int slash = path.indexOf('/', homes.length());
        return slash > 0
            && (project == null || !project.toString().startsWith(path.substring(0, slash + 1)));
      }
    }
    return false;
  }
}
