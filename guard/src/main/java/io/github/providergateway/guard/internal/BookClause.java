package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.function.Predicate;

/**
 * A clause of a rule ({@link BookRules}): what the book gives of it, and what its predicate
 * declares, made when the clause is first placed or tried (decision 329), so that a decision makes
 * the predicates of the clauses it tries and no others.
 */
final class BookClause {
  private final BuiltinRule rule;
  private final When when;

  /** Whether it asks of the options or positionals after the subcommand. */
  private final boolean options;

  /** The number of its options that take a value ({@link BookIndex#valueSet}). */
  private final int set;

  /**
   * Whether it gives no more than its programs and its {@code where} (every clause for any program
   * but a few): its program's words are read whole, with nothing of them asked.
   */
  private final boolean bare;

  /**
   * What its predicate declares, {@code null} until first asked. Any thread: a made one is never
   * changed (its fields are final), and two threads that make it at once make the same.
   */
  private Compiled compiled;

  BookClause(BuiltinRule rule, When when, int set) {
    this.rule = rule;
    this.when = when;
    this.options = BookRules.readsOptions(when);
    this.set = set;
    this.bare =
        !options
            && when.subcommands().isEmpty()
            && when.next().isEmpty()
            && when.words().isEmpty()
            && when.noWords().isEmpty();
  }

  BuiltinRule rule() {
    return rule;
  }

  When when() {
    return when;
  }

  boolean options() {
    return options;
  }

  int set() {
    return set;
  }

  boolean bare() {
    return bare;
  }

  private Compiled compiled() {
    Compiled made = compiled;
    if (made == null) {
      made = Compiled.of(when);
      compiled = made;
    }
    return made;
  }

  /** {@return its predicate, its gate and names taken off, or {@code null}} */
  Where.Predicate test() {
    return compiled().test();
  }

  /** {@return the gate its predicate declares that reads more than the program's name} */
  PredicateGate gate() {
    return compiled().gate();
  }

  /**
   * {@return the names of the programs its predicate can hold of ({@link ProgramNames}, or a gate
   * of the program's kinds), or {@code null} for any} The clause is placed only among the clauses
   * of the programs so named ({@link ClausePlaces}).
   */
  Predicate<String> names() {
    return compiled().names();
  }

  /** {@return its path predicate, or {@code null}} */
  Where.Paths paths() {
    return compiled().paths();
  }

  /** {@return the words it asks of its programs', looked up by hash} */
  ClauseWords words() {
    return compiled().words();
  }

  /** Whether the call may meet the clause's predicate: it holds one of its clues, if any. */
  boolean mayHold(Scan scan) {
    CallClues clues = compiled().clues();
    return clues == null || clues.heldBy(scan);
  }

  /**
   * What a clause's predicate declares, and its words.
   *
   * @param test its predicate, its gate and names taken off, or {@code null}
   * @param gate the gate its predicate declares that reads more than the program's name, or {@code
   *     null}
   * @param names the names of the programs its predicate can hold of, or {@code null} for any
   * @param paths its path predicate, or {@code null}
   * @param words the words it asks of its programs', looked up by hash
   * @param clues the texts one of which the call must hold for its predicate to hold ({@link
   *     CallClues}), or {@code null}
   */
  private record Compiled(
      Where.Predicate test,
      PredicateGate gate,
      Predicate<String> names,
      Where.Paths paths,
      ClauseWords words,
      CallClues clues) {
    static Compiled of(When when) {
      Where.Predicate asked = asked(when);
      return new Compiled(
          unclued(ungated(unnamed(asked))),
          unnamed(asked) instanceof PredicateGate.Gated gated && gated.gate().byName() == null
              ? gated.gate()
              : null,
          names(asked),
          when.where() != null && Where.findsPaths(when.where())
              ? Where.ofPaths(when.where())
              : null,
          ClauseWords.of(when),
          ungated(unnamed(asked)) instanceof CallClues.Clued clued ? clued.clues() : null);
    }

    /** The predicate a clause asks of a program, or {@code null}. */
    private static Where.Predicate asked(When when) {
      return when.where() == null || when.call() || Where.findsPaths(when.where())
          ? null
          : Where.named(when.where());
    }

    private static Where.Predicate unnamed(Where.Predicate asked) {
      return asked instanceof ProgramNames named ? named.test() : asked;
    }

    private static Where.Predicate ungated(Where.Predicate asked) {
      return asked instanceof PredicateGate.Gated gated ? gated.test() : asked;
    }

    private static Where.Predicate unclued(Where.Predicate asked) {
      return asked instanceof CallClues.Clued clued ? clued.test() : asked;
    }

    /** The names its predicate declares, and those of a gate that reads the name alone. */
    private static Predicate<String> names(Where.Predicate asked) {
      Predicate<String> names = asked instanceof ProgramNames named ? named.names() : null;
      Predicate<String> kinds =
          unnamed(asked) instanceof PredicateGate.Gated gated ? gated.gate().byName() : null;
      return names == null ? kinds : kinds == null ? names : names.and(kinds);
    }
  }
}
