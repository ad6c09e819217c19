package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.internal.ProgramKnowledge;
import org.junit.jupiter.api.Test;

/**
 * Issue 60: for every program it sees, the guard knows what it does with its arguments or records
 * that it does not; a literal program it does not know is allowed and shown as unknown in explain.
 */
class ProgramKnowledgeTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @Test
  void aLiteralProgramTheGuardDoesNotKnowIsAllowedAndShownAsUnknown() {
    GuardExplanation explanation = standard.explain(shell("acme-deploy --env dev"));
    assertThat(explanation.verdict().allowed()).isTrue();
    assertThat(explanation.parse())
        .containsExactly("acme-deploy --env dev | unknown program: what it does is not read");
  }

  @Test
  void aKnownProgramIsShownWithoutTheNote() {
    for (String command :
        new String[] {"./gradlew build", "rg TODO src", "rm -rf build", "kubectl get pods"}) {
      assertThat(standard.explain(shell(command)).parse())
          .as(command)
          .noneMatch(line -> line.contains("unknown program"));
    }
  }

  @Test
  void theTableSaysWhatEachKnownProgramDoes() {
    assertThat(ProgramKnowledge.of("rm")).contains("deletes");
    assertThat(ProgramKnowledge.of("timeout")).contains("runs what it is given");
    assertThat(ProgramKnowledge.of("curl")).contains("downloader");
    assertThat(ProgramKnowledge.of("acme-deploy")).isEmpty();
    assertThat(ProgramKnowledge.effects()).containsKeys("deletes", "builds", "inspects");
  }
}
