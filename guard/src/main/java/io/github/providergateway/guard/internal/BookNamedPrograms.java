package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The programs the book's other families name, in a clause ({@code "program": "flarectl"}) or a
 * word pattern ({@code "wrangler delete *"}), and what they name of each: the book decides their
 * verbs, which the acting verbs' reading ({@link ActingVerbs}) leaves to it (decisions 98 and 136).
 */
final class BookNamedPrograms {
  /** This reading's own families: what they name is not the book's knowledge of a program. */
  private static final Set<String> OWN_FAMILIES = NameSet.of("verbs", "loosens");

  /** The mark of a program the book names whole. */
  private static final String WHOLE = "*";

  private static final Set<String> IN_CLAUSES;
  private static final Set<String> IN_PATTERNS;

  /**
   * What the book names of each program it names: its subcommands ({@code "subcommand"} of a
   * clause, a pattern's words after the program), or {@link #WHOLE} where a clause names the
   * program with no subcommand (its predicate or options judge every one) or a pattern's word is
   * {@code *} ({@code vercel * rm *}: any subcommand).
   */
  private static final Map<String, Set<String>> SUBCOMMANDS;

  static {
    Set<String> inClauses = new HashSet<>();
    Set<String> inPatterns = new HashSet<>();
    Map<String, Set<String>> subcommands = new HashMap<>();
    read(inClauses, inPatterns, subcommands);
    IN_CLAUSES = Set.copyOf(inClauses);
    IN_PATTERNS = Set.copyOf(inPatterns);
    subcommands.replaceAll((program, named) -> Set.copyOf(named));
    SUBCOMMANDS = Map.copyOf(subcommands);
  }

  private BookNamedPrograms() {}

  /** {@return whether a clause of another family names the program} */
  static boolean inAClause(String program) {
    return IN_CLAUSES.contains(program);
  }

  /** {@return whether a word pattern of another family begins with the program} */
  static boolean inAPattern(String program) {
    return IN_PATTERNS.contains(program);
  }

  /**
   * Whether the book names the program at all, and names it whole or names this subcommand of it:
   * its families judged that command ({@code cast send}, every subcommand of {@code p4}).
   *
   * @param program the program
   * @param subcommand its first command word, or {@code ""}
   * @return whether its families judged it
   */
  static boolean judgedByTheBook(String program, String subcommand) {
    Set<String> named = SUBCOMMANDS.get(program);
    return named != null && (named.contains(WHOLE) || named.contains(subcommand));
  }

  /** {@return whether the book names the program in a clause or a pattern} */
  static boolean named(String program) {
    return SUBCOMMANDS.containsKey(program);
  }

  /**
   * Gathers them from the book as {@link RuleBook} read it: the rule files are parsed once, there,
   * not a second time here.
   */
  private static void read(
      Set<String> inClauses, Set<String> inPatterns, Map<String, Set<String>> subcommands) {
    for (RuleSpec spec : RuleBook.specs()) {
      if (OWN_FAMILIES.contains(spec.rule().category())) {
        continue;
      }
      for (RuleSpec.When clause : spec.matches().when()) {
        List<String> subs = clause.subcommands();
        for (String program : clause.programs()) {
          if (!program.isEmpty() && !program.endsWith("*")) {
            inClauses.add(program);
            subcommands
                .computeIfAbsent(program, p -> new HashSet<>())
                .addAll(subs.isEmpty() ? List.of(WHOLE) : subs);
          }
        }
      }
      for (String pattern : spec.matches().commands()) {
        List<String> words = List.of(pattern.split(" "));
        if (!words.get(0).isEmpty() && !words.get(0).endsWith("*")) {
          inPatterns.add(words.get(0));
          subcommands
              .computeIfAbsent(words.get(0), p -> new HashSet<>())
              .addAll(words.subList(1, words.size()));
        }
      }
    }
  }
}
