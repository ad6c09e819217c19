package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named predicates a rule's when clause may ask for ({@code "where": "refspec-forced"}): what
 * the book's data cannot say (a refspec's {@code +}, a setting's value, a script's lines), each in
 * Java under one name. A name the book uses and this table lacks fails the catalogue's checks, at
 * the first guard (BookRules).
 */
final class Where {
  /**
   * A predicate over one program as a clause read it.
   *
   * <p>Implemented by the classes that hold the knowledge ({@link GitPredicates}).
   */
  @FunctionalInterface
  interface Predicate {
    /**
     * Whether it holds.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments, options read as the clause's values say
     * @return whether the predicate holds
     */
    boolean test(Scan scan, Step step, Read read);
  }

  /**
   * A program as a clause reads it.
   *
   * @param subcommand the subcommand, or the empty string
   * @param args the words after the subcommand
   * @param argv those words' options and positionals
   */
  record Read(String subcommand, List<Word> args, Argv argv) {}

  private static final Map<String, Predicate> BY_NAME;

  static {
    Map<String, Predicate> named = new LinkedHashMap<>();
    GitPredicates.addTo(named);
    BuildPublishes.addTo(named);
    SystemPredicates.addTo(named);
    MachinePredicates.addTo(named);
    SupplyPredicates.addTo(named);
    BY_NAME = Collections.unmodifiableMap(named);
  }

  private Where() {}

  /** {@return every predicate's name} */
  static Set<String> names() {
    return BY_NAME.keySet();
  }

  /**
   * The predicate of a name.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named
   */
  static Predicate named(String name) {
    Predicate predicate = BY_NAME.get(name);
    if (predicate == null) {
      throw new IllegalStateException("no predicate is named " + name);
    }
    return predicate;
  }
}
