package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each agent's dialect (issue 45): what it reads from its agent's hook input, and what every kind
 * of verdict (allow, deny, ask, rewrite, ask with a rewrite, context) becomes in its answer and
 * exit code, including the denials that stand in for an ask or a rewrite the agent cannot take
 * (decision 66), and that every failure is a deny the agent obeys.
 */
class AgentDialectTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final JsonNode REWRITTEN =
      json("{\"command\":\"git push --force-with-lease origin main\"}");

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  /** What the agent gets: its stdout, exit code and stderr. */
  private record Spoken(JsonNode out, int exit, String err, String word) {}

  private static Spoken say(AgentKind agent, HookVerdict verdict, HookRequest request) {
    HookVerdict spoken = agent.fit(verdict, request);
    return new Spoken(
        json(agent.answer(spoken)), agent.exitCode(spoken), agent.stderr(spoken), spoken.word());
  }

  private static Spoken say(AgentKind agent, HookVerdict verdict) {
    return say(agent, verdict, null);
  }

  private static HookVerdict allow() {
    return HookVerdict.allow(List.of(), "gateway session s-1 (claude), tool shell: allowed");
  }

  private static HookVerdict deny() {
    return HookVerdict.deny("CI is red: no push", "gateway session s-1: CI is red: no push");
  }

  private static HookVerdict ask() {
    return HookVerdict.ask("Push to main?", List.of(), "a gate asks", null);
  }

  private static HookVerdict rewrite() {
    return new HookVerdict(true, null, List.of(), "gates rewrote it", REWRITTEN);
  }

  private static HookVerdict askAndRewrite() {
    return HookVerdict.ask("Push to main?", List.of(), "a gate asks", REWRITTEN);
  }

  private static HookVerdict context() {
    return HookVerdict.allow(List.of("CI is red on main"), "allowed with context");
  }

  // ---- Gemini CLI ----

  @Test
  void geminiReadsItsShellCallInTheFolderItNames() {
    HookRequest request =
        AgentKind.GEMINI.parse(
            json(
                """
                {"session_id":"g-1","transcript_path":"/t","cwd":"/code/p","hook_event_name":"BeforeTool",
                 "timestamp":"2026-11-26T12:00:00Z","tool_name":"run_shell_command",
                 "tool_input":{"command":"git push origin main","dir_path":"sub","description":"push"}}
                """));

    assertThat(request.tool()).isEqualTo("shell");
    assertThat(request.args()).isEqualTo(json("{\"command\":\"git push origin main\"}"));
    assertThat(request.cwd()).isEqualTo("/code/p/sub");
  }

  @Test
  void geminiNamesAnMcpToolByItsContextAsClaudeDoes() {
    HookRequest request =
        AgentKind.GEMINI.parse(
            json(
                """
                {"cwd":"/code/p","tool_name":"mcp_gw_echo","tool_input":{"text":"hi"},
                 "mcp_context":{"server_name":"gw","tool_name":"echo","command":"gateway","args":["mcp"]}}
                """));

    assertThat(request.tool()).isEqualTo("mcp__gw__echo");
    assertThat(request.args()).isEqualTo(json("{\"text\":\"hi\"}"));
  }

  @Test
  void geminiAllowIsNoDecisionAndExitZero() {
    Spoken allow = say(AgentKind.GEMINI, allow());

    assertThat(allow.out()).isEqualTo(json("{}"));
    assertThat(allow.exit()).isZero();
  }

  @Test
  void geminiDenyIsItsDecisionAndExitTwoWithTheReasonOnStderr() {
    Spoken deny = say(AgentKind.GEMINI, deny());

    assertThat(deny.out())
        .isEqualTo(json("{\"decision\":\"deny\",\"reason\":\"CI is red: no push\"}"));
    assertThat(deny.exit()).isEqualTo(2);
    assertThat(deny.err()).isEqualTo("CI is red: no push");
  }

  @Test
  void geminiAQuestionIsADenyThatAsksThePerson() {
    Spoken ask = say(AgentKind.GEMINI, ask());

    assertThat(ask.exit()).isEqualTo(2);
    assertThat(ask.word()).isEqualTo("deny");
    assertThat(ask.out().path("decision").asText()).isEqualTo("deny");
    assertThat(ask.out().path("reason").asText())
        .contains("asks the person first: Push to main?", "Gemini CLI cannot ask");
    assertThat(ask.err()).isEqualTo(ask.out().path("reason").asText());
  }

  @Test
  void geminiARewriteIsADenyThatNamesTheSaferCall() {
    Spoken rewrite = say(AgentKind.GEMINI, rewrite());

    assertThat(rewrite.exit()).isEqualTo(2);
    assertThat(rewrite.out().path("reason").asText())
        .contains("rewrote this call", REWRITTEN.toString());
    assertThat(rewrite.out().has("hookSpecificOutput"))
        .as("no tool_input: Gemini would run it, unseen")
        .isFalse();
  }

  @Test
  void geminiAQuestionWithARewriteNamesBoth() {
    Spoken both = say(AgentKind.GEMINI, askAndRewrite());

    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.out().path("reason").asText()).contains("Push to main?", REWRITTEN.toString());
    assertThat(both.out().has("hookSpecificOutput")).isFalse();
  }

  @Test
  void geminiContextGoesWithAnAllow() {
    Spoken context = say(AgentKind.GEMINI, context());

    assertThat(context.exit()).isZero();
    assertThat(context.out().path("hookSpecificOutput").path("additionalContext").asText())
        .isEqualTo("CI is red on main");
    assertThat(context.out().has("decision")).isFalse();
  }

  // ---- Codex ----

  @Test
  void codexReadsItsShellInEachOfItsForms() {
    assertThat(
            AgentKind.CODEX
                .parse(
                    json(
                        """
                        {"session_id":"c-1","turn_id":"t-1","cwd":"/code/p","hook_event_name":"PreToolUse",
                         "model":"gpt","permission_mode":"default","tool_name":"Bash",
                         "tool_input":{"command":"git push"},"tool_use_id":"u-1"}
                        """))
                .args())
        .isEqualTo(json("{\"command\":\"git push\"}"));
    assertThat(
            AgentKind.CODEX
                .parse(
                    json(
                        "{\"cwd\":\"/code/p\",\"tool_name\":\"exec_command\",\"tool_input\":{\"cmd\":\"git push\",\"workdir\":\"/code/q\"}}"))
                .cwd())
        .isEqualTo("/code/q");
    assertThat(
            AgentKind.CODEX
                .parse(
                    json(
                        "{\"cwd\":\"/code/p\",\"tool_name\":\"shell\",\"tool_input\":{\"command\":[\"bash\",\"-lc\",\"git push\"]}}"))
                .args())
        .isEqualTo(json("{\"command\":\"git push\"}"));
  }

  @Test
  void codexPatchIsAnEditOfEveryFileItNames() {
    HookRequest request =
        AgentKind.CODEX.parse(
            json(
                "{\"cwd\":\"/code/p\",\"tool_name\":\"apply_patch\",\"tool_input\":\"*** Begin Patch\\n"
                    + "*** Update File: src/a.py\\n@@\\n- a\\n+ b\\n*** Add File: .env\\n+K=V\\n*** End Patch\"}"));

    assertThat(request.tool()).isEqualTo("edit");
    assertThat(request.args().path("path").asText()).isEqualTo("src/a.py");
    assertThat(request.others())
        .singleElement()
        .satisfies(other -> assertThat(other.args().path("path").asText()).isEqualTo(".env"));
  }

  @Test
  void codexDenyAlwaysHasAReasonAndExitsTwo() {
    Spoken deny = say(AgentKind.CODEX, deny());
    Spoken bare = say(AgentKind.CODEX, HookVerdict.deny(null, "a gate gave no reason"));

    assertThat(deny.exit()).isEqualTo(2);
    assertThat(deny.err()).isEqualTo("CI is red: no push");
    assertThat(deny.out().path("hookSpecificOutput").path("permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(bare.exit()).isEqualTo(2);
    assertThat(bare.err()).isNotBlank();
    assertThat(bare.out().path("hookSpecificOutput").path("permissionDecisionReason").asText())
        .isNotBlank();
  }

  @Test
  void codexNeverGetsAnAskOrARewriteItWouldRunAnyway() {
    for (HookVerdict verdict : List.of(ask(), rewrite(), askAndRewrite())) {
      Spoken spoken = say(AgentKind.CODEX, verdict);

      assertThat(spoken.exit()).as(verdict.note()).isEqualTo(2);
      String out = spoken.out().toString();
      assertThat(out).doesNotContain("\"ask\"", "updatedInput", "\"allow\"");
      assertThat(spoken.out().path("hookSpecificOutput").path("permissionDecision").asText())
          .isEqualTo("deny");
      assertThat(spoken.err()).contains("Codex");
    }
    assertThat(say(AgentKind.CODEX, rewrite()).err()).contains(REWRITTEN.toString());
    assertThat(say(AgentKind.CODEX, ask()).err()).contains("Push to main?");
  }

  @Test
  void codexAllowAndContextAreNoDecision() {
    assertThat(say(AgentKind.CODEX, allow()).out()).isEqualTo(json("{}"));
    assertThat(say(AgentKind.CODEX, allow()).exit()).isZero();
    Spoken context = say(AgentKind.CODEX, context());
    assertThat(context.exit()).isZero();
    assertThat(context.out())
        .isEqualTo(
            json(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"additionalContext\":\"CI is red on main\"}}"));
  }

  // ---- Cursor ----

  @Test
  void cursorReadsEachOfItsHooks() {
    HookRequest shell =
        AgentKind.CURSOR.parse(
            json(
                """
                {"hook_event_name":"beforeShellExecution","conversation_id":"c","generation_id":"g",
                 "workspace_roots":["/code/p"],"command":"git push","cwd":"/code/p/sub"}
                """));
    HookRequest read =
        AgentKind.CURSOR.parse(
            json(
                """
                {"hook_event_name":"beforeReadFile","workspace_roots":["/code/p"],
                 "file_path":"/code/p/.env","content":"K=V","attachments":[]}
                """));
    HookRequest mcp =
        AgentKind.CURSOR.parse(
            json(
                """
                {"hook_event_name":"beforeMCPExecution","workspace_roots":["/code/p"],
                 "tool_name":"echo","tool_input":"{\\"text\\":\\"hi\\"}","command":"gateway mcp"}
                """));
    HookRequest pre =
        AgentKind.CURSOR.parse(
            json(
                """
                {"hook_event_name":"preToolUse","workspace_roots":["/code/p"],
                 "tool_name":"MCP:gw:echo","tool_input":{"text":"hi"}}
                """));

    assertThat(shell.tool()).isEqualTo("shell");
    assertThat(shell.cwd()).isEqualTo("/code/p/sub");
    assertThat(read.tool()).isEqualTo("read");
    assertThat(read.cwd()).as("the first workspace root").isEqualTo("/code/p");
    assertThat(read.args())
        .isEqualTo(json("{\"path\":\"/code/p/.env\",\"file_path\":\"/code/p/.env\"}"));
    assertThat(mcp.tool()).isEqualTo("echo");
    assertThat(mcp.args()).isEqualTo(json("{\"text\":\"hi\"}"));
    assertThat(pre.tool()).isEqualTo("mcp__gw__echo");
    assertThatThrownBy(
            () ->
                AgentKind.CURSOR.parse(
                    json("{\"hook_event_name\":\"afterFileEdit\",\"workspace_roots\":[\"/p\"]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("afterFileEdit");
  }

  @Test
  void cursorAnswersPermissionInEachKind() {
    HookRequest shell =
        AgentKind.CURSOR.parse(
            json(
                "{\"hook_event_name\":\"beforeShellExecution\",\"command\":\"git push\",\"cwd\":\"/p\"}"));
    HookRequest read =
        AgentKind.CURSOR.parse(
            json("{\"hook_event_name\":\"beforeReadFile\",\"file_path\":\"/p/a\",\"cwd\":\"/p\"}"));

    assertThat(say(AgentKind.CURSOR, allow(), shell).out()).isEqualTo(json("{}"));
    assertThat(say(AgentKind.CURSOR, deny(), shell).out())
        .isEqualTo(
            json(
                "{\"permission\":\"deny\",\"user_message\":\"CI is red: no push\",\"agent_message\":\"CI is red: no push\"}"));
    assertThat(say(AgentKind.CURSOR, ask(), shell).out().path("permission").asText())
        .isEqualTo("ask");
    assertThat(say(AgentKind.CURSOR, ask(), shell).out().path("user_message").asText())
        .isEqualTo("Push to main?");
    assertThat(say(AgentKind.CURSOR, ask(), read).out().path("permission").asText())
        .as("beforeReadFile answers allow or deny only")
        .isEqualTo("deny");
    Spoken rewrite = say(AgentKind.CURSOR, rewrite(), shell);
    assertThat(rewrite.out().path("permission").asText()).isEqualTo("deny");
    assertThat(rewrite.out().path("agent_message").asText()).contains(REWRITTEN.toString());
    assertThat(rewrite.out().has("updated_input")).isFalse();
    assertThat(say(AgentKind.CURSOR, askAndRewrite(), shell).out().path("permission").asText())
        .isEqualTo("deny");
    assertThat(say(AgentKind.CURSOR, context(), shell).out().path("agent_message").asText())
        .isEqualTo("CI is red on main");
    for (HookVerdict verdict : List.of(allow(), deny(), ask(), rewrite(), context())) {
      assertThat(say(AgentKind.CURSOR, verdict, shell).exit()).isZero();
    }
  }

  // ---- Claude Code and Copilot CLI keep theirs ----

  @Test
  void claudeAndCopilotKeepTheirAskAndRewriteAndExitZero() {
    for (AgentKind agent : List.of(AgentKind.CLAUDE, AgentKind.COPILOT)) {
      for (HookVerdict verdict : List.of(allow(), deny(), ask(), rewrite(), askAndRewrite())) {
        Spoken spoken = say(agent, verdict);
        assertThat(spoken.exit()).isZero();
        assertThat(spoken.err()).startsWith("gateway hook " + agent.word() + ": ");
      }
      assertThat(say(agent, ask()).out().toString()).contains("\"ask\"");
      assertThat(say(agent, rewrite()).out().toString()).contains(REWRITTEN.toString());
    }
  }

  // ---- fail closed, in the JVM adapter ----

  @TempDir Path home;

  private record Run(int exit, String out, String err) {}

  private Run run(AgentKind agent, InputStream in, HookAdapter.Settings settings) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        HookAdapter.run(
            agent,
            in,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            settings);
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static InputStream text(String text) {
    return new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  /** An input that breaks the adapter itself while it reads. */
  private static InputStream broken() {
    return new InputStream() {
      @Override
      public int read() {
        throw new IllegalStateException("broken on purpose");
      }

      @Override
      public byte[] readNBytes(int len) {
        throw new IllegalStateException("broken on purpose");
      }
    };
  }

  @ParameterizedTest
  @EnumSource(AgentKind.class)
  void everyFailureIsADenyTheAgentObeys(AgentKind agent) {
    HookAdapter.Settings settings = HookAdapter.Settings.of(home, 1);
    int denies = agent == AgentKind.GEMINI || agent == AgentKind.CODEX ? 2 : 0;

    Run malformed = run(agent, text("not json"), settings);
    Run broken = run(agent, broken(), settings);
    Run misconfigured = run(agent, text("{}"), null);
    Run noGateway =
        run(
            agent,
            text(
                "{\"hook_event_name\":\"preToolUse\",\"cwd\":\"/code/p\",\"tool_name\":\"Bash\","
                    + "\"tool_input\":{\"command\":\"ls\"},\"toolName\":\"bash\",\"toolArgs\":\"{\\\"command\\\":\\\"ls\\\"}\"}"),
            settings);

    for (Run run : List.of(malformed, broken, misconfigured, noGateway)) {
      assertThat(run.exit()).as(run.err()).isEqualTo(denies);
      assertThat(run.out()).contains("deny");
      assertThat(run.err()).isNotBlank();
    }
    assertThat(broken.err()).contains("broken on purpose");
  }
}
