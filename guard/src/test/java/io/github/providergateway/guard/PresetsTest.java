package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.edit;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.GuardCall.ToolHints;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What each preset adds, what off leaves, and the tools' own hints. */
class PresetsTest {

  @ParameterizedTest(name = "{0}: standard {1}, strict {2}, paranoid {3}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          git push origin main                     => ALLOW => ASK   => ASK
          rm -rf src/legacy                        => ALLOW => ASK   => ASK
          rm -rf ./build                           => ALLOW => ALLOW => ALLOW
          npm publish                              => DENY  => DENY  => DENY
          npm publish --dry-run                    => ALLOW => ALLOW => ALLOW
          docker run --privileged alpine sh        => ALLOW => ASK   => ASK
          docker run -v /:/host alpine             => ALLOW => ASK   => ASK
          chmod 777 run.sh                         => ALLOW => ASK   => ASK
          chmod -R a+w ./public                    => ALLOW => ASK   => ASK
          kubectl delete pod api-1                 => ALLOW => ASK   => ASK
          rm ~/notes.txt                           => ALLOW => ASK   => DENY
          curl https://example.com                 => ALLOW => ALLOW => ASK
          wget https://example.com/x.tgz           => ALLOW => ALLOW => ASK
          curl http://localhost:8080/health        => ALLOW => ALLOW => ALLOW
          curl http://127.0.0.1:9400/              => ALLOW => ALLOW => ALLOW
          http GET :8080/health                    => ALLOW => ALLOW => ALLOW
          curl "$URL"                              => ALLOW => ALLOW => ASK
          sudo apt-get install jq                  => ALLOW => ALLOW => ASK
          echo hi > ~/notes.txt                    => ALLOW => ALLOW => DENY
          cp a.txt /opt/shared/                    => ALLOW => ALLOW => DENY
          echo hi > ./notes.txt                    => ALLOW => ALLOW => ALLOW
          echo hi > /tmp/notes.txt                 => ALLOW => ALLOW => ALLOW
          ls > /dev/null 2>&1                      => ALLOW => ALLOW => ALLOW
          git stash drop                           => ASK   => ASK   => DENY
          echo 'export X=1' >> ~/.bashrc           => ASK   => ASK   => DENY
          git push --force                         => DENY  => DENY  => DENY
          rm -rf /                                 => DENY  => DENY  => DENY
          """)
  void eachPresetAddsToTheOneBelow(
      String command, Outcome standard, Outcome strict, Outcome paranoid) {
    assertThat(guard(GuardPreset.STANDARD).decide(shell(command)).outcome())
        .as("standard: " + command)
        .isEqualTo(standard);
    assertThat(guard(GuardPreset.STRICT).decide(shell(command)).outcome())
        .as("strict: " + command)
        .isEqualTo(strict);
    assertThat(guard(GuardPreset.PARANOID).decide(shell(command)).outcome())
        .as("paranoid: " + command)
        .isEqualTo(paranoid);
  }

  @Test
  void offTurnsEveryBuiltInRuleOffEvenTheCatastrophicOnes() {
    Guard off = guard(GuardPreset.OFF);
    assertThat(off.decide(shell("rm -rf /")).allowed()).isTrue();
    assertThat(off.decide(shell("echo '{}' > ~/.claude/settings.json")).allowed()).isTrue();
  }

  @Test
  void catastrophicRulesAreOnInEveryPresetButOff() {
    for (GuardPreset preset :
        new GuardPreset[] {GuardPreset.STANDARD, GuardPreset.STRICT, GuardPreset.PARANOID}) {
      Guard guard = guard(preset);
      assertThat(guard.decide(shell("rm -rf ~")).ruleId()).isEqualTo("fs.delete-home");
      assertThat(guard.decide(shell("dd if=/dev/zero of=/dev/sda")).ruleId())
          .isEqualTo("fs.disk-write");
      assertThat(guard.decide(shell("pkill -f provider-gateway")).ruleId()).isEqualTo("guard.self");
    }
  }

  @Test
  void paranoidDeniesEditsOutsideTheProject() {
    assertThat(guard(GuardPreset.PARANOID).decide(edit("/home/ada/notes.md")).ruleId())
        .isEqualTo("fs.write-outside-project");
    assertThat(guard(GuardPreset.PARANOID).decide(edit("src/Main.java")).allowed()).isTrue();
    assertThat(guard(GuardPreset.STANDARD).decide(edit("/home/ada/notes.md")).allowed()).isTrue();
  }

  @Test
  void strictAsksBeforeADestructiveToolOfAProviderBelowTrustUser() {
    Guard strict = guard(GuardPreset.STRICT);
    assertThat(strict.decide(tool(true, null, null, "external")).outcome()).isEqualTo(Outcome.ASK);
    assertThat(strict.decide(tool(true, null, null, "project")).ruleId())
        .isEqualTo("tools.destructive");
    assertThat(strict.decide(tool(true, null, null, null)).outcome()).isEqualTo(Outcome.ASK);
    assertThat(strict.decide(tool(true, null, null, "user")).allowed()).isTrue();
    assertThat(strict.decide(tool(true, null, null, "internal")).allowed()).isTrue();
    assertThat(strict.decide(tool(false, null, true, "external")).allowed()).isTrue();
    assertThat(guard(GuardPreset.STANDARD).decide(tool(true, null, null, "external")).allowed())
        .isTrue();
  }

  @Test
  void paranoidAsksBeforeDestructiveToolsBelowInternalAndOpenWorldOnesBelowUser() {
    Guard paranoid = guard(GuardPreset.PARANOID);
    assertThat(paranoid.decide(tool(true, null, null, "user")).ruleId())
        .isEqualTo("tools.destructive-trusted");
    assertThat(paranoid.decide(tool(null, null, true, "project")).ruleId())
        .isEqualTo("tools.open-world");
    assertThat(paranoid.decide(tool(null, null, true, "user")).allowed()).isTrue();
  }

  @Test
  void aReadOnlyToolIsNeverBlockedByTheHints() {
    Guard paranoid = guard(GuardPreset.PARANOID);
    assertThat(paranoid.decide(tool(true, true, true, "external")).allowed()).isTrue();
  }

  private static GuardCall tool(Boolean destructive, Boolean readOnly, Boolean open, String trust) {
    return new GuardCall(
        "files.delete",
        JsonNodeFactory.instance.objectNode().put("name", "x"),
        GuardFixture.PROJECT,
        GuardFixture.PROJECT,
        new ToolHints(destructive, readOnly, open, "files", trust));
  }
}
