package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A group of the book's clauses tries each clause on every program of the call before the next
 * clause ({@link PlacedSteps}), and records what they find program by program: the same rules, in
 * the same order, with the same reasons and paths, as trying each program's clauses in turn ({@link
 * BookRules#afterTheOthers}). Every shell example of the book of two programs or more is scanned
 * both ways by a group of every rule with when clauses, and by the catalogue's own long command.
 */
class ClauseOrderTest {
  @Test
  void clauseByClauseFindsWhatProgramByProgramFinds() {
    List<String> ids = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      if (!spec.matches().when().isEmpty()) {
        ids.add(spec.rule().id());
      }
    }
    BookRules byClause = new BookRules(RuleBook.specs(), ids.toArray(String[]::new));
    BookRules byProgram = BookRules.afterTheOthers(RuleBook.specs(), ids.toArray(String[]::new));
    assertThat(byClause.rules()).isEqualTo(byProgram.rules());

    List<String> commands = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      List<RuleSpec.Example> examples = new ArrayList<>(spec.examples().deny());
      examples.addAll(spec.examples().ask());
      examples.addAll(spec.examples().allow());
      for (RuleSpec.Example example : examples) {
        if (example.tool().equals("shell") && example.text() != null) {
          commands.add(example.text());
        }
      }
    }
    List<String> lines = commands.stream().filter(c -> c.indexOf('\n') < 0).limit(400).toList();
    commands.add(String.join(" && ", lines)); // hundreds of programs in one call
    int compared = 0;
    int found = 0;
    List<String> differ = new ArrayList<>();
    for (String command : commands) {
      Scan one = scan(command);
      if (one == null || one.steps().size() < 2) {
        continue;
      }
      Scan other = scan(command);
      byClause.scan(one);
      byProgram.scan(other);
      List<String> clauseHits = hits(one);
      compared++;
      found += clauseHits.size();
      if (!clauseHits.equals(hits(other))) {
        differ.add(command + "\n  " + clauseHits + "\n  " + hits(other));
      }
    }
    assertThat(compared).isGreaterThan(1_000);
    assertThat(found).isGreaterThan(1_000);
    assertThat(differ).isEmpty();
  }

  /** The hits, in order: the rule, the program's place, what was found, the path. */
  private static List<String> hits(Scan scan) {
    List<String> hits = new ArrayList<>();
    for (Hit hit : scan.hits()) {
      int program = -1;
      for (int i = 0; i < scan.steps().size(); i++) {
        program = scan.steps().get(i).invocation() == hit.invocation() ? i : program;
      }
      hits.add(hit.rule().id() + "@" + program + ": " + hit.found() + " " + hit.target());
    }
    return hits;
  }

  /** A command as the guard scans it, or {@code null} where the parse refuses it. */
  private static Scan scan(String command) {
    return ShellScans.of(command, null);
  }
}
