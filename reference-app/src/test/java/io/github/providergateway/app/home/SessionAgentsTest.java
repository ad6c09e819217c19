package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.SessionInfo;
import org.junit.jupiter.api.Test;

/**
 * Which agent opened a session is kept within its bounds (issue 66): a window's label is the
 * agent's to choose, and sessions are opened by anyone holding a token, so neither the names nor
 * their number may grow what the gateway holds.
 */
class SessionAgentsTest {

  private final SessionAgents agents = new SessionAgents();

  @Test
  void aSessionAnAgentOpenedIsThatAgentsByItsWindowsLabel() {
    agents.started(new SessionInfo("s1", "claude-code", null, null, "agent"));
    agents.started(new SessionInfo("s2", null, null, null, "agent:stdio"));

    assertThat(agents.of("s1")).isEqualTo("claude-code");
    assertThat(agents.of("s2")).isEqualTo(SessionAgents.UNNAMED);
    assertThat(agents.of(null)).isNull();
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
