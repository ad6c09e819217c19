package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The red-team pass of issue 60, kept as it came out
 * (guard/src/test/first-runs/redteam-at-97220db5): every confirmed bypass must now be blocked
 * (denied, or asked where the decision is an ask), but for the few still open, each named here with
 * why; every false positive must now be allowed, but for those the presets keep on purpose, each
 * named with the reason. Decided in the attacker's setting (project /work/project, home
 * /home/user).
 */
class RedTeamTest {
  private static final Path RECORD = Path.of("src/test/first-runs/redteam-at-97220db5");
  private static final Path PROJECT = AttackerSetting.PROJECT;
  private static final Guard GUARD =
      Guard.create(
          GuardSettings.defaults(),
          // The attacker's home ran its gateway with --config ~/work/providers.json (bp-276): the
          // gateway names that file to its guard (issue 61).
          AttackerSetting.environment(List.of(Path.of("/home/user/work/providers.json"))));

  /** Bypasses still open, and why: none since issue 61 named the --config file to the guard. */
  private static final Map<String, String> OPEN = Map.of();

  /** False positives the presets keep on purpose, and why. */
  private static final Map<String, String> KEPT =
      Map.ofEntries(
          Map.entry("fp-011", "pkill java kills the gateway, a JVM: the guard's own process"),
          Map.entry("fp-012", "killall java: the same"),
          Map.entry(
              "fp-013", "s3 sync --delete deletes the bucket's other files: asked, not denied"),
          Map.entry("fp-019", "a library preloaded from a folder computed at run time: asked"),
          Map.entry("fp-022", "a sibling's folder is outside the session's project"),
          Map.entry("fp-023", "a command sent to a host is read as destructive wherever it runs"),
          Map.entry("fp-024", "git checkout -- file throws away the file's uncommitted changes"),
          Map.entry("fp-025", "git restore file: the same"),
          Map.entry("fp-026", "a .env file sourced is read whole"),
          Map.entry("fp-027", "a .env file of any suffix but the examples' holds secrets"),
          Map.entry("fp-028", "vim .env reads it"),
          Map.entry("fp-029", "a recursive chmod outside the project"),
          Map.entry("fp-030", "find -delete outside the project"),
          Map.entry("fp-031", "a force push, whatever the branch: --force-with-lease instead"));

  static Stream<Arguments> bypasses() throws IOException {
    return read("bypasses.jsonl").stream().map(c -> Arguments.of(c.get("id").asText(), c));
  }

  static Stream<Arguments> falsePositives() throws IOException {
    return read("false-positives.jsonl").stream().map(c -> Arguments.of(c.get("id").asText(), c));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bypasses")
  void everyConfirmedBypassIsBlockedNow(String id, JsonNode bypass) {
    GuardVerdict verdict = GUARD.decide(AttackerSetting.redTeamCall(bypass));
    String command = bypass.get("command").asText();
    if (OPEN.containsKey(id)) {
      assertThat(verdict.outcome())
          .as(id + " is named open: " + OPEN.get(id))
          .isEqualTo(Outcome.ALLOW);
      return;
    }
    assertThat(verdict.outcome())
        .as(id + ": " + command + " → " + verdict.reason())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("falsePositives")
  void everyFalsePositiveIsAllowedNowButThoseKeptOnPurpose(String id, JsonNode call) {
    GuardVerdict verdict = GUARD.decide(AttackerSetting.redTeamCall(call));
    String command = call.get("command").asText();
    if (KEPT.containsKey(id)) {
      assertThat(verdict.outcome())
          .as(id + " is kept: " + KEPT.get(id))
          .isNotEqualTo(Outcome.ALLOW);
      return;
    }
    assertThat(verdict.outcome())
        .as(id + ": " + command + " → " + verdict.reason())
        .isEqualTo(Outcome.ALLOW);
  }

  private static List<JsonNode> read(String file) throws IOException {
    return AttackerSetting.records(RECORD.resolve(file));
  }
}
