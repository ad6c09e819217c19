package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the book's rules of round 74's company acts ask in code (session 17): alerts of a money or a
 * safety service silenced by a server's tool ({@link MaintenanceWindows}), an admin client's act in
 * inline code ({@link AdminClientActs}), a printed "dry run" applied ({@link PipedApplies}), a
 * schema granted broadly or copied to another organisation by its engine ({@link
 * SqlGrantsAndCopies}), and R's or Julia's statements that write ({@link DbiWrites}).
 */
final class CompanyActsPredicates {
  private CompanyActsPredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("tool-silences-money-or-safety", MaintenanceWindows::silences);
  }

  /** Adds the predicates of a program under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("admin-client-acts", (scan, step, read) -> AdminClientActs.acts(step) != null);
    named.put(
        "applies-production-piped",
        (scan, step, read) -> PipedApplies.appliesProduction(scan, step));
    named.put(
        "schema-granted-broadly",
        (scan, step, read) -> SqlGrantsAndCopies.broadGrant(scan, step) != null);
    named.put(
        "sql-copies-to-another",
        (scan, step, read) -> SqlGrantsAndCopies.copiedToAnother(step) != null);
    named.put("dbi-statement-writes", (scan, step, read) -> DbiWrites.writes(step));
  }
}
