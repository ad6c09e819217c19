package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.ShellScript;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    List<String> gated = new ArrayList<>();
    for (String name : Where.names()) {
      if (!Where.onCall(name) && !Where.findsPaths(name)) {
        if (Where.named(name) instanceof PredicateGate.Gated) {
          gated.add(name);
        }
      }
    }
    assertThat(gated).hasSizeGreaterThan(30); // the clauses for any program's, and their kin

    List<String> held = new ArrayList<>();
    int shutOut = 0;
    for (RuleSpec spec : RuleBook.specs()) {
      List<RuleSpec.Example> examples = new ArrayList<>(spec.examples().deny());
      examples.addAll(spec.examples().ask());
      examples.addAll(spec.examples().allow());
      for (RuleSpec.Example example : examples) {
        Scan scan = shellScan(example);
        for (int i = 0; scan != null && i < scan.steps().size(); i++) {
          Step step = scan.steps().get(i);
          for (String name : gated) {
            PredicateGate.Gated predicate = (PredicateGate.Gated) Where.named(name);
            if (!predicate.gate().opens(scan, step)) {
              shutOut++;
              Where.Read read = new Where.Read("", step.args(), step.args(), List.<String>of());
              if (predicate.test().test(scan, step, read)) {
                held.add(name + " of " + step.program() + " in: " + example.text());
              }
            }
          }
        }
      }
    }
    assertThat(shutOut).isGreaterThan(10_000);
    assertThat(held).isEmpty();
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
