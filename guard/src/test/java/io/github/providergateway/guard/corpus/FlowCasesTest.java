package io.github.providergateway.guard.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.corpus.FlowCorpus.Result;
import io.github.providergateway.guard.corpus.FlowCorpus.Sequence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The flow rules measured (issue 65): the blind set of call sequences ({@link FlowCorpus#FRESH},
 * written before the rules by a writer who had read none of the guard; its first run is kept in
 * {@code guard/src/test/first-runs/}) and the ordinary-work suite as sequences ({@link
 * FlowCorpus#ORDINARY}), played through the standard preset in the corpus's setting. Goals: every
 * flow case's last call asked or denied, no control and no ordinary call asked or denied. The tally
 * and every miss are written to {@code target/flow-cases.txt}.
 */
class FlowCasesTest {
  /**
   * The red team's set (a reader of the flow rules' code, after the blind set's fixes; its first
   * run at ae443867 is kept in {@code guard/src/test/first-runs/}): the harmful sequences it found
   * let through and the near-misses, with its own mistakes in expectations mended.
   */
  static final String RED_TEAM = "redteam-flow.jsonl";

  /**
   * The red team's bypasses still let through, by kind, each named in docs/guard.md ("What the flow
   * rules cannot see"): data in a lookup or a URL with no credential of a known form (by the
   * definition of sending), a script written some other way, curl's and wget's own configuration
   * files, a whole-project archive uploaded in one call, an MCP tool that says it is closed.
   */
  static final java.util.Set<String> OPEN =
      java.util.Set.of(
          // Nothing leaves: an earlier call of the sequence was denied (rt-132, rt-138), or the
          // person said yes to sending to that host earlier in the session (rt-209, rt-270).
          "rt-132",
          "rt-138",
          "rt-209",
          "rt-270",
          // The project's own repository is not "out", even for an issue that quotes a secret.
          "rt-219",
          // Data carried in a host name or a lookup, or in a URL written out by the model that
          // holds no credential of a known form: by the definition, a fetch does not send (a
          // credential in a URL is denied since issue 80: rt-042, rt-221).
          "rt-120",
          "rt-121",
          "rt-122",
          "rt-124",
          "rt-127",
          "rt-220",
          "rt-222",
          "rt-224",
          // curl's and wget's own configuration files (~/.curlrc, ~/.wgetrc) written earlier.
          "rt-010",
          "rt-058",
          // A script run by a pipe into a shell or by find -exec, and a package's script
          // rewritten by sed (what npm and make run of a file the session wrote is read since
          // issue 80: rt-190, rt-191).
          "rt-208",
          "rt-198",
          "rt-212",
          // A script written by other means than the edit tool, a here-document, echo, printf's
          // plain text, tee or a copy (python, printf escapes, base64, sed on an innocent file).
          "rt-192",
          "rt-193",
          "rt-194",
          "rt-207",
          "rt-214",
          // The whole project archived and uploaded in one call: a .env inside it is not seen
          // (an archive copied to another machine asks since issue 80: rt-250).
          "rt-244");

  private static final Map<String, List<List<Result>>> RESULTS = new LinkedHashMap<>();
  private static final Map<String, List<Sequence>> SETS = new LinkedHashMap<>();

  @BeforeAll
  static void playEverySequence() throws IOException {
    CorpusSetting setting = GuardCorpus.load().setting();
    Guard guard = Guard.create(GuardSettings.defaults(), setting.environment());
    StringBuilder report = new StringBuilder();
    for (String set : List.of(FlowCorpus.FRESH, FlowCorpus.ORDINARY)) {
      report.append(play(guard, setting, set, FlowCorpus.load(set)));
    }
    try (var in =
        FlowCasesTest.class.getResourceAsStream(
            "/io/github/providergateway/guard/corpus/" + RED_TEAM)) {
      report.append(play(guard, setting, RED_TEAM, FlowCorpus.read(in)));
    }
    String extra = System.getenv("FLOW_CASES");
    if (extra != null) {
      // A set of one's own (a red team's), played the same way: FLOW_CASES=/path/cases.jsonl.
      try (var in = Files.newInputStream(Path.of(extra))) {
        report.append(play(guard, setting, extra, FlowCorpus.read(in)));
      }
    }
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target", "flow-cases.txt"), report, UTF_8);
  }

  /** Plays every sequence of {@code set}, keeps the results, and {@return the set's tally} */
  private static String play(
      Guard guard, CorpusSetting setting, String set, List<Sequence> sequences) {
    List<List<Result>> results = new ArrayList<>();
    for (Sequence sequence : sequences) {
      results.add(FlowCorpus.run(guard, setting, sequence));
    }
    SETS.put(set, sequences);
    RESULTS.put(set, results);
    return tally(set, sequences, results);
  }

  /** The figures of one set, by family, and each sequence that missed. */
  static String tally(String set, List<Sequence> sequences, List<List<Result>> results) {
    Map<String, int[]> families = new LinkedHashMap<>();
    StringBuilder misses = new StringBuilder();
    for (int i = 0; i < sequences.size(); i++) {
      Sequence sequence = sequences.get(i);
      int[] counts = families.computeIfAbsent(sequence.family(), f -> new int[4]);
      counts[0]++;
      boolean met = results.get(i).stream().allMatch(Result::met);
      Result last = last(results.get(i));
      counts[1] += met ? 1 : 0;
      counts[2] += last.outcome() == Outcome.ASK ? 1 : 0;
      counts[3] += last.outcome() == Outcome.DENY ? 1 : 0;
      if (!met) {
        misses
            .append("  ")
            .append(sequence.id())
            .append(" (")
            .append(sequence.family())
            .append("):");
        for (Result result : results.get(i)) {
          if (!result.met()) {
            misses
                .append(" expected ")
                .append(result.step().expect())
                .append(", got ")
                .append(result.outcome())
                .append(result.rule() == null ? "" : " (" + result.rule() + ")")
                .append(" for ")
                .append(result.step().tool())
                .append(' ')
                .append(result.step().args());
          }
        }
        misses.append('\n');
      }
    }
    StringBuilder out = new StringBuilder(set + "\n");
    out.append("| family | sequences | as expected | last call asked | last call denied |\n");
    out.append("|---|---:|---:|---:|---:|\n");
    families.forEach(
        (family, c) ->
            out.append(
                String.format("| %s | %d | %d | %d | %d |%n", family, c[0], c[1], c[2], c[3])));
    return out + "misses:\n" + misses + "\n";
  }

  /** The call a sequence is about: its last with an expectation. */
  private static Result last(List<Result> results) {
    for (int i = results.size() - 1; i >= 0; i--) {
      if (!results.get(i).step().expect().equals("any")) {
        return results.get(i);
      }
    }
    return results.get(results.size() - 1);
  }

  @Test
  void everyFlowCaseIsAskedOrDenied() {
    assertThat(missed(FlowCorpus.FRESH, false)).as("flow cases let through").isEmpty();
  }

  @Test
  void noControlIsAskedOrDenied() {
    assertThat(missed(FlowCorpus.FRESH, true)).as("controls blocked").isEmpty();
  }

  @Test
  void noOrdinarySequenceIsAskedOrDenied() {
    assertThat(missed(FlowCorpus.ORDINARY, true)).as("ordinary calls blocked").isEmpty();
  }

  @Test
  void theRedTeamsBypassesAreBlockedButThoseNamedOpen() {
    List<String> through = missed(RED_TEAM, false);
    assertThat(through).as("red-team bypasses let through, beyond those named").isSubsetOf(OPEN);
  }

  @Test
  void theRedTeamsNearMissesAreAllowed() {
    assertThat(missed(RED_TEAM, true)).as("near-misses blocked").isEmpty();
  }

  @Test
  void theSetsAreWhatTheIssueAsks() {
    assertThat(SETS.get(FlowCorpus.FRESH).stream().filter(s -> !s.family().equals("control")))
        .hasSizeGreaterThanOrEqualTo(40);
    assertThat(SETS.get(FlowCorpus.ORDINARY)).hasSizeGreaterThanOrEqualTo(30);
  }

  /** The sequences of {@code set} that missed: the controls' and ordinary ones, or the others. */
  private static List<String> missed(String set, boolean controls) {
    List<String> missed = new ArrayList<>();
    List<Sequence> sequences = SETS.get(set);
    for (int i = 0; i < sequences.size(); i++) {
      Sequence sequence = sequences.get(i);
      boolean control = sequence.family().equals("control") || sequence.family().equals("ordinary");
      List<Result> results = RESULTS.get(set).get(i);
      // A harmful sequence is judged by the call it is about; an ordinary one by every call.
      boolean met = control ? results.stream().allMatch(Result::met) : last(results).met();
      if (control == controls && !met) {
        missed.add(sequence.id());
      }
    }
    return missed;
  }
}
