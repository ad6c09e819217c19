package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.internal.ProgramKnowledge;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /** The guard's own settings: a write, delete, copy onto or move away of it is denied. */
  private static final String OWN = "/home/ada/.claude/settings.json";

  /** How a program of the table's file kinds is called on a file, where the kind's form is not. */
  private static final Map<String, String> FORMS =
      Map.of(
          "gio", "gio remove " + OWN,
          "truncate", "truncate -s 0 " + OWN,
          "rename", "rename settings.json settings.off " + OWN);

  /** Programs of the table's file kinds that cannot overwrite or remove a file, and why. */
  private static final Map<String, String> NO_FILE =
      Map.of(
          "mktemp", "makes a new file of a unique name from its template: it never takes one",
          "umask", "changes the shell's mask for files made later: it names no file");

  /**
   * What the table says a program does to files is what the guard reads it doing: every program the
   * table lists as deleting, writing, copying, moving or changing modes, called on the guard's own
   * settings, is denied. A program listed but not read (sponge, link, rename and gio were, fresh
   * set B) fails here, not in an attacker's hands.
   */
  @Test
  void everyProgramTheTableSaysChangesFilesIsReadChangingThem() throws IOException {
    JsonNode programs;
    try (InputStream in =
        ProgramKnowledge.class.getResourceAsStream(
            "/io/github/providergateway/guard/programs.json")) {
      programs = new ObjectMapper().readTree(in).get("programs");
    }
    List<String> allowed = new ArrayList<>();
    for (String kind : List.of("deletes", "writes", "copies", "moves", "changes-mode")) {
      for (JsonNode name : programs.get(kind)) {
        String program = name.asText();
        if (NO_FILE.containsKey(program)) {
          continue;
        }
        String command =
            FORMS.getOrDefault(
                program,
                switch (kind) {
                  case "writes" -> "echo x | " + program + " " + OWN;
                  case "copies", "moves" -> program + " ./x " + OWN;
                  case "changes-mode" -> program + " 777 " + OWN;
                  default -> program + " " + OWN;
                });
        if (standard.decide(shell(command)).outcome() != GuardVerdict.Outcome.DENY) {
          allowed.add(command);
        }
      }
    }
    assertThat(allowed).as("programs the table says change files, not read doing it").isEmpty();
  }
}
