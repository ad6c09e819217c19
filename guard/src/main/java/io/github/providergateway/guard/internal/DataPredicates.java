package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the {@code db.*} rules of the book ask in code: what the SQL a database client is handed
 * destroys ({@link SqlStatements}: its arguments, here-documents, and what a printer of the same
 * command feeds it), what a data store's call destroys ({@link DataStores}), and whether a database
 * dropped is a local test's ({@link TestDatabases}). The programs and words are the clauses'.
 */
final class DataPredicates {
  private DataPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("shared-database", (scan, step, read) -> !TestDatabases.isLocalTestDatabase(step));
    Map.of(
            "drops", DataLoss.DROP,
            "truncates", DataLoss.TRUNCATE,
            "deletes-every-row", DataLoss.DELETE_ALL,
            "flushes", DataLoss.FLUSH)
        .forEach(
            (name, loss) -> {
              if (loss != DataLoss.FLUSH) { // SQL flushes nothing: FLUSHALL is Redis's
                named.put("sql-" + name, (scan, step, read) -> sql(scan, step).contains(loss));
              }
              named.put(
                  "store-" + name,
                  (scan, step, read) -> DataStores.losses(scan, step).contains(loss));
            });
    named.put("firebase-emptied", (scan, step, read) -> StorageDeletes.firebaseEmptied(step));
  }

  /**
   * What the SQL a program carries destroys: a database client's (not a local test database's), or
   * a printer's where the command runs a client.
   */
  private static List<DataLoss> sql(Scan scan, Step step) {
    boolean read =
        step.is(ProgramKind.SQL_CLIENT)
            ? !TestDatabases.isLocalTestClient(step)
            : step.is(ProgramKind.ECHO)
                && scan.<Boolean>once("DataPredicates.client", DataPredicates::runsClient);
    if (!read) {
      return List.of();
    }
    List<DataLoss> found = new ArrayList<>();
    for (String text : SqlStatements.statements(step)) {
      found.addAll(SqlStatements.sql(text));
    }
    return found;
  }

  private static boolean runsClient(Scan scan) {
    for (Step step : scan.steps()) {
      if (step.is(ProgramKind.SQL_CLIENT)) {
        return true;
      }
    }
    return false;
  }
}
