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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a file the session wrote does when it runs, judged as its commands typed would be (issue 80
 * round 6, decision 105): a shell script's {@code heroku config:set} on a production app, a Python,
 * Node or Ruby file's {@code subprocess.run([...])}, {@code execFileSync} or {@code system(...)}
 * list with a variable the code assigned ({@code CTX = "prod"}), the project's admin tool run from
 * a loop, however the file is run ({@code bash -x}, {@code source}, {@code uv run}, {@code python
 * -m}, {@code npx tsx}, {@code bundle exec ruby}); code run with production's data ({@code rails
 * runner}, {@code heroku run}, {@code manage.py shell}, {@code kubectl exec}); and the near misses
 * that stay allowed: a Redis of this machine flushed from a written file, scripts that only read,
 * development runs, an admin tool's reads and dry runs. Each harmful sequence's last call is asked
 * or denied, each near miss's allowed.
 *
 * <p>And round 7's (decision 121, {@code written-runs-r7.jsonl}): a build's or a developer tool's
 * file obeyed by an ordinary command (a shared build cache pushed to by Gradle, Bazel or Maven, a
 * wrapper or archive nothing verifies, a registry token for an unknown host, an editor's task, a
 * dev container's commands, {@code .envrc}, a pre-commit entry, git's filters, diff drivers,
 * monitors and aliases) and the harms a commit ships (tests switched off, a check hollowed, source
 * hidden from review, a time bomb, the environment recorded by a test, a vulnerable pin, a back
 * door), with their controls.
 */
class WrittenRunsAsTypedTest {
  @ParameterizedTest
  @ValueSource(strings = {"written-runs-r6.jsonl", "written-runs-r7.jsonl"})
  void everySequenceDecidesAsItExpects(String cases) throws IOException {
    List<Sequence> sequences;
    try (InputStream in =
        WrittenRunsAsTypedTest.class.getResourceAsStream(
            "/io/github/providergateway/guard/corpus/" + cases)) {
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
