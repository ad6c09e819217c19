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
              // SQL flushes nothing (FLUSHALL is Redis's). Its losses are named in the order its
              // statements show them: sql-drops-2, the second kind of loss it shows is a drop.
              for (int n = 1; loss != DataLoss.FLUSH && n <= SQL_LOSSES; n++) {
                int at = n - 1;
                named.put(
                    "sql-" + name + "-" + n,
                    PredicateGate.SQL_CLIENT.around(
                        (scan, step, read) ->
                            at < sqlLosses(scan, step).size()
                                && sqlLosses(scan, step).get(at) == loss));
              }
              named.put(
                  "store-" + name,
                  PredicateGate.DATA_STORE.around(
                      (scan, step, read) -> DataStores.losses(scan, step).contains(loss)));
            });
    named.put("firebase-emptied", (scan, step, read) -> StorageDeletes.firebaseEmptied(step));
    named.put(
        "runs-migrate-reset",
        (scan, step, read) -> {
          // prisma migrate reset, its first two words as they stand
          List<String> args = step.invocation().args();
          return args.size() >= 2 && args.get(0).equals("migrate") && args.get(1).equals("reset");
        });
  }

  /** The kinds of loss SQL can show: drop, truncate, delete every row. */
  private static final int SQL_LOSSES = 3;

  /** The kinds of loss a program's SQL shows, each once, in the order its statements show them. */
  private static List<DataLoss> sqlLosses(Scan scan, Step step) {
    List<DataLoss> found = sql(scan, step);
    return found.size() < 2 ? found : found.stream().distinct().toList();
  }

  /**
   * What the SQL a program carries destroys: a database client's (not a local test database's), or
   * a printer's where the command runs a client.
   */
  /**
   * {@return whether a program may carry SQL to a database: a client, or a printer (what it prints
   * may feed one); no other's SQL is read}
   */
  static boolean mayCarrySql(Step step) {
    return step.is(ProgramKind.SQL_CLIENT) || step.is(ProgramKind.ECHO);
  }

  /** {@return whether a program of this name may carry SQL ({@link #mayCarrySql(Step)})} */
  static boolean mayCarrySql(String program) {
    return ProgramKind.SQL_CLIENT.names(program) || ProgramKind.ECHO.names(program);
  }

  private static List<DataLoss> sql(Scan scan, Step step) {
    if (!mayCarrySql(step)) {
      return List.of();
    }
    boolean read =
        step.is(ProgramKind.SQL_CLIENT)
            ? !Environments.localTestData(scan, step) // decision 92: test.db, shop_dev
            : step.is(ProgramKind.ECHO)
                && scan.<Boolean>once("DataPredicates.client", DataPredicates::runsClient);
    if (!read) {
      return List.of();
    }
    List<DataLoss> found = new ArrayList<>();
    for (String text : SqlStatements.statements(scan, step)) {
      List<DataLoss> losses = SqlStatements.sql(text);
      if (losses.contains(DataLoss.DROP) && ScratchDrops.only(text)) {
        losses = losses.stream().filter(loss -> loss != DataLoss.DROP).toList(); // decision 333
      }
      found.addAll(losses);
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
