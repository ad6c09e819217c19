package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the {@code cloud.*} rules of the book ask in code: what a storage or cloud program's call
 * deletes ({@link StorageDeletes}): a bucket with all it holds, what a sync's source lacks, or one
 * resource. The programs are the clauses'.
 */
final class CloudPredicates {
  private CloudPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    Where.byValue(
        named,
        Map.of(
            "deletes-bucket", StorageDeletes.Deletes.BUCKET,
            "sync-deletes", StorageDeletes.Deletes.SYNC,
            "deletes-resource", StorageDeletes.Deletes.ONE),
        (scan, step, read) -> StorageDeletes.of(step));
  }
}
