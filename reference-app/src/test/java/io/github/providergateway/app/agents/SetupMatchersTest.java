package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentDialects;
import io.github.providergateway.agent.hook.AgentKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
                AgentSettingsRegistry.of(AgentKind.CLAUDE),
                List.of(hook("PreToolUse", ClaudeCodeSettings.MATCHER))))
        .isEmpty();
  }

  @Test
  void geminisMatcherCoversEveryToolOfItsTable() {
    assertThat(
            MatcherCoverage.uncovered(
                AgentSettingsRegistry.of(AgentKind.GEMINI),
                List.of(hook("BeforeTool", GeminiSettings.MATCHER))))
        .isEmpty();
  }

  @Test
  void cursorsFourHooksCoverEveryToolOfItsTable() {
    List<AgentHooks.Hook> hooks =
        List.of(
            hook("beforeShellExecution", null),
            hook("beforeMCPExecution", null),
            hook("beforeReadFile", null),
            hook("preToolUse", AgentConfig.matcher(AgentKind.CURSOR, "preToolUse")));

    assertThat(MatcherCoverage.uncovered(AgentSettingsRegistry.of(AgentKind.CURSOR), hooks))
        .isEmpty();
  }

  /**
   * Every agent setup and doctor know is a dialect, in the dialects' order: an agent added as a
   * dialect without its constant here (or the other way) fails.
   */
  @Test
  void setupKnowsEveryDialectAndNothingElse() {
    assertThat(AgentSettingsRegistry.all().stream().map(AgentSettings::id))
        .containsExactlyElementsOf(AgentDialects.ids());
    assertThat(AgentConfig.Target.words()).containsSubsequence(AgentDialects.ids());
  }

  /** One settings class for each agent, in {@link AgentKind}'s order (AgentSettingsRuleTest). */
  @Test
  void theRegistryHoldsOneSettingsClassPerAgentInItsOrder() {
    assertThat(AgentSettingsRegistry.all().stream().map(AgentSettings::kind))
        .containsExactly(AgentKind.values());
  }

  /**
   * What {@code hook --print-config} prints for an agent hooks the events and tools setup hooks
   * (its dialect's entries): Codex's printed hook once named {@code Bash|apply_patch|mcp__.*},
   * which misses its reads, where setup writes none (every tool).
   */
  /** Every agent's set-up, in the dialects' order. */
  static List<AgentSettings> agents() {
    return AgentSettingsRegistry.all();
  }

  @ParameterizedTest
  @MethodSource("agents")
  void thePrintedHooksAreTheOnesSetupWrites(AgentSettings agent) {
    JsonNode hooks = agent.dialect().hookSettings("gateway hook " + agent).path("hooks");
    List<AgentDialect.HookEntry> printed = new ArrayList<>();
    List<AgentHooks.Hook> asRead = new ArrayList<>();
    hooks
        .fields()
        .forEachRemaining(
            event ->
                event
                    .getValue()
                    .forEach(
                        entry -> {
                          String matcher =
                              entry.has("matcher") ? entry.get("matcher").asText() : null;
                          printed.add(new AgentDialect.HookEntry(event.getKey(), matcher));
                          asRead.add(hook(event.getKey(), matcher));
                        }));

    assertThat(printed).containsExactlyInAnyOrderElementsOf(agent.dialect().hookEntries());
    assertThat(MatcherCoverage.uncovered(agent, asRead)).isEmpty();
  }

  /** The hooks each agent's dialect asks for cover every tool of its table and its MCP tools. */
  @ParameterizedTest
  @MethodSource("agents")
  void theHooksOfEveryDialectCoverEveryToolOfItsTable(AgentSettings agent) {
    List<AgentHooks.Hook> hooks =
        agent.dialect().hookEntries().stream().map(e -> hook(e.event(), e.matcher())).toList();

    assertThat(MatcherCoverage.uncovered(agent, hooks)).isEmpty();
  }
}
