package io.github.providergateway.guard.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardExplanation;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Writes every corpus case's whole decision under each preset that decides (standard, strict,
 * paranoid) to {@code target/guard-corpus-explanations.txt}: the verdict, the rule's id, the
 * reason, what to do instead, and the explanation (the parse a line per program, every rule that
 * matched). A change meant to decide nothing differently (a new reader, a faster rule) is checked
 * by comparing the file of the build before with the build after, byte for byte ({@code cmp}); the
 * corpus's own goals are {@link CorpusTest}'s.
 */
class CorpusExplanationsTest {
  private static final Path FILE = Path.of("target", "guard-corpus-explanations.txt");

  @Test
  void everyCaseIsExplainedUnderEveryPresetThatDecides() throws IOException {
    GuardCorpus corpus = GuardCorpus.load();
    List<String> lines = new ArrayList<>();
    for (GuardPreset preset :
        List.of(GuardPreset.STANDARD, GuardPreset.STRICT, GuardPreset.PARANOID)) {
      Guard guard =
          Guard.create(
              new GuardSettings(preset, List.of(), List.of(), List.of()),
              corpus.setting().environment());
      for (CorpusCase corpusCase : corpus.cases()) {
        GuardExplanation explanation = guard.explain(corpusCase.call(corpus.setting()));
        GuardVerdict verdict = explanation.verdict();
        lines.add(
            corpusCase.id()
                + " "
                + preset.wireName()
                + " "
                + verdict.outcome()
                + " "
                + verdict.ruleId()
                + " | "
                + oneLine(verdict.reason())
                + " | instead: "
                + oneLine(verdict.instead()));
        explanation.parse().forEach(line -> lines.add("  parse " + oneLine(line)));
        explanation.matched().forEach(line -> lines.add("  matched " + oneLine(line)));
      }
    }
    Files.createDirectories(FILE.getParent());
    Files.write(FILE, lines, UTF_8);
    assertThat(lines.stream().filter(line -> !line.startsWith("  ")))
        .hasSize(3 * corpus.cases().size());
  }

  /** {@code text} on one line: its newlines and backslashes escaped, so each line is one entry. */
  private static String oneLine(String text) {
    return text == null ? "null" : text.replace("\\", "\\\\").replace("\n", "\\n");
  }
}
