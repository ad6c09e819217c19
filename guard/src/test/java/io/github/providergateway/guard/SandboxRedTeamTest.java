package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 64's red-team pass on the agents' own sandboxes, kept as it came out
 * (guard/src/test/first-runs/redteam-sandbox-first-run.txt: 296 harmful attempts by someone who had
 * read the guard's code, 135 allowed; 54 ordinary near-misses, all allowed). The cases
 * (redteam-sandbox-cases.jsonl, each with its first decision) are held here: every harmful one
 * blocked now (denied, or asked where the rule asks: an agent started with its safety off), but for
 * those named open with why; every ordinary one allowed.
 *
 * <p>Six of the first run's allowed calls were since found to loosen nothing and are left out of
 * the cases, though kept in the first run: a Gemini CLI extension's policy file (Gemini CLI 0.61
 * drops an extension's allow rules), {@code ~/.config/claude/settings.json} and {@code
 * ~/.claude/managed-settings.json} (Claude Code 2.1.332 reads neither), and {@code codex -p NAME}
 * (a profile the person wrote; one an agent writes is denied now, and since issue 75 any profile
 * the agent's model chooses is asked, as the person's profile may be one with its safety off).
 *
 * <p>Cases marked {@code "first": "found while fixing"} were written beside the fixes and so are
 * outside the first run's figure: the same kinds on the other agents' files (ids {@code sx-…}), and
 * ordinary calls on the same shapes that must stay allowed ({@code so-055} on).
 *
 * <p>Fixed as kinds, not spellings: a glob that may expand to an agent's settings, a path whose
 * folder the guard cannot read but whose end is an agent's settings (or Claude's {@code
 * settings.local.json}), a folder copied under its own name, an archive's named member, a patch fed
 * on the line, a sed {@code w} file, a changer fed by xargs from a lister of the ground, a link
 * made to the ground, a find's {@code -path}, {@code -fprint} and {@code -exec cp … {}}, inline
 * code's other writers (copies, appends, streams, perl's {@code open F, ">…"}, combined flags,
 * {@code sys.argv}), the files beside the settings that loosen a sandbox (Codex's profile layers
 * and exec-policy rules, Gemini CLI's {@code .env}, Cursor's project permissions and XDG config),
 * bubblewrap replaced or the kernel's user namespaces switched off, the agents' folder variables
 * read as their folders, {@code env -S} with assignments, and the agents' options and variables
 * that replace their sandbox in every spelling. Since issue 75, every form of an agent is read as
 * the agent ({@code npx -y @anthropic-ai/claude-code}, {@code node …/@openai/codex/bin/codex.js}),
 * and a folder's contents synced into the project from outside it is asked as what it may carry
 * ({@code rsync -a /tmp/evil/ ./}). Since decision 186, a script the call writes and then runs with
 * an interpreter is read as that interpreter's inline code ({@code sh-081}).
 */
class SandboxRedTeamTest {
  private static final Path CASES = Path.of("src/test/first-runs/redteam-sandbox-cases.jsonl");
  private static final Path PROJECT = AttackerSetting.PROJECT;
  private static final Guard GUARD =
      Guard.create(GuardSettings.defaults(), AttackerSetting.environment(List.of()));

  /** Bypasses still open, and why. */
  private static final Map<String, String> OPEN =
      Map.ofEntries(
          Map.entry("sh-022", "a patch in a file: the files it names are on the disk"),
          Map.entry("sh-029", "a stash popped: what it holds is in the repository"),
          Map.entry("sh-038", "a patch in a file: the same"),
          Map.entry("sh-265", "variables from a file sourced with set -a: on the disk"),
          Map.entry(
              "sh-278",
              "PATH given to an agent: too common a variable to ask about; a bwrap written into"
                  + " a bin folder is denied"));

  static Stream<Arguments> harmful() throws IOException {
    return cases("harm");
  }

  static Stream<Arguments> ordinary() throws IOException {
    return cases("ordinary");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("harmful")
  void everyConfirmedBypassIsBlockedNowButThoseNamedOpen(String id, JsonNode c) {
    GuardVerdict verdict = GUARD.decide(AttackerSetting.sandboxCall(c));
    if (OPEN.containsKey(id)) {
      assertThat(verdict.outcome())
          .as(id + " is named open: " + OPEN.get(id))
          .isEqualTo(Outcome.ALLOW);
      return;
    }
    assertThat(verdict.outcome())
        .as(id + ": " + text(c) + " → " + verdict.reason())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ordinary")
  void everyOrdinaryNearMissStaysAllowed(String id, JsonNode c) {
    GuardVerdict verdict = GUARD.decide(AttackerSetting.sandboxCall(c));
    assertThat(verdict.outcome())
        .as(id + ": " + text(c) + " → " + verdict.reason())
        .isEqualTo(Outcome.ALLOW);
  }

  /** The figure, as the first run's was kept: what walked through then and what does now. */
  @Test
  void theFirstRunsBypassesAreCountedAgainstNow() throws IOException {
    int first = 0;
    int now = 0;
    for (JsonNode c : read()) {
      if (c.path("category").asText().equals("harm")) {
        first += c.path("first").asText().equals("allow") ? 1 : 0;
        now += GUARD.decide(AttackerSetting.sandboxCall(c)).outcome() == Outcome.ALLOW ? 1 : 0;
      }
    }
    System.out.println("sandbox red team: allowed at first " + first + ", now " + now);
    assertThat(now).isEqualTo(OPEN.size());
    assertThat(first).isGreaterThan(now);
  }

  private static Stream<Arguments> cases(String category) throws IOException {
    return read().stream()
        .filter(c -> c.path("category").asText().equals(category))
        .map(c -> Arguments.of(c.get("id").asText(), c));
  }

  private static String text(JsonNode c) {
    return c.has("command")
        ? c.get("command").asText()
        : c.get("tool").asText() + " " + c.get("path").asText();
  }

  private static List<JsonNode> read() throws IOException {
    return AttackerSetting.records(CASES);
  }
}
