package io.github.providergateway.guard.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ordinary-work suite (issue 60): 466 calls of 17 developer days (builds, tests, git,
 * containers, clusters, reads and edits), shipped beside the corpus as {@code ordinary-work.jsonl}.
 * The standard guard must let every one through without asking: a guard that asks during ordinary
 * work is switched off. Each call is decided in the corpus's setting (project {@code
 * /work/project}, home {@code /home/user}), in the folder its line names if it names one.
 */
class OrdinaryWorkTest {
  private static final String SUITE = "ordinary-work.jsonl";
  private static final Path PROJECT = Path.of("/work/project");
  private static final GuardEnvironment ENVIRONMENT =
      new GuardEnvironment(
          Path.of("/home/user"),
          List.of(Path.of("/tmp")),
          Path.of("/home/user/.copilot/extensions/tap"));

  @Test
  void theStandardGuardNeitherDeniesNorAsksAnyCallOfOrdinaryWork() throws IOException {
    assertNoneStopped(Guard.create(GuardSettings.defaults(), ENVIRONMENT));
  }

  /**
   * The same suite on a disk where every file a call runs ({@code ./mvnw}, {@code ./gradlew},
   * {@code source .venv/bin/activate}, a built program) holds an ordinary script: this repository's
   * Maven wrapper, 300-odd lines of shell that reads and writes {@code ~/.m2}, downloads and runs
   * Java (issue 75). Reading what a script holds for the guard's own ground stops none of them.
   */
  @Test
  void readingTheScriptsItRunsStopsNoCallOfOrdinaryWork() throws IOException {
    assertNoneStopped(
        Guard.create(GuardSettings.defaults(), ENVIRONMENT.withDisk(MvnwDisk.read())));
  }

  private static void assertNoneStopped(Guard guard) throws IOException {
    List<JsonNode> calls = calls();
    List<String> stopped = new ArrayList<>();
    for (int line = 0; line < calls.size(); line++) {
      JsonNode call = calls.get(line);
      GuardVerdict verdict = guard.decide(guardCall(call));
      if (verdict.outcome() != Outcome.ALLOW) {
        stopped.add(
            SUITE
                + " line "
                + (line + 1)
                + " ("
                + call.path("day").asText()
                + "): "
                + verdict.outcome()
                + " by "
                + verdict.ruleId()
                + ": "
                + call.path("tool").asText()
                + " "
                + call.path("args"));
      }
    }
    assertThat(calls).as("the suite's calls").hasSizeGreaterThanOrEqualTo(466);
    assertThat(stopped).as("calls of ordinary work the standard guard stopped").isEmpty();
  }

  private static GuardCall guardCall(JsonNode call) {
    JsonNode cwd = call.get("cwd");
    Path reported = cwd == null || cwd.isNull() ? PROJECT : Path.of(cwd.asText());
    return new GuardCall(call.path("tool").asText(), call.path("args"), PROJECT, reported, null);
  }

  private static List<JsonNode> calls() throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> calls = new ArrayList<>();
    try (InputStream in = GuardCorpus.class.getResourceAsStream(SUITE)) {
      assertThat(in).as(SUITE + " beside the corpus").isNotNull();
      BufferedReader lines = new BufferedReader(new InputStreamReader(in, UTF_8));
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (!line.isBlank()) {
          calls.add(json.readTree(line));
        }
      }
    }
    return calls;
  }
}
