package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.ShellScript;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

/**
 * A gate ({@link PredicateGate}) skips its predicates for the programs it shuts out, so a gate that
 * shut out a program its predicate holds of would lose a rule without a sound. Every shell example
 * of the book is read as the guard reads it, and each gated predicate is asked, past its gate, of
 * every program its gate shuts out: none may hold.
 */
class PredicateGateTest {
  @Test
  void noGatedPredicateHoldsOfAProgramItsGateShutsOut() {
    Map<String, Shut> gated = new LinkedHashMap<>();
    for (String name : programPredicates()) {
      if (unnamed(Where.named(name)) instanceof PredicateGate.Gated predicate) {
        gated.put(name, new Shut((scan, step) -> !predicate.gate().opens(scan, step), predicate));
      }
    }
    assertThat(gated).hasSizeGreaterThan(40); // the clauses for any program's, and their kin
    assertThat(heldWhereShut(gated)).isEmpty();
  }

  /**
   * A predicate that names the programs it can hold of ({@link ProgramNames}) is placed among their
   * clauses alone ({@link ClausePlaces}), so it must hold of no program whose name it shuts out.
   */
  @Test
  void noPredicateHoldsOfAProgramItsNamesShutOut() {
    Map<String, Shut> named = new LinkedHashMap<>();
    for (String name : programPredicates()) {
      if (Where.named(name) instanceof ProgramNames predicate) {
        named.put(
            name, new Shut((scan, step) -> !predicate.names().test(step.program()), predicate));
      }
    }
    assertThat(named).hasSizeGreaterThanOrEqualTo(9);
    assertThat(heldWhereShut(named)).isEmpty();
  }

  /** What shuts a program out of a predicate, and the predicate past it. */
  private record Shut(BiPredicate<Scan, Step> shuts, Where.Predicate past) {
    Shut(BiPredicate<Scan, Step> shuts, PredicateGate.Gated gated) {
      this(shuts, gated.test());
    }

    Shut(BiPredicate<Scan, Step> shuts, ProgramNames named) {
      this(shuts, named.test());
    }
  }

  /** The names of the predicates of a program (not of the call, not finding paths). */
  private static List<String> programPredicates() {
    List<String> names = new ArrayList<>();
    for (String name : Where.names()) {
      if (!Where.onCall(name) && !Where.findsPaths(name)) {
        names.add(name);
      }
    }
    return names;
  }

  /**
   * Asks each predicate, past what shuts programs out, of every program of the examples it shuts
   * out.
   *
   * @return where one held
   */
  private static List<String> heldWhereShut(Map<String, Shut> predicates) {
    List<String> held = new ArrayList<>();
    int shutOut = 0;
    for (Map.Entry<Step, Scan> example : EXAMPLES.entrySet()) {
      Step step = example.getKey();
      Scan scan = example.getValue();
      for (Map.Entry<String, Shut> predicate : predicates.entrySet()) {
        if (predicate.getValue().shuts().test(scan, step)) {
          shutOut++;
          if (predicate.getValue().past().test(scan, step, read(step))) {
            held.add(predicate.getKey() + " of " + step.program() + " in: " + scan.source());
          }
        }
      }
    }
    assertThat(shutOut).isGreaterThan(10_000);
    return held;
  }

  /**
   * A gate that reads the program's name alone ({@link PredicateGate#byName}) is read from the name
   * when the book places its clauses: the name must answer as the gate does, for every program.
   */
  @Test
  void aGateOfTheProgramsNameAnswersAsItsNameDoes() {
    List<String> differ = new ArrayList<>();
    int asked = 0;
    for (PredicateGate gate : PredicateGate.values()) {
      if (gate.byName() == null) {
        continue;
      }
      for (Step step : EXAMPLES.keySet()) {
        asked++;
        if (gate.byName().test(step.program()) != gate.opens(EXAMPLES.get(step), step)) {
          differ.add(gate + " of " + step.program());
        }
      }
    }
    assertThat(asked).isGreaterThan(10_000);
    assertThat(differ).isEmpty();
  }

  /**
   * A gate's answer is kept by the step for its call ({@link PredicateGate#passes}): the same as
   * asking it, and not carried to another call that reads the same program.
   */
  @Test
  void aGateKeptByTheStepIsTheCallsAnswer() {
    int asked = 0;
    for (Step step : EXAMPLES.keySet()) {
      Scan scan = EXAMPLES.get(step);
      for (PredicateGate gate : PredicateGate.values()) {
        asked++;
        assertThat(gate.passes(scan, step)).isEqualTo(gate.opens(scan, step));
        assertThat(gate.passes(scan, step)).isEqualTo(gate.opens(scan, step));
      }
    }
    assertThat(asked).isGreaterThan(10_000);
    Step step = EXAMPLES.keySet().iterator().next();
    Scan other = shellScan(new RuleSpec.Example("shell", "true", null, null, true, null));
    step.gated(other, -1L); // another call's answers
    Scan own = EXAMPLES.get(step);
    for (PredicateGate gate : PredicateGate.values()) {
      assertThat(gate.passes(own, step)).isEqualTo(gate.opens(own, step));
    }
  }

  /** Every program of the book's shell examples, with the call it is read in. */
  private static final Map<Step, Scan> EXAMPLES = examples();

  private static Map<Step, Scan> examples() {
    Map<Step, Scan> steps = new LinkedHashMap<>();
    for (RuleSpec spec : RuleBook.specs()) {
      List<RuleSpec.Example> examples = new ArrayList<>(spec.examples().deny());
      examples.addAll(spec.examples().ask());
      examples.addAll(spec.examples().allow());
      for (RuleSpec.Example example : examples) {
        Scan scan = shellScan(example);
        for (int i = 0; scan != null && i < scan.steps().size(); i++) {
          steps.put(scan.steps().get(i), scan);
        }
      }
    }
    return steps;
  }

  private static Where.Predicate unnamed(Where.Predicate predicate) {
    return predicate instanceof ProgramNames named ? named.test() : predicate;
  }

  private static Where.Read read(Step step) {
    return new Where.Read("", step.args(), step.args(), List.<String>of());
  }

  /** The example's command as the guard scans it, or {@code null} for a file tool's or unread. */
  private static Scan shellScan(RuleSpec.Example example) {
    if (!example.tool().equals("shell")) {
      return null;
    }
    ShellScript script;
    try {
      script = ShellParser.parse(example.text());
    } catch (ShellParseException e) {
      return null;
    }
    Path project = CorpusPlaces.PROJECT;
    Path cwd = example.cwd() == null ? project : Path.of(example.cwd());
    CallForRules call =
        new CallForRules(
            "shell",
            JsonNodeFactory.instance.objectNode().put("command", example.text()),
            project,
            cwd,
            null);
    return new Scan(CorpusPlaces.PLACES, call, example.text(), script.invocations())
        .withOpaque(script.opaque());
  }
}
