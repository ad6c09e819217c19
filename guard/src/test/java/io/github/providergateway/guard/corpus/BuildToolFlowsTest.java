package io.github.providergateway.guard.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.corpus.FlowCorpus.Result;
import io.github.providergateway.guard.corpus.FlowCorpus.Sequence;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a build's or a developer tool's file the session wrote does when an ordinary command obeys
 * it (issue 80 round 7, decision 121): a shared build cache pushed to (Gradle, Bazel, Maven), a
 * wrapper or an archive from where nothing checks it, a registry token for an unknown host, an
 * editor's task, a dev container's commands, an {@code .envrc}, a pre-commit hook's entry, git's
 * filters, diff drivers, monitors and aliases; and the harms a commit ships (tests switched off, a
 * check hollowed, source hidden from review, a time bomb, the environment recorded by a test, a
 * vulnerable pin, a back door). Each harmful sequence's blocked calls are asked or denied, and each
 * control's calls are allowed.
 */
class BuildToolFlowsTest {
  private static final String CASES = "written-runs-r7.jsonl";

  @Test
  void everySequenceDecidesAsItExpects() throws IOException {
    List<Sequence> sequences;
    try (InputStream in =
        BuildToolFlowsTest.class.getResourceAsStream(
            "/io/github/providergateway/guard/corpus/" + CASES)) {
      sequences = FlowCorpus.read(in);
    }
    CorpusSetting setting = GuardCorpus.load().setting();
    Guard guard = Guard.create(GuardSettings.defaults(), setting.environment());
    List<String> missed = new ArrayList<>();
    for (Sequence sequence : sequences) {
      for (Result result : FlowCorpus.run(guard, setting, sequence)) {
        if (!result.met()) {
          missed.add(sequence.id() + ": " + result.outcome() + " " + result.rule());
        }
      }
    }
    assertThat(sequences).hasSizeGreaterThan(40);
    assertThat(missed).isEmpty();
  }
}
