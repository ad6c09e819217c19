package io.github.providergateway.guard.internal;

/**
 * What a database or data store's call destroys, as its readers ({@link SqlStatements}, {@link
 * DataStores}) find it: the {@code db.*} rules' predicates ({@link DataPredicates}) ask for one.
 */
enum DataLoss {
  /**
   * A table, database, schema, keyspace, column, queue or index, with its data: {@code db.drop}.
   */
  DROP,
  /** Every row of a table, or every message of a queue: {@code db.truncate}. */
  TRUNCATE,
  /** Every row, by a DELETE that keeps none: {@code db.delete-all}. */
  DELETE_ALL,
  /** Every key or document of a store: {@code db.flush}. */
  FLUSH
}
