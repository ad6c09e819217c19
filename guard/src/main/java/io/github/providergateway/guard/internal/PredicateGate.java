package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * What a program must be or do for a named predicate to hold at all, which the predicate declares
 * ({@link #around}): the book's clauses for any program ({@code "program": "*"}) ask each of their
 * predicates of every program of the call, and most programs write no file, run no code, fetch
 * nothing and name no service, so a predicate about one of these is skipped, without a call, for
 * every program its gate shuts out. {@link BookRules} checks each gate once a program for all the
 * clauses of a group that declare it (two bits a gate in an int: at most sixteen gates); wherever
 * else a gated predicate is asked, it checks its gate itself. A gate only skips a predicate that
 * would not hold, so no rule is found or missed for it, nor in another order: each predicate holds
 * alone what its gate asks (PredicateGateTest asks each, past its gate, of every program of the
 * book's examples the gate shuts out).
 */
enum PredicateGate {
  /** It changes a file: writes it, deletes it or changes its metadata ({@link Access#changes}). */
  CHANGES_FILE,

  /** It writes a file ({@link Access.Kind#WRITE}). */
  WRITES_FILE,

  /** It is a shell or an interpreter ({@link Step#interpreter}): the code it is given is read. */
  INTERPRETER,

  /** It takes part in a flow from the network ({@link RemoteFlows#of}: fetches, pipes, runs). */
  REMOTE_FLOW,

  /** It acts on a service or a resource with a verb of the acting lexicon ({@link ActingVerbs}). */
  ACTING_VERB,

  /** It is a program of the service lexicon ({@link ServiceVerbs}). */
  SERVICE_PROGRAM,

  /**
   * It may carry SQL to a database: a client, or a printer feeding one ({@link DataPredicates}).
   */
  SQL_CLIENT,

  /** It may send commands to a data store: a store's client, or a printer feeding one. */
  DATA_STORE,

  /** It prints something a rule of printed secrets guards ({@link PrintedSecretPredicates}). */
  PRINTS_SECRET,

  /**
   * It is a program of the database trade: a client, a control plane, a schema or load tool, a
   * cloud's CLI, an HTTP client, an interpreter ({@link DatabaseTargets#ofTheTrade}; decision 135).
   */
  DATABASE_TRADE;

  static {
    if (values().length > 16) {
      throw new IllegalStateException("BookRules keeps two bits a gate in an int: 16 at most");
    }
  }

  /**
   * A predicate behind a gate: it holds where the gate opens and the predicate holds.
   *
   * @param gate the gate
   * @param test the predicate, which never holds where the gate is shut
   */
  record Gated(PredicateGate gate, Where.Predicate test) implements Where.Predicate {
    @Override
    public boolean test(Scan scan, Step step, Where.Read read) {
      return gate.opens(scan, step) && test.test(scan, step, read);
    }
  }

  /**
   * A predicate behind this gate.
   *
   * @param test a predicate that never holds where the gate is shut
   * @return the predicate, its gate declared
   */
  Where.Predicate around(Where.Predicate test) {
    return new Gated(this, test);
  }

  /** {@return whether a program passes the gate: its predicates may hold} */
  boolean opens(Scan scan, Step step) {
    return switch (this) {
      case CHANGES_FILE, WRITES_FILE -> accesses(scan, step);
      case INTERPRETER -> step.interpreter();
      case REMOTE_FLOW -> !RemoteFlows.of(scan, step).isEmpty();
      case ACTING_VERB -> ActingVerbs.found(scan, step) != null;
      case SERVICE_PROGRAM -> ServiceVerbs.names(step);
      case SQL_CLIENT -> DataPredicates.mayCarrySql(step);
      case DATA_STORE -> DataStores.mayReach(step);
      case PRINTS_SECRET -> PrintedSecretPredicates.printsAny(scan, step);
      case DATABASE_TRADE -> DatabaseTargets.ofTheTrade(step);
    };
  }

  /** Whether the program changes a file, or writes one, as the gate asks. */
  private boolean accesses(Scan scan, Step step) {
    List<Access> own = OwnAccesses.of(scan, step);
    for (int i = 0; i < own.size(); i++) { // indexed: asked of every program of a long command
      Access access = own.get(i);
      if (this == CHANGES_FILE ? access.changes() : access.kind() == Access.Kind.WRITE) {
        return true;
      }
    }
    return false;
  }
}
