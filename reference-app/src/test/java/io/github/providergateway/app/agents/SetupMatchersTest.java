package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The matchers {@code gateway setup} and {@code hook --print-config} write run the hook before
 * every tool of the agent's tool table (agent-bridge's {@code ToolMapping}) and every MCP tool, as
 * {@code gateway doctor} reads them: a tool added to the table but not to the matcher fails here
 * before a person's doctor reports it uncovered (issue 45).
 */
class SetupMatchersTest {
  private static final Path FILE = Path.of("settings.json");

  private static AgentHooks.Hook hook(String event, String matcher) {
    return new AgentHooks.Hook(FILE, "user", event, 0, matcher, null);
  }

  @Test
  void claudesMatcherCoversEveryToolOfItsTable() {
    assertThat(
            MatcherCoverage.uncovered(
                AgentLayouts.Agent.claude,
                List.of(hook("PreToolUse", AgentLayouts.CLAUDE_MATCHER))))
        .isEmpty();
  }

  @Test
  void geminisMatcherCoversEveryToolOfItsTable() {
    assertThat(
            MatcherCoverage.uncovered(
                AgentLayouts.Agent.gemini,
                List.of(hook("BeforeTool", AgentLayouts.GEMINI_MATCHER))))
        .isEmpty();
  }

  @Test
  void cursorsFourHooksCoverEveryToolOfItsTable() {
    List<AgentHooks.Hook> hooks =
        List.of(
            hook("beforeShellExecution", null),
            hook("beforeMCPExecution", null),
            hook("beforeReadFile", null),
            hook("preToolUse", AgentLayouts.CURSOR_EDIT_MATCHER));

    assertThat(MatcherCoverage.uncovered(AgentLayouts.Agent.cursor, hooks)).isEmpty();
  }
}
