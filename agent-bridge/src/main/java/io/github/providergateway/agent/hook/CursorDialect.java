package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * Cursor ({@code cursor}, its CLI {@code cursor-agent}), from its published hooks documentation
 * (untested against a binary): {@code beforeShellExecution} ({@code command}, {@code cwd}), {@code
 * beforeMCPExecution} ({@code tool_name}, {@code tool_input}), {@code beforeReadFile} ({@code
 * file_path}) and {@code preToolUse} ({@code tool_name}, {@code tool_input}), each with {@code
 * conversation_id} and {@code workspace_roots}. The answer is {@code permission} ({@code allow},
 * {@code deny}, {@code ask}; {@code beforeReadFile} has no {@code ask}) with {@code user_message}
 * and {@code agent_message}; its hooks' {@code failClosed} blocks the call when the hook fails.
 */
final class CursorDialect extends WireDialect {

  /**
   * Cursor's tools in its {@code preToolUse} hook (its hooks documentation; untested against a
   * binary). Its {@code beforeShellExecution} and {@code beforeReadFile} hooks are a shell and a
   * read whatever the tool.
   */
  static final Map<String, String> TOOLS =
      Map.ofEntries(
          Map.entry("Shell", ToolMapping.SHELL),
          Map.entry("Write", ToolMapping.EDIT),
          Map.entry("Edit", ToolMapping.EDIT),
          Map.entry("StrReplace", ToolMapping.EDIT),
          Map.entry("MultiEdit", ToolMapping.EDIT),
          Map.entry("Delete", ToolMapping.EDIT),
          Map.entry("TabWrite", ToolMapping.EDIT),
          Map.entry("EditNotebook", ToolMapping.EDIT),
          Map.entry("Read", ToolMapping.READ),
          Map.entry("Grep", ToolMapping.READ),
          Map.entry("Glob", ToolMapping.READ),
          Map.entry("LS", ToolMapping.READ));

  /**
   * Cursor's tools for its {@code preToolUse} hook (its docs' names): those that change files, and
   * its searches and listings, which {@code beforeReadFile} does not see (the doctor checks the
   * matcher against {@link #TOOLS}).
   */
  static final String EDIT_MATCHER =
      "Write|Edit|StrReplace|Delete|MultiEdit|EditNotebook|TabWrite|Read|Grep|Glob|LS";

  CursorDialect() {
    super(
        "cursor",
        false,
        TOOLS,
        // Each runs before a tool, and fails closed.
        List.of(
            new HookEntry("beforeShellExecution", null),
            new HookEntry("beforeMCPExecution", null),
            new HookEntry("beforeReadFile", null),
            new HookEntry("preToolUse", EDIT_MATCHER)));
  }

  /**
   * {@code beforeShellExecution} runs before its shell, {@code beforeReadFile} before {@code Read},
   * {@code beforeMCPExecution} before MCP tools, {@code preToolUse} before the tools its matcher (a
   * regular expression) names.
   */
  @Override
  boolean matches(HookEntry hook, String tool) {
    return switch (hook.event()) {
      case "beforeShellExecution" -> ToolMapping.SHELL.equals(TOOLS.get(tool));
      case "beforeReadFile" -> tool.equals("Read");
      case "beforeMCPExecution" -> tool.startsWith("MCP:");
      case "preToolUse" -> everyTool(hook.matcher()) || found(hook.matcher(), tool);
      default -> false;
    };
  }

  @Override
  public String mcpToolName(String server, String tool) {
    return "MCP:" + server + ":" + tool;
  }

  /**
   * {@code preToolUse}: its shell, edits and reads by {@link #TOOLS}; an MCP tool ({@code
   * MCP:<server>:<tool>}) is {@code mcp__<server>__<tool>}.
   */
  @Override
  HookRequest toGateway(String cwd, String tool, JsonNode input) {
    if (tool.startsWith("MCP:")) {
      String[] parts = tool.split(":", 3);
      if (parts.length == 3 && !parts[1].isEmpty() && !parts[2].isEmpty()) {
        return new HookRequest(cwd, ToolMapping.mcp(parts[1], parts[2]), input, input, null);
      }
    }
    return ToolMapping.map(TOOLS, cwd, tool, input);
  }

