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
 */
class WrittenRunsAsTypedTest {
  private static final String CASES = "written-runs-r6.jsonl";

  @Test
  void everySequenceDecidesAsItExpects() throws IOException {
    List<Sequence> sequences;
    try (InputStream in =
        WrittenRunsAsTypedTest.class.getResourceAsStream(
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
