package io.github.providergateway.guard.internal;

import java.util.Set;
import java.util.function.Predicate;

/**
 * The programs a named predicate can hold of at all, told by their names alone ({@link
 * Step#program}): a clause for any program ({@code "program": "*"}) whose predicate first asks
 * whether the program is a data store's client, an image pusher or a network sender is placed, when
 * the book is read, only among the clauses of the programs so named ({@link ClausePlaces}), and the
 * other programs of a long command are not tried by it at all. A gate of a program's kinds ({@link
 * PredicateGate#byName}) is read the same way. The names only ever shut out a program the predicate
 * would not hold of, so no rule is found or missed for them, nor in another order
 * (PredicateGateTest asks each predicate, past its names, of every program of the book's examples
 * they shut out).
 *
 * @param names whether a program of this name may pass
 * @param test the predicate, which never holds of a program whose name does not pass
 */
record ProgramNames(Predicate<String> names, Where.Predicate test) implements Where.Predicate {
  /**
   * A predicate told the names of the programs it can hold of.
   *
   * @param names the names
   * @param test a predicate that never holds of another program
   * @return the predicate, its names declared
   */
  static Where.Predicate of(Set<String> names, Where.Predicate test) {
    return new ProgramNames(names::contains, test);
  }

  @Override
  public boolean test(Scan scan, Step step, Where.Read read) {
    return names.test(step.program()) && test.test(scan, step, read);
  }
}
