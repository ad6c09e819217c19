package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A table of people dumped whole from a shared database to this machine (decision 187): {@code
 * pg_dump "$CASES_DATABASE_URL" -t decedents -f ~/Downloads/x.dump}, {@code mongodump --uri …
 * --collection customers}. The same kind as decision 160's rows of people copied from a shared
 * database into a file here, by the dump tools rather than a SELECT; production's dumps stay {@code
 * production.data-export}'s, and a dump of the schema only, or of a local or test database, copies
 * no one.
 */
final class PeopleTablesDumped {
  private PeopleTablesDumped() {}

  /** The dump tools, each with its options that name a table or a collection. */
  private static final Set<String> DUMPERS = NameSet.of("pg_dump", "mongodump");

  private static final List<String> TABLE_OPTIONS = List.of("-t", "--table", "-c", "--collection");

  private static final Set<String> SCHEMA_ONLY = NameSet.of("-s", "--schema-only");

  /** A table of people a dump tool copies from a shared database, said, or {@code null}. */
  static String dumped(Scan scan) {
    if (scan.source() == null) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (!DUMPERS.contains(step.program())) {
        continue;
      }
      String table = peopleTable(step);
      if (table != null
          && addressed(step)
          && DatabaseTargets.shared(scan, step)
          && !Environments.production(scan, step)) {
        return "the table " + table + " of a shared database dumped to this machine";
      }
    }
    return null;
  }

  /** The first table of people the tool is told to dump, or {@code null}; none for the schema. */
  private static String peopleTable(Step step) {
    List<Word> args = step.args();
    String found = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (SCHEMA_ONLY.contains(text)) {
        return null;
      }
      String table = null;
      for (String option : TABLE_OPTIONS) {
        if (text.equals(option) && i + 1 < args.size()) {
          table = args.get(i + 1).text();
        } else if (text.startsWith(option + "=")) {
          table = text.substring(option.length() + 1);
        }
      }
      if (found == null && table != null && PeopleRows.people(table)) {
        found = table;
      }
    }
    return found;
  }

  /** Whether the tool is given a database's address: a host, a URL, a variable holding one. */
  private static boolean addressed(Step step) {
    if (!DatabaseTargets.hostsOf(step).isEmpty()) {
      return true;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.contains("://") || text.startsWith("$") || text.startsWith("--uri")) {
        return true;
      }
    }
    return false;
  }
}
