package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the book's rules of a shared cluster's and a chain node's administration ask in code
 * (session 18, round 75's HPC centre and exchange): the cluster's scheduler, storage, archive or
 * licences administered ({@link ClusterAdministration}), its shared software replaced in place
 * ({@link SharedSoftwareReplaced}), a check taken out of its policy scripts ({@link
 * ClusterCheckEdits}), and a node's or a wallet's acts ({@link ChainNodeActs}).
 */
final class OpsPredicates {
  private OpsPredicates() {}

  /** Clues of a sweep and of a delisting, for the clauses asked of any program. */
  private static final CallClues SWEEP_NAMED = CallClues.of("sweep");

  private static final CallClues DELIST_NAMED = CallClues.of("delist");

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("module-default-edited", SharedSoftwareReplaced::moduleDefaultEdited);
    named.put("cluster-policy-check-removed", ClusterCheckEdits::removedByEdit);
    named.put("chain-node-acts", ChainNodeActs::nodeActs);
  }

  /** Adds the predicates of a program under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "cluster-administered", (scan, step, read) -> ClusterAdministration.administers(step));
    named.put(
        "shared-software-replaced", (scan, step, read) -> SharedSoftwareReplaced.replaces(step));
    named.put(
        "cluster-policy-lines-deleted", (scan, step, read) -> ClusterCheckEdits.removedBySed(step));
    named.put(
        "wallet-swept-of-all",
        SWEEP_NAMED.around((scan, step, read) -> ChainNodeActs.sweepsAll(step)));
    named.put(
        "delisted-now", DELIST_NAMED.around((scan, step, read) -> ChainNodeActs.delistsNow(step)));
  }
}
