package io.github.providergateway.app.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.protocol.SessionInfo;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Which agent opened a session is kept within its bounds (issue 66): a window's label is the
 * agent's to choose, and sessions are opened by anyone holding a token, so neither the names nor
 * their number may grow what the gateway holds.
 */
class SessionAgentsTest {

  private final SessionAgents agents = new SessionAgents();

  @Test
  void aSessionAnAgentOpenedIsThatAgentsNamedAsItsHookNamesIt() {
    agents.started(new SessionInfo("s1", "claude-code", null, null, "agent"));
    agents.started(new SessionInfo("s2", "gemini-cli-mcp-client", null, null, "agent"));
    agents.started(new SessionInfo("s3", "windsurf", null, null, "agent:codex"));
    agents.started(new SessionInfo("s4", "my-own-agent", null, null, "agent"));
    agents.started(new SessionInfo("s5", null, null, null, "agent:stdio"));

    assertThat(agents.of("s1")).isEqualTo("claude");
    assertThat(agents.of("s2")).isEqualTo("gemini");
    assertThat(agents.of("s3")).as("the front door's token names it first").isEqualTo("codex");
    assertThat(agents.of("s4")).as("another agent keeps its label").isEqualTo("my-own-agent");
    assertThat(agents.of("s5")).isEqualTo(SessionAgents.UNNAMED);
    assertThat(agents.of((String) null)).isNull();
  }

  @Test
  void aDecisionAnAgentsHookTookNamesThatAgentWhateverItsSession() {
    agents.started(new SessionInfo("s1", "claude-code", null, null, "agent"));
    Decision.Builder decision =
        Decision.builder(Instant.EPOCH, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY);

    assertThat(agents.of(decision.agent("gemini").build())).isEqualTo("gemini");
    assertThat(agents.of(decision.agent(null).sessionId("s1").build())).isEqualTo("claude");
    assertThat(agents.of(decision.sessionId("s2").build())).isNull();
  }

  @Test
  void aSessionNoAgentOpenedIsNoAgents() {
    agents.started(new SessionInfo("host", "claude-code", null, null));
    agents.started(new SessionInfo("client", "claude-code", null, null, "mcp-http:ci"));
    agents.started(new SessionInfo("lookalike", "claude-code", null, null, "agents"));

    assertThat(agents.of("host")).isNull();
    assertThat(agents.of("client")).isNull();
    assertThat(agents.of("lookalike")).isNull();
  }

  @Test
  void aLabelLongerThanTheBoundIsCut() {
    agents.started(new SessionInfo("s1", "a".repeat(10_000), null, null, "agent"));

    assertThat(agents.of("s1")).hasSize(SessionAgents.MAX_NAME);
  }

  @Test
  void oneSessionPastTheBoundForgetsTheOldestAndNoOther() {
    for (int i = 0; i <= SessionAgents.MAX; i++) {
      agents.started(new SessionInfo("s" + i, "agent-" + i, null, null, "agent"));
    }

    assertThat(agents.of("s0")).as("the oldest, forgotten").isNull();
    assertThat(agents.of("s1")).isEqualTo("agent-1");
    assertThat(agents.of("s" + SessionAgents.MAX)).isEqualTo("agent-" + SessionAgents.MAX);
  }
}
