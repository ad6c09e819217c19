package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The registry of agents (issue 63): one dialect per agent, in {@link AgentKind}'s order, each
 * complete, so that adding an agent is one dialect file and its line in {@link AgentKind}.
 */
class AgentDialectsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static List<AgentDialect> dialects() {
    return AgentDialects.all();
  }

  @Test
  void everyAgentKindHasItsDialectInOrder() {
    assertThat(AgentDialects.all())
        .containsExactlyElementsOf(
            Arrays.stream(AgentKind.values()).map(AgentKind::dialect).toList());
    assertThat(AgentDialects.ids())
        .containsExactly("claude", "copilot", "gemini", "codex", "cursor");
    assertThat(AgentDialects.ids()).doesNotHaveDuplicates();
    assertThat(AgentDialects.byId("codex")).contains(AgentKind.CODEX.dialect());
    assertThat(AgentDialects.byId("vim")).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("dialects")
  void eachDialectIsComplete(AgentDialect dialect) {
    assertThat(dialect.id()).matches("[a-z][a-z0-9-]*");
    assertThat(dialect.displayName()).isNotBlank();
    assertThat(dialect.binary()).matches("[a-z][a-z0-9-]*");
    assertThat(dialect.tools()).containsValue(ToolMapping.SHELL);
    assertThat(dialect.hookEntries()).isNotEmpty();
    dialect
        .sandbox()
        .ifPresent(
            sandbox -> assertThat(sandbox.needs()).as("what its sandbox runs on").isNotEmpty());
    assertThat(dialect.hookHelp().description()).isNotEmpty();
    assertThat(dialect.hookHelp().footerHeading()).startsWith("%nInstall it in ");
    assertThat(String.join("\n", dialect.hookHelp().footer()))
        .contains("gateway hook " + dialect.id());
  }

  /** The deny the launchers print is the answer the hook itself gives a deny, reason kept. */
  @ParameterizedTest
  @MethodSource("dialects")
  void denyAnswerIsTheHooksOwnDeny(AgentDialect dialect) throws Exception {
    String reason = "no \"push\" here";
    AgentKind kind = AgentKind.valueOf(dialect.id().toUpperCase(java.util.Locale.ROOT));
    HookVerdict deny = kind.fit(HookVerdict.deny(reason, "test"), null);
    assertThat(dialect.denyAnswer(reason)).isEqualTo(kind.answer(deny));
    JsonNode parsed = JSON.readTree(dialect.denyAnswer(reason));
    assertThat(parsed.toString()).contains("deny").contains("no \\\"push\\\" here");
  }

  /** A matcher names one of its agent's shells at least: a hook that misses them gates little. */
  @ParameterizedTest
  @MethodSource("dialects")
  void matchersNameAShell(AgentDialect dialect) {
    for (AgentDialect.HookEntry entry : dialect.hookEntries()) {
      if (entry.matcher() == null || entry.event().equals("preToolUse")) {
        continue; // every tool; Cursor's preToolUse leaves shells to beforeShellExecution
      }
      Pattern matcher = Pattern.compile(entry.matcher());
      assertThat(
              dialect.tools().entrySet().stream()
                  .filter(tool -> tool.getValue().equals(ToolMapping.SHELL))
                  .anyMatch(tool -> matcher.matcher(tool.getKey()).find()))
          .as(dialect.id() + " " + entry)
          .isTrue();
    }
  }

  /**
   * Claude Code, Codex and Gemini CLI get the same hook after their tools as before them (Claude
   * also after the tools that failed), with the same matcher, so that the gateway learns which
   * asked calls ran; Copilot CLI and Cursor get none. An after-tool hook runs before nothing,
   * whatever its matcher.
   */
  @ParameterizedTest
  @MethodSource("dialects")
  void theAfterToolHookMirrorsTheBeforeToolOneWhereTheAgentGetsOne(AgentDialect dialect) {
    List<AgentDialect.HookEntry> after =
        dialect.hookEntries().stream().filter(AgentDialect.HookEntry::afterTool).toList();
    List<AgentDialect.HookEntry> before =
        dialect.hookEntries().stream().filter(e -> !e.afterTool()).toList();
    switch (dialect.id()) {
      case "claude", "codex", "gemini" -> {
        // Claude Code reports a call that ran and failed at PostToolUseFailure, the others at one.
        assertThat(after).hasSize(dialect.id().equals("claude") ? 2 : 1);
        assertThat(before).hasSize(1);
        assertThat(after)
            .allSatisfy(entry -> assertThat(entry.matcher()).isEqualTo(before.get(0).matcher()));
      }
      default -> assertThat(after).isEmpty();
    }
    for (AgentDialect.HookEntry entry : after) {
      assertThat(dialect.runsBefore(entry, dialect.tools().keySet().iterator().next())).isFalse();
    }
    assertThat(dialect.runsBefore(new AgentDialect.HookEntry("postToolUse", null), "anything"))
        .as("a person's after-tool hook of any agent gates nothing")
        .isFalse();
  }

  /** The web tools reach the gateway before they fetch: Claude Code's and Gemini CLI's. */
  @Test
  void theWebToolsAreGatedBeforeTheyRun() {
    AgentDialect claude = AgentKind.CLAUDE.dialect();
    AgentDialect gemini = AgentKind.GEMINI.dialect();
    for (String tool : List.of("WebFetch", "WebSearch")) {
      assertThat(claude.runsBefore(claude.hookEntries().get(0), tool)).as(tool).isTrue();
    }
    for (String tool : List.of("web_fetch", "google_web_search")) {
      assertThat(gemini.runsBefore(gemini.hookEntries().get(0), tool)).as(tool).isTrue();
    }
    assertThat(gemini.runsBefore(gemini.hookEntries().get(0), "web_fetcher")).isFalse();
  }
}