  /**
   * One hook at each of its events, each fail closed, with its matcher where it has one ({@code
   * preToolUse}), as setup writes them: a {@code preToolUse} without one would run before its shell
   * and MCP tools too, which their own hooks already ask about.
   */
  @Override
  public ObjectNode hookSettings(String command) {
    ObjectNode settings = JSON.createObjectNode();
    settings.put("version", 1);
    ObjectNode hooks = settings.putObject("hooks");
    for (HookEntry entry : hookEntries()) {
      ObjectNode hook = hooks.putArray(entry.event()).addObject().put("command", command);
      if (entry.matcher() != null) {
        hook.put("matcher", entry.matcher());
      }
      hook.put("timeout", (int) HOOK_TIMEOUT.toSeconds()).put("failClosed", true);
    }
    return settings;
  }

  @Override
  public List<String> hookSettingsComments() {
    return List.of(
        "# Gates for Cursor's own tools: merge into ~/.cursor/hooks.json or .cursor/hooks.json",
        "# (from Cursor's hooks documentation; not tested against a Cursor binary. failClosed blocks",
        "# the call when the hook fails or times out.)");
  }

  @Override
  public HookHelp hookHelp() {
    return new HookHelp(
        List.of(
            "Cursor's beforeShellExecution, beforeMCPExecution, beforeReadFile and preToolUse command"
                + " hooks, built from Cursor's published hooks documentation and untested against a"
                + " Cursor binary: reads the hook's JSON on stdin and prints {\"permission\":\"deny\"}"
                + " with the reason, {\"permission\":\"ask\"} for a gate's question (beforeReadFile:"
                + " a deny), or {} for no objection. Always exits 0; set failClosed on the hooks.",
            ""),
        "%nInstall it in ~/.cursor/hooks.json or <project>/.cursor/hooks.json:%n",
        List.of(
            "  {\"version\":1,\"hooks\":{\"beforeShellExecution\":[{\"command\":\"/abs/path/gateway hook"
                + " cursor\",\"timeout\":"
                + HOOK_TIMEOUT.toSeconds()
                + ",\"failClosed\":true}], …}}",
            "",
            "See 'gateway hook --print-config cursor' for every hook, and docs/agents.md."));
  }

  @Override
  HookRequest parse(JsonNode input) {
    String event = requiredText(input, "hook_event_name");
    String cwd = cwd(input);
    HookRequest request =
        switch (event) {
          case "beforeShellExecution" -> ToolMapping.shellCall(cwd, input.deepCopy());
          case "beforeReadFile" -> {
            // Not its content (the whole file, which Cursor sends along): only where it is.
            ObjectNode read = JsonNodeFactory.instance.objectNode();
            read.put("file_path", requiredText(input, "file_path"));
            yield ToolMapping.readCall(cwd, read);
          }
          case "beforeMCPExecution" -> {
            String tool = requiredText(input, "tool_name");
            JsonNode args = jsonObject(input.get("tool_input"), "tool_input");
            String server = text(input, "server_name");
            yield new HookRequest(
                cwd, server == null ? tool : ToolMapping.mcp(server, tool), args, args, null);
          }
          case "preToolUse" ->
              toGateway(
                  cwd,
                  requiredText(input, "tool_name"),
                  jsonObject(input.get("tool_input"), "tool_input"));
          default ->
              throw new IllegalArgumentException(
                  "'" + event + "' is not a Cursor hook that runs before a tool");
        };
    return request.forEvent(event);
  }

  @Override
  String answer(HookVerdict verdict) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    if (verdict.ask()) {
      root.put("permission", "ask");
      root.put("user_message", verdict.reason());
      root.put("agent_message", verdict.reason());
    } else if (!verdict.allowed()) {
      root.put("permission", "deny");
      root.put("user_message", reasonOf(verdict));
      root.put("agent_message", reasonOf(verdict));
    } else if (!verdict.context().isEmpty()) {
      root.put("agent_message", String.join("\n", verdict.context()));
    }
    return root.toString();
  }

  @Override
  HookVerdict fit(HookVerdict verdict, HookRequest request) {
    boolean canAsk = request == null || !"beforeReadFile".equals(request.event());
    if (verdict.updatedInput() != null || (verdict.ask() && !canAsk)) {
      // Cursor's updated_input is documented beside allow only, which would run the rewrite
      // unseen; beforeReadFile answers allow or deny.
      return withoutAskOrRewrite(verdict);
    }
    return verdict;
  }

  /** Cursor's folder: the shell's {@code cwd}, else its first workspace root. */
  private static String cwd(JsonNode input) {
    String cwd = text(input, "cwd");
    if (cwd != null && !cwd.isEmpty()) {
      return cwd;
    }
    JsonNode roots = input.get("workspace_roots");
    if (roots != null && roots.isArray() && !roots.isEmpty() && roots.get(0).isTextual()) {
      return roots.get(0).textValue();
    }
    throw new IllegalArgumentException("no 'cwd' and no 'workspace_roots' in the hook input");
  }
}
