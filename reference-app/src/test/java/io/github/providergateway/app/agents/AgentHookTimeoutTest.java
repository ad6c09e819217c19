package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.hook.AgentKind;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Each agent's hook timeout as its settings hold it (issue 76): its unit, its default where the
 * settings say none, what the agent does past it, the doctor's flag under 20 s, and a slow answer
 * judged against it.
 */
class AgentHookTimeoutTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The agent's settings class, where what is the agent's own is kept. */
  private static AgentSettings settings(AgentKind agent) {
    return AgentSettingsRegistry.of(agent);
  }

  private static AgentHooks.Hook hook(String handler) throws Exception {
    JsonNode node = JSON.readTree(handler);
    return new AgentHooks.Hook(Path.of("/settings.json"), "user", "PreToolUse", 0, null, node);
  }

  @Test
  void eachAgentsTimeoutIsReadInItsOwnUnit() throws Exception {
    assertThat(
            AgentHookTimeout.of(settings(AgentKind.GEMINI), hook("{\"timeout\":60000}")).timeout())
        .isEqualTo(Duration.ofSeconds(60));
    assertThat(AgentHookTimeout.of(settings(AgentKind.CLAUDE), hook("{\"timeout\":60}")).timeout())
        .isEqualTo(Duration.ofSeconds(60));
    assertThat(AgentHookTimeout.of(settings(AgentKind.CODEX), hook("{\"timeout\":45}")).timeout())
        .isEqualTo(Duration.ofSeconds(45));
    assertThat(
            AgentHookTimeout.of(settings(AgentKind.COPILOT), hook("{\"timeoutSec\":60}")).timeout())
        .isEqualTo(Duration.ofSeconds(60));
    assertThat(AgentHookTimeout.of(settings(AgentKind.CURSOR), hook("{\"timeout\":60}")).timeout())
        .isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void aMissingTimeoutIsTheAgentsDefault() throws Exception {
    AgentHookTimeout codex = AgentHookTimeout.of(settings(AgentKind.CODEX), hook("{}"));
    AgentHookTimeout gemini =
        AgentHookTimeout.of(settings(AgentKind.GEMINI), hook("{\"timeout\":\"x\"}"));

    assertThat(codex.timeout()).isEqualTo(Duration.ofSeconds(600));
    assertThat(codex.configured()).isFalse();
    assertThat(codex.words()).isEqualTo("Codex's default 600 s");
    assertThat(gemini.timeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(AgentHookTimeout.of(settings(AgentKind.COPILOT), java.util.List.of()).timeout())
        .as("an agent with no hook: its default")
        .isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void underTwentySecondsIsFlaggedSayingWhatTheAgentDoesThen() throws Exception {
    assertThat(AgentHookTimeout.problem(settings(AgentKind.GEMINI), hook("{\"timeout\":15000}")))
        .get()
        .satisfies(
            p -> {
              assertThat(p.brief())
                  .isEqualTo("hook timeout 15 s too short: run 'gateway setup gemini'");
              assertThat(p.detail())
                  .contains(
                      "the hook may answer after the agent gave up, and Gemini CLI then runs"
                          + " the call");
            });
    assertThat(AgentHookTimeout.problem(settings(AgentKind.GEMINI), hook("{\"timeout\":20000}")))
        .isEmpty();
    assertThat(
            AgentHookTimeout.problem(
                settings(AgentKind.CURSOR), hook("{\"timeout\":5,\"failClosed\":true}")))
        .get()
        .satisfies(
            p -> assertThat(p.detail()).contains("Cursor then blocks the call (failClosed)"));
    assertThat(AgentHookTimeout.problem(settings(AgentKind.CLAUDE), hook("{\"timeout\":60}")))
        .isEmpty();
  }

  @Test
  void aSlowAnswerInsideTheTimeoutIsSlowAndOnePastItIsNot() throws Exception {
    AgentHookTimeout gemini =
        AgentHookTimeout.of(settings(AgentKind.GEMINI), hook("{\"timeout\":60000}"));

    assertThat(gemini.slow("the canary", Duration.ofMillis(7_200), Duration.ofSeconds(5)))
        .contains("the canary answered in 7.2 s, slow on this machine; inside Gemini CLI's 60 s");
    assertThat(gemini.slow("the canary", Duration.ofSeconds(5), Duration.ofSeconds(5)))
        .as("as fast as a quiet machine")
        .isEmpty();
    assertThat(gemini.slow("the canary", Duration.ofSeconds(61), Duration.ofSeconds(5)))
        .as("past the agent's own timeout: not an answer the agent would read")
        .isEmpty();
  }
}
