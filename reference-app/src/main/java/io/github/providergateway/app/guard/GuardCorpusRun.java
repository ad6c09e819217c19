package io.github.providergateway.app.guard;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.corpus.CorpusCase;
import io.github.providergateway.guard.corpus.CorpusTally;
import io.github.providergateway.guard.corpus.GuardCorpus;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The corpus part of {@code gateway guard test} (issue 44): every case of the corpus shipped in the
 * guard's jar ({@link GuardCorpus}) through a guard with the home's own settings, on the machine
 * the corpus describes (its cases name its folders), and the figures per category against the
 * issue's goals. Nothing is run.
 */
final class GuardCorpusRun {

  private GuardCorpusRun() {}

  /**
   * Runs the corpus through the guard {@code home} configures, prints the figures on {@code out},
   * and adds each goal the figures miss to {@code missed}.
   */
  static void run(
      Path home, Map<String, String> env, PrintStream out, PrintStream err, List<String> missed) {
    GuardSettings settings =
        HomeGuard.forHome(home, env, problem -> err.println("gateway guard test: " + problem))
            .personal()
            .settings();
    GuardCorpus corpus;
    try {
      corpus = GuardCorpus.load();
    } catch (RuntimeException e) {
      missed.add("corpus: it cannot be read (" + e.getMessage() + ")");
      return;
    }
    Guard guard = GuardFactory.create(settings, corpus.setting().environment());
    CorpusTally tally = new CorpusTally();
    for (CorpusCase corpusCase : corpus.cases()) {
      tally.add(corpusCase, guard.decide(corpusCase.call(corpus.setting())));
    }
    out.println(
        "corpus: "
            + corpus.cases().size()
            + " cases through the guard of "
            + home
            + " (preset "
            + settings.preset().wireName()
            + ", "
            + settings.rules().size()
            + " plain rule(s), "
            + settings.allow().size()
            + " allowed):");
    for (CorpusTally.Group group : CorpusTally.Group.values()) {
      CorpusTally.Row row = tally.row(group, null);
      out.println(
          String.format(
              Locale.ROOT,
              "  %-30s %5d cases  blocked %8s  allowed %8s  as labelled %8s",
              group.label(),
              row.cases(),
              CorpusTally.percent(row.blockedShare()),
              CorpusTally.percent(row.allowedShare()),
              CorpusTally.percent(row.asExpectedShare())));
    }
    if (settings.preset() != GuardPreset.STANDARD
        || !settings.rules().isEmpty()
        || !settings.allow().isEmpty()) {
      out.println(
          "  (the corpus is labelled for the standard preset alone: this home's own settings move"
              + " the figures)");
    }
    for (String failure : tally.goalFailures(null)) {
      missed.add("corpus: " + failure);
    }
    int unseen = tally.row(CorpusTally.Group.BYPASS_UNSEEN, null).cases();
    if (unseen > 0) {
      out.println(
          "  not covered: "
              + unseen
              + " bypass case(s) whose harm no single call shows (a script written earlier, a"
              + " make target), counted apart");
    }
  }
}
