package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One canonical name per kind of tool, whichever agent calls it (issue 45, docs/agents.md "Tool
 * mapping"): every shell, read, edit, write, notebook and MCP tool of every agent, read from that
 * agent's own hook input, with the file each one really reads or writes as {@code path}.
 */
class ToolMappingTableTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  /** The agent's hook input for one call of {@code tool}, in its own layout. */
  private static JsonNode input(AgentKind agent, String tool, String toolInput) {
    ObjectNode input = JSON.createObjectNode().put("cwd", "/code/p");
    switch (agent) {
      case COPILOT -> input.put("toolName", tool).put("toolArgs", toolInput);
      case CURSOR ->
          input
              .put("hook_event_name", "preToolUse")
              .put("tool_name", tool)
              .set("tool_input", json(toolInput));
      case CLAUDE, GEMINI, CODEX -> input.put("tool_name", tool).set("tool_input", json(toolInput));
    }
    return input;
  }

  /**
   * The agent, its tool, the tool's input; the gateway's tool and what it sees: the shell's command
   * or the file's path (null: no path).
   */
  static Stream<Arguments> table() {
    return Stream.of(
        // Claude Code
        row(AgentKind.CLAUDE, "Bash", "{\"command\":\"ls\",\"description\":\"d\"}", "shell", "ls"),
        row(
            AgentKind.CLAUDE,
            "Edit",
            "{\"file_path\":\"/p/a\",\"old_string\":\"x\"}",
            "edit",
            "/p/a"),
        row(AgentKind.CLAUDE, "MultiEdit", "{\"file_path\":\"/p/a\",\"edits\":[]}", "edit", "/p/a"),
        row(
            AgentKind.CLAUDE,
            "Write",
            "{\"file_path\":\"/p/a\",\"content\":\"c\"}",
            "edit",
            "/p/a"),
        row(
            AgentKind.CLAUDE,
            "NotebookEdit",
            "{\"notebook_path\":\"/p/n.ipynb\"}",
            "edit",
            "/p/n.ipynb"),
        row(AgentKind.CLAUDE, "Read", "{\"file_path\":\"/p/a\"}", "read", "/p/a"),
        row(
            AgentKind.CLAUDE,
            "NotebookRead",
            "{\"notebook_path\":\"/p/n.ipynb\"}",
            "read",
            "/p/n.ipynb"),
        row(AgentKind.CLAUDE, "Grep", "{\"pattern\":\"x\",\"path\":\"/p/src\"}", "read", "/p/src"),
        row(AgentKind.CLAUDE, "Glob", "{\"pattern\":\"*.js\"}", "read", null),
        row(AgentKind.CLAUDE, "LS", "{\"path\":\"/p\"}", "read", "/p"),
        row(AgentKind.CLAUDE, "mcp__gw__echo", "{\"text\":\"hi\"}", "mcp__gw__echo", null),
        // GitHub Copilot CLI
        row(AgentKind.COPILOT, "bash", "{\"command\":\"ls\"}", "shell", "ls"),
        row(AgentKind.COPILOT, "shell", "{\"command\":\"ls\"}", "shell", "ls"),
        row(AgentKind.COPILOT, "powershell", "{\"command\":\"dir\"}", "shell", "dir"),
        row(AgentKind.COPILOT, "edit", "{\"path\":\"/p/a\",\"new_str\":\"x\"}", "edit", "/p/a"),
        row(AgentKind.COPILOT, "create", "{\"path\":\"/p/a\",\"file_text\":\"x\"}", "edit", "/p/a"),
        row(AgentKind.COPILOT, "write", "{\"path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.COPILOT, "str_replace_editor", "{\"path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.COPILOT, "str_replace", "{\"path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.COPILOT, "view", "{\"path\":\"/p/a\"}", "read", "/p/a"),
        row(AgentKind.COPILOT, "read", "{\"file_path\":\"/p/a\"}", "read", "/p/a"),
        row(AgentKind.COPILOT, "glob", "{\"pattern\":\"*\",\"path\":\"/p\"}", "read", "/p"),
        row(AgentKind.COPILOT, "grep", "{\"pattern\":\"x\",\"path\":\"/p\"}", "read", "/p"),
        row(AgentKind.COPILOT, "gw-echo", "{\"text\":\"hi\"}", "gw-echo", null),
        // Gemini CLI 0.61.0
        row(AgentKind.GEMINI, "run_shell_command", "{\"command\":\"ls\"}", "shell", "ls"),
        row(
            AgentKind.GEMINI,
            "write_file",
            "{\"file_path\":\"/p/a\",\"content\":\"c\"}",
            "edit",
            "/p/a"),
        row(
            AgentKind.GEMINI,
            "replace",
            "{\"file_path\":\"/p/a\",\"old_string\":\"x\"}",
            "edit",
            "/p/a"),
        row(AgentKind.GEMINI, "edit", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.GEMINI, "read_file", "{\"file_path\":\"/p/a\"}", "read", "/p/a"),
        row(
            AgentKind.GEMINI,
            "read_many_files",
            "{\"include\":[\"/p/a\",\"/p/b\"]}",
            "read",
            "/p/a"),
        row(
            AgentKind.GEMINI,
            "glob",
            "{\"pattern\":\"*\",\"dir_path\":\"/p/src\"}",
            "read",
            "/p/src"),
        row(
            AgentKind.GEMINI,
            "grep_search",
            "{\"pattern\":\"x\",\"dir_path\":\"/p\"}",
            "read",
            "/p"),
        row(
            AgentKind.GEMINI,
            "search_file_content",
            "{\"pattern\":\"x\",\"path\":\"/p\"}",
            "read",
            "/p"),
        row(AgentKind.GEMINI, "list_directory", "{\"dir_path\":\"/p\"}", "read", "/p"),
        row(AgentKind.GEMINI, "web_fetch", "{\"prompt\":\"p\"}", "web_fetch", null),
        // Codex CLI 0.169.0
        row(AgentKind.CODEX, "Bash", "{\"command\":\"ls\"}", "shell", "ls"),
        row(AgentKind.CODEX, "exec_command", "{\"cmd\":\"ls\"}", "shell", "ls"),
        row(
            AgentKind.CODEX,
            "shell",
            "{\"command\":[\"bash\",\"-lc\",\"ls -l\"]}",
            "shell",
            "ls -l"),
        row(
            AgentKind.CODEX,
            "local_shell",
            "{\"command\":[\"git\",\"commit\",\"-m\",\"a b\"]}",
            "shell",
            "git commit -m 'a b'"),
        row(
            AgentKind.CODEX,
            "apply_patch",
            "{\"command\":\"*** Begin Patch\\n*** Delete File: /p/a\\n*** End Patch\"}",
            "edit",
            "/p/a"),
        row(
            AgentKind.CODEX,
            "ApplyPatch",
            "{\"patch\":\"*** Begin Patch\\n*** Update File: /p/a\\n*** Move to: /p/b\\n*** End Patch\"}",
            "edit",
            "/p/a"),
        row(AgentKind.CODEX, "Edit", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CODEX, "Write", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CODEX, "read_file", "{\"file_path\":\"/p/a\"}", "read", "/p/a"),
        row(AgentKind.CODEX, "list_dir", "{\"dir_path\":\"/p\"}", "read", "/p"),
        row(AgentKind.CODEX, "grep_files", "{\"pattern\":\"x\",\"path\":\"/p\"}", "read", "/p"),
        row(AgentKind.CODEX, "view_image", "{\"path\":\"/p/i.png\"}", "read", "/p/i.png"),
        row(AgentKind.CODEX, "mcp__gw__echo", "{\"text\":\"hi\"}", "mcp__gw__echo", null),
        // Cursor (its documentation; no binary here)
        row(AgentKind.CURSOR, "Shell", "{\"command\":\"ls\"}", "shell", "ls"),
        row(AgentKind.CURSOR, "Write", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CURSOR, "Edit", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CURSOR, "StrReplace", "{\"path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CURSOR, "MultiEdit", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CURSOR, "Delete", "{\"path\":\"/p/a\"}", "edit", "/p/a"),
        row(AgentKind.CURSOR, "TabWrite", "{\"file_path\":\"/p/a\"}", "edit", "/p/a"),
        row(
            AgentKind.CURSOR,
            "EditNotebook",
            "{\"target_notebook\":\"/p/n.ipynb\"}",
            "edit",
            "/p/n.ipynb"),
        row(AgentKind.CURSOR, "Read", "{\"target_file\":\"/p/a\"}", "read", "/p/a"),
        row(AgentKind.CURSOR, "Grep", "{\"pattern\":\"x\",\"path\":\"/p\"}", "read", "/p"),
        row(AgentKind.CURSOR, "Glob", "{\"target_directory\":\"/p\"}", "read", "/p"),
        row(AgentKind.CURSOR, "LS", "{\"target_directory\":\"/p\"}", "read", "/p"),
        row(AgentKind.CURSOR, "MCP:gw:echo", "{\"text\":\"hi\"}", "mcp__gw__echo", null));
  }

  private static Arguments row(
      AgentKind agent, String tool, String toolInput, String gatewayTool, String seen) {
    return Arguments.of(agent, tool, toolInput, gatewayTool, seen);
  }

  @ParameterizedTest(name = "{0} {1} -> {3}")
  @MethodSource("table")
  void everyAgentsToolHasOneGatewayName(
      AgentKind agent, String tool, String toolInput, String gatewayTool, String seen) {
    HookRequest request = agent.parse(input(agent, tool, toolInput));

    assertThat(request.tool()).isEqualTo(gatewayTool);
    if (gatewayTool.equals(ToolMapping.SHELL)) {
      assertThat(request.args()).isEqualTo(JSON.createObjectNode().put("command", seen));
    } else if (seen != null) {
      assertThat(request.args().path("path").asText()).isEqualTo(seen);
    } else if (!gatewayTool.equals(ToolMapping.READ) && !gatewayTool.equals(ToolMapping.EDIT)) {
      assertThat(request.args()).as("unchanged").isEqualTo(json(toolInput));
    } else {
      assertThat(request.args().has("path")).isFalse();
    }
  }

  /**
   * The console's {@code hook AGENT TOOL} (issue 62) sees the call as the agent's hook does: {@link
   * AgentKind#asGatewayCalls} gives the same tool and arguments as the hook input's parse, one for
   * each file the call names.
   */
  @ParameterizedTest(name = "{0} {1} -> {3}")
  @MethodSource("table")
  void theConsolesReadingOfAnAgentsToolIsTheHooks(
      AgentKind agent, String tool, String toolInput, String gatewayTool, String seen) {
    HookRequest request = agent.parse(input(agent, tool, toolInput));
    JsonNode args = json(toolInput);
    if (agent == AgentKind.CODEX && args.isTextual()) {
      args = JSON.createObjectNode().set("input", args); // its freeform tool, as its parse wraps it
    }

    List<GatewayToolCall> calls = agent.asGatewayCalls("/code/p", tool, args);

    List<GatewayToolCall> hooks =
        Stream.concat(Stream.of(request), request.others().stream())
            .map(view -> new GatewayToolCall(view.tool(), view.args()))
            .toList();
    assertThat(calls).isEqualTo(hooks);
    assertThat(calls.get(0).tool()).isEqualTo(gatewayTool);
  }

  @Test
  void theTableCoversEveryToolOfEveryAgent() {
    Map<AgentKind, Map<String, String>> tools =
        Map.of(
            AgentKind.CLAUDE, ClaudeCodeDialect.TOOLS,
            AgentKind.COPILOT, CopilotDialect.TOOLS,
            AgentKind.GEMINI, GeminiDialect.TOOLS,
            AgentKind.CODEX, CodexDialect.TOOLS,
            AgentKind.CURSOR, CursorDialect.TOOLS);
    for (AgentKind agent : AgentKind.values()) {
      Set<String> inTable =
          table()
              .filter(row -> row.get()[0] == agent)
              .map(row -> (String) row.get()[1])
              .collect(Collectors.toSet());
      assertThat(inTable).as(agent.word()).containsAll(tools.get(agent).keySet());
    }
  }

  /** A call that names two files is seen through each: a harmless one cannot hide the other. */
  @Test
  void everyPathLikeFieldIsItsOwnView() {
    HookRequest notebook =
        AgentKind.CLAUDE.parse(
            input(
                AgentKind.CLAUDE,
                "NotebookEdit",
                "{\"notebook_path\":\"/p/.env\",\"file_path\":\"/p/ok.txt\",\"new_source\":\"x\"}"));
    HookRequest many =
        AgentKind.GEMINI.parse(
            input(
                AgentKind.GEMINI, "read_many_files", "{\"include\":[\"/p/ok.txt\",\"/p/.env\"]}"));

    assertThat(
            Stream.concat(Stream.of(notebook), notebook.others().stream())
                .map(view -> view.args().path("path").asText()))
        .containsExactlyInAnyOrder("/p/ok.txt", "/p/.env");
    assertThat(notebook.others())
        .singleElement()
        .satisfies(v -> assertThat(v.tool()).isEqualTo("edit"));
    assertThat(many.others())
        .singleElement()
        .satisfies(view -> assertThat(view.args().path("path").asText()).isEqualTo("/p/.env"));
  }

  /** A rewrite of one of several files goes back to the field (or list element) it came from. */
  @Test
  void aRewrittenPathGoesBackWhereItCameFrom() {
    HookRequest many =
        AgentKind.GEMINI.parse(
            input(
                AgentKind.GEMINI, "read_many_files", "{\"include\":[\"/p/ok.txt\",\"/p/.env\"]}"));
    HookRequest second = many.others().get(0);
    ObjectNode rewritten = second.args().deepCopy();
    rewritten.put("path", "/p/.env.example");

    assertThat(ToolMapping.toAgent(second, rewritten))
        .isEqualTo(json("{\"include\":[\"/p/ok.txt\",\"/p/.env.example\"]}"));
    assertThat(List.of(many.pathFrom(), second.pathFrom()))
        .containsExactly("include[0]", "include[1]");
  }
}
