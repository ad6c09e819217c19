package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every program the book's when clauses name whole, and every set of options they read as taking a
 * value, each numbered once for the whole book: a program of the call is looked up here once
 * ({@link StepReadings}), and each family's clauses are then found by its number ({@link
 * ClausePlaces}) rather than each family looking the name up in a map of its own. Its words are
 * read once per set of options too, for every family alike.
 */
final class BookIndex {
  /** The index of every clause of the book; the catalogue's families all use it. */
  private static final class Book {
    static final BookIndex INDEX = of(RuleBook.specs());
  }

  /** The programs named whole, by name: their numbers, from 0. */
  private final Map<String, Integer> numbers = new HashMap<>();

  /** The programs' names, by number. */
  private final List<String> names;

  /** The sets of options read as taking a value ({@link When#values()}), numbered from 0. */
  private final Map<List<String>, Integer> valueSets = new HashMap<>();

  private BookIndex(Iterable<When> whens) {
    java.util.ArrayList<String> named = new java.util.ArrayList<>();
    for (When when : whens) {
      for (String program : when.programs()) {
        if (!program.endsWith("*") && numbers.putIfAbsent(program, named.size()) == null) {
          named.add(program);
        }
      }
      valueSets.putIfAbsent(when.values(), valueSets.size());
    }
    this.names = List.copyOf(named);
  }

  private static BookIndex of(List<RuleSpec> specs) {
    java.util.List<When> whens = new java.util.ArrayList<>();
    for (RuleSpec spec : specs) {
      whens.addAll(spec.matches().when());
    }
    return new BookIndex(whens);
  }

  /**
   * The index for some clauses: the book's when it numbers all they name (the catalogue's
   * families), else one of their own (a test's book).
   *
   * @param whens the clauses
   * @return the index
   */
  static BookIndex covering(List<When> whens) {
    BookIndex book = Book.INDEX;
    for (When when : whens) {
      if (!book.valueSets.containsKey(when.values())) {
        return new BookIndex(whens);
      }
      for (String program : when.programs()) {
        if (!program.endsWith("*") && !book.numbers.containsKey(program)) {
          return new BookIndex(whens);
        }
      }
    }
    return book;
  }

  /** {@return whether a clause of the book names {@code program} whole} */
  static boolean names(String program) {
    return Book.INDEX.number(program) >= 0;
  }

  /** {@return the number of a program's name, or -1 where no clause names it whole} */
  int number(String program) {
    Integer number = numbers.get(program);
    return number == null ? -1 : number;
  }

  /** {@return how many programs are named whole} */
  int programs() {
    return names.size();
  }

  /** {@return the name of a program's number} */
  String name(int number) {
    return names.get(number);
  }

  /** {@return the number of a set of options read as taking a value} */
  int valueSet(List<String> values) {
    Integer number = valueSets.get(values);
    if (number == null) {
      throw new IllegalArgumentException("not a set of this index: " + values);
    }
    return number;
  }

  /** {@return how many sets of options are numbered} */
  int valueSets() {
    return valueSets.size();
  }
}
