package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the {@code cloud.*} rules of the book ask in code: what a storage or cloud program's call
 * deletes ({@link StorageDeletes}): a bucket with all it holds, what a sync's source lacks, or one
 * resource. The programs are the clauses'. And, read last, an operation of theirs that changes the
 * account and no rule judged ({@link CloudAccountChanges}).
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
    named.put(
        "cloud-changes-account",
        ProgramNames.of(
            java.util.Set.of("aws", "gcloud", "az", "bq"),
            (scan, step, read) -> CloudAccountChanges.changes(scan, step)));
    named.put(
        "cloud-code-changes-account",
        ProgramNames.of(
            java.util.Set.of("python", "python3", "pypy3", "node", "nodejs", "bun", "deno"),
            (scan, step, read) -> CloudAccountChanges.codeChanges(scan, step)));
  }
}
