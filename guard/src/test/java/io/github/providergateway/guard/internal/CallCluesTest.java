package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A predicate's clues ({@link CallClues}) let the book's clause loop skip it for every program of a
 * call that holds none of them, so a clue a predicate could hold without would lose a rule without
 * a sound. Every shell example of the book is read as the guard reads it, and each clued predicate
 * is asked, past its clues, of every example whose call holds none of them: none may hold.
 */
class CallCluesTest {
  @Test
  void noCluedPredicateHoldsOfAProgramOfACallHoldingNoneOfItsClues() {
    Map<String, CallClues.Clued> clued = new LinkedHashMap<>();
    for (String name : Where.names()) {
      if (!Where.onCall(name)
          && !Where.findsPaths(name)
          && inner(Where.named(name)) instanceof CallClues.Clued predicate) {
        clued.put(name, predicate);
      }
    }
    assertThat(clued).hasSizeGreaterThanOrEqualTo(10);
    List<String> held = new ArrayList<>();
    int skipped = 0;
    for (Scan scan : EXAMPLES) {
      for (Map.Entry<String, CallClues.Clued> predicate : clued.entrySet()) {
        if (predicate.getValue().clues().heldBy(scan)) {
          continue;
        }
        for (Step step : scan.steps()) {
          skipped++;
          if (predicate.getValue().test().test(scan, step, read(step))) {
            held.add(predicate.getKey() + " of " + step.program() + " in: " + scan.source());
          }
        }
      }
    }
    assertThat(skipped).isGreaterThan(10_000);
    assertThat(held).isEmpty();
  }

  @Test
  void noCluedPredicateOfTheCallFindsAnythingInACallHoldingNoneOfItsClues() {
    Map<String, CallClues.CluedCall> clued = new LinkedHashMap<>();
    for (String name : Where.names()) {
      if (Where.onCall(name) && Where.ofCall(name) instanceof CallClues.CluedCall predicate) {
        clued.put(name, predicate);
      }
    }
    assertThat(clued).hasSizeGreaterThanOrEqualTo(10);
    List<String> found = new ArrayList<>();
    int skipped = 0;
    for (Scan scan : EXAMPLES) {
      for (Map.Entry<String, CallClues.CluedCall> predicate : clued.entrySet()) {
        if (!predicate.getValue().clues().heldBy(scan)) {
          skipped++;
          String what = predicate.getValue().test().found(scan);
          if (what != null) {
            found.add(predicate.getKey() + " found " + what + " in: " + scan.source());
          }
        }
      }
    }
    assertThat(skipped).isGreaterThan(1_000);
    assertThat(found).isEmpty();
  }

  @Test
  void aClueIsHeldInAnyCaseInTheCommandOrAProgramsWords() {
    CallClues clues = CallClues.of("payout");
    assertThat(clues.heldBy(scan("./bin/run --PayOut=1"))).isTrue();
    assertThat(clues.heldBy(scan("./bin/run \"pay\"'out'"))).isTrue(); // the word, quotes taken off
    assertThat(clues.heldBy(scan("./bin/run --pay-out"))).isFalse();
    assertThat(clues.heldBy(scan("./bin/run p\u0100yout"))).isTrue(); // past ASCII: any letter
  }

  @Test
  void aPatternsCluesAreItsLiteralsInAnyCaseAndTheyCrossNoLine() {
    assertThat(CallClues.of(Pattern.compile("--ssn=(\\d+)")).heldBy(scan("look --SSN=1"))).isTrue();
    assertThat(CallClues.of(Pattern.compile("--ssn=(\\d+)")).heldBy(scan("look --tin=1")))
        .isFalse();
    assertThat(CallClues.of(Pattern.compile("abc\ndef")).heldBy(scan("true"))).isTrue();
    assertThat(CallClues.of(Pattern.compile("\\d+")).heldBy(scan("true"))).isTrue();
  }

  @Test
  void anotherToolsCallHoldsEveryClue() {
    CallForRules call =
        new CallForRules(
            "mcp__x__y", JsonNodeFactory.instance.objectNode(), CorpusPlaces.PROJECT, null, null);
    Scan scan = new Scan(CorpusPlaces.PLACES, call, null, List.of());
    assertThat(CallClues.of("payout").heldBy(scan)).isTrue();
  }

  private static Where.Predicate inner(Where.Predicate predicate) {
    Where.Predicate unnamed = predicate instanceof ProgramNames named ? named.test() : predicate;
    return unnamed instanceof PredicateGate.Gated gated ? gated.test() : unnamed;
  }

  private static Where.Read read(Step step) {
    return new Where.Read("", step.args(), step.args(), List.<String>of());
  }

  /** Every shell example of the book, as the guard scans it. */
  private static final List<Scan> EXAMPLES = examples();

  private static List<Scan> examples() {
    // Every predicate made first (a source is made when one of its names is first asked), so
    // every clue's literals are numbered before a scan's text is read: a scan read before a
    // literal was numbered holds it unread ("numbered since: held"), and the test then asked
    // nothing of the clues of the predicates made later (found when a clue made wrong on purpose,
    // opt-in-skipped's, passed).
    for (String name : Where.names()) {
      if (Where.onCall(name)) {
        Where.ofCall(name);
      } else if (!Where.findsPaths(name)) {
        Where.named(name);
      }
    }
    List<Scan> scans = new ArrayList<>();
    for (RuleSpec spec : RuleBook.specs()) {
      List<RuleSpec.Example> examples = new ArrayList<>(spec.examples().deny());
      examples.addAll(spec.examples().ask());
      examples.addAll(spec.examples().allow());
      for (RuleSpec.Example example : examples) {
        if (example.tool().equals("shell")) {
          Scan scan = ShellScans.of(example.text(), example.cwd());
          if (scan != null) {
            scans.add(scan);
          }
        }
      }
    }
    return scans;
  }

  private static Scan scan(String command) {
    return ShellScans.of(command, null);
  }
}
