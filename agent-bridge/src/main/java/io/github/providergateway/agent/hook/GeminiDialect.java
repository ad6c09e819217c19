package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * Gemini CLI ({@code gemini}): its {@code BeforeTool} command hook reads {@code cwd}, {@code
 * session_id}, {@code tool_name}, {@code tool_input}, and {@code mcp_context} for an MCP tool. It
 * reads a top-level {@code decision}/{@code reason}, or exit code 2 with the reason on stderr; any
 * other exit lets the call run. Its {@code decision: "ask"} (0.61.0, undocumented) is not used:
 * older versions read it as "go ahead", so a question or a rewrite becomes a deny (decision 66).
 */
final class GeminiDialect extends WireDialect {

  /** Gemini CLI's tools (0.61.0's {@code *_TOOL_NAME} constants, and older names). */
  static final Map<String, String> TOOLS =
      Map.ofEntries(
          Map.entry("run_shell_command", ToolMapping.SHELL),
          Map.entry("write_file", ToolMapping.EDIT),
          Map.entry("replace", ToolMapping.EDIT),
          Map.entry("edit", ToolMapping.EDIT),
          Map.entry("read_file", ToolMapping.READ),
          Map.entry("read_many_files", ToolMapping.READ),
          Map.entry("glob", ToolMapping.READ),
          Map.entry("grep_search", ToolMapping.READ),
          Map.entry("search_file_content", ToolMapping.READ),
          Map.entry("list_directory", ToolMapping.READ));

  /**
   * Gemini CLI's tools the hook gates: its shell, its edits, its reads and searches, its web tools
   * (a fetched page is untrusted content the flow rules remember, and reaches the gateway before it
   * is fetched), and MCP tools of servers it reaches directly ({@code mcp_<server>_<tool>}), which
   * only the hook guards. Its matcher is an unanchored regular expression, hence the anchors.
   */
  static final String MATCHER =
      "^(run_shell_command|read_file|read_many_files|list_directory|glob|grep_search"
          + "|search_file_content|replace|edit|write_file|web_fetch|google_web_search|mcp_.*)$";

  GeminiDialect() {
    super(
        "gemini",
        true,
        TOOLS,
        // The same hook after the same tools: it tells the gateway that a call ran.
        List.of(new HookEntry("BeforeTool", MATCHER), new HookEntry("AfterTool", MATCHER)));
  }

  /** None, {@code ""} or {@code *} is every tool, else an unanchored regular expression. */
  @Override
  boolean matches(HookEntry hook, String tool) {
    return everyTool(hook.matcher()) || found(hook.matcher(), tool);
  }

  @Override
  public String mcpToolName(String server, String tool) {
    return "mcp_" + server + "_" + tool;
  }

  /** Its timeout is in milliseconds; the hook shows the server's name. */
  @Override
  public ObjectNode hookSettings(String command) {
    ObjectNode hook = JSON.createObjectNode();
    hook.put("type", "command")
        .put("name", ToolMapping.GATEWAY_SERVER)
        .put("command", command)
        .put("timeout", (int) HOOK_TIMEOUT.toMillis());
    return matcherSettings(hookEntries(), hook);
  }

  @Override
  public List<String> hookSettingsComments() {
    return List.of(
        "# Gates for Gemini CLI's own tools: merge into ~/.gemini/settings.json or .gemini/settings.json",
        "# (Gemini CLI reads exit code 2 as a deny, with the reason on stderr; the hook exits 2 on any",
        "# failure too. Its timeout is in milliseconds. The folder must be trusted for hooks to run.)");
  }

  @Override
  public HookHelp hookHelp() {
    return new HookHelp(
        List.of(
            "Gemini CLI's BeforeTool command hook: reads the hook's JSON on stdin, asks the gateway"
                + " session whose cwd is the agent's, and exits 2 with the reason on stderr (and"
                + " {\"decision\":\"deny\"} on stdout) to deny, or 0 with no decision. Gemini CLI cannot"
                + " ask for a hook and would run a rewritten call unseen: a gate's question or rewrite"
                + " is a deny that names it (docs/decisions/0066). Any failure exits 2.",
            ""),
        "%nInstall it in ~/.gemini/settings.json or <project>/.gemini/settings.json:%n",
        List.of(
            "  {\"hooks\":{\"BeforeTool\":[{\"matcher\":\".*\",\"hooks\":[{\"type\":\"command\",",
            "    \"command\":\"/abs/path/gateway hook gemini\",\"timeout\":"
                + HOOK_TIMEOUT.toMillis()
                + "}]}]}}",
            "",
            "run_shell_command becomes tool 'shell' with {\"command\": ...}; write_file/replace become"
                + " 'edit' with 'path'; read_file/read_many_files/glob/grep_search/list_directory become"
                + " 'read' with 'path'; mcp_<server>_<tool> becomes mcp__<server>__<tool> (docs/agents.md).",
            "The same hook at AfterTool, with the same matcher, tells the gateway that a call ran"
                + " (answered {} and exit 0; gateway setup writes both)."));
  }

  /**
   * An MCP tool ({@code mcp_<server>_<tool>}, with {@code mcp_context}) is {@code
   * mcp__<server>__<tool>}.
   */
  @Override
  HookRequest parse(JsonNode input) {
    String cwd = requiredText(input, "cwd");
    String tool = requiredText(input, "tool_name");
    JsonNode args = object(input.get("tool_input"), "tool_input");
    JsonNode mcpContext = input.get("mcp_context");
    if (mcpContext != null && mcpContext.isObject()) {
      String server = text(mcpContext, "server_name");
      String name = text(mcpContext, "tool_name");
      if (server != null && name != null) {
        return new HookRequest(cwd, ToolMapping.mcp(server, name), args, args, null);
      }
    }
    return toGateway(cwd, tool, args);
  }

  @Override
  String answer(HookVerdict verdict) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    if (!verdict.allowed()) {
      root.put("decision", "deny");
      root.put("reason", reasonOf(verdict));
      return root.toString();
    }
    return withContext(root, "BeforeTool", verdict);
  }
}
