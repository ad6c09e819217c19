package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a program must be or do for a named predicate to hold at all, which the predicate declares
 * ({@link #around}): the book's clauses for any program ({@code "program": "*"}) ask each of their
 * predicates of every program of the call, and most programs write no file, run no code, fetch
 * nothing and name no service, so a predicate about one of these is skipped, without a call, for
 * every program its gate shuts out. Each gate is checked once a program of a call for all the
 * clauses of every family that declare it ({@link #passes}: two bits a gate in a long the step
 * keeps, so at most 32 gates), and wherever else a gated predicate is asked. A gate only skips a
 * predicate that would not hold, so no rule is found or missed for it, nor in another order: each
 * predicate holds alone what its gate asks (PredicateGateTest asks each, past its gate, of every
 * program of the book's examples the gate shuts out).
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
  DATABASE_TRADE,

  /**
   * It is run by another program ({@link io.github.providergateway.guard.shell.Invocation#via}:
   * {@code xargs}, {@code watch}, a line written to run later).
   */
  RUN_BY_ANOTHER,

  /** It is a program of the logistics trade ({@link LogisticsCommands#tradeProgram}). */
  TRADE_PROGRAM,

  /** One of its arguments is an option ({@code -x}, {@code --name}). */
  OPTION,

  /** One of its arguments is a long option ({@code --name}, {@code --}). */
  LONG_OPTION;

  static {
    if (values().length > 32) {
      throw new IllegalStateException("a step keeps two bits a gate in a long: 32 at most");
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
      return gate.passes(scan, step) && test.test(scan, step, read);
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

  /**
   * Whether a program passes the gate, asked once a program of a call however many families'
   * clauses declare it: the step keeps the answer ({@link Step#gates}). A gate reads the call and
   * the program, never the rules found so far, so every family would get the same answer.
   *
   * @param scan the call
   * @param step one of its programs
   * @return whether its predicates may hold
   */
  boolean passes(Scan scan, Step step) {
    long checked = 1L << 2 * ordinal();
    long known = step.gates(scan);
    if ((known & checked) == 0) {
      known = step.gated(scan, opens(scan, step) ? 3 * checked : checked);
    }
    return (known & 2 * checked) != 0;
  }

  /**
   * {@return whether a program of this name passes, for a gate that reads the program's name alone
   * (its kinds, a lexicon's row): the book then places its clauses among those of the programs so
   * named ({@link ClausePlaces}); or {@code null} for a gate that reads the program's words or the
   * call}
   */
  Predicate<String> byName() {
    return switch (this) {
      case INTERPRETER -> ProgramKind::isInterpreter;
      case SERVICE_PROGRAM -> ServiceVerbs::names;
      case SQL_CLIENT -> DataPredicates::mayCarrySql;
      case DATA_STORE -> DataStores::mayReach;
      case DATABASE_TRADE -> DatabaseTargets::ofTheTrade;
      case CHANGES_FILE,
          WRITES_FILE,
          REMOTE_FLOW,
          ACTING_VERB,
          PRINTS_SECRET,
          RUN_BY_ANOTHER,
          TRADE_PROGRAM,
          OPTION,
          LONG_OPTION ->
          null;
    };
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
      case RUN_BY_ANOTHER -> !step.invocation().via().isEmpty();
      case TRADE_PROGRAM -> LogisticsCommands.tradeProgram(step);
      case OPTION -> option(step, "-");
      case LONG_OPTION -> option(step, "--");
    };
  }

  /** Whether one of the program's arguments begins as an option does. */
  private static boolean option(Step step, String dashes) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) { // indexed: asked of every program of a long command
      if (args.get(i).text().startsWith(dashes)) {
        return true;
      }
    }
    return false;
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
