package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * What a program must do for a named predicate to hold at all, which the predicate declares ({@link
 * #around}): the book's clauses for any program ({@code "program": "*"}) ask each of their
 * predicates of every program of the call, and most programs write no file, so a predicate about
 * the files a program writes is skipped, without a call, for every program its gate shuts out.
 * {@link BookRules} checks each gate once a program for all the clauses of a group that declare it;
 * wherever else a gated predicate is asked, it checks its gate itself. A gate only skips a
 * predicate that would not hold, so no rule is found or missed for it, nor in another order.
 */
enum PredicateGate {
  /** It changes a file: writes it, deletes it or changes its metadata ({@link Access#changes}). */
  CHANGES_FILE,

  /** It writes a file ({@link Access.Kind#WRITE}). */
  WRITES_FILE;

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
    List<Access> own = OwnAccesses.of(scan, step);
    for (int i = 0; i < own.size(); i++) { // indexed: asked of every program of a long command
      Access access = own.get(i);
      boolean passes =
          switch (this) {
            case CHANGES_FILE -> access.changes();
            case WRITES_FILE -> access.kind() == Access.Kind.WRITE;
          };
      if (passes) {
        return true;
      }
    }
    return false;
  }
}
