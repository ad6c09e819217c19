package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * GitHub Copilot CLI ({@code copilot}): its {@code preToolUse} command hook reads {@code toolName}
 * and {@code toolArgs} (a JSON string, or an object as the SDK passes it), or the VS Code
 * compatible {@code PreToolUse} form with {@code tool_name} and {@code tool_input}. It is answered
 * with a top-level {@code permissionDecision}, exit code 0; it asks its person as Claude Code does,
 * and takes rewritten arguments as {@code modifiedArgs}. It has no matcher: the hook runs before
 * every tool.
 */
final class CopilotDialect extends WireDialect {

  /** GitHub Copilot CLI's tools. */
  static final Map<String, String> TOOLS =
      Map.ofEntries(
          Map.entry("bash", ToolMapping.SHELL),
          Map.entry("shell", ToolMapping.SHELL),
          Map.entry("powershell", ToolMapping.SHELL),
          Map.entry("edit", ToolMapping.EDIT),
          Map.entry("create", ToolMapping.EDIT),
          Map.entry("write", ToolMapping.EDIT),
          Map.entry("str_replace_editor", ToolMapping.EDIT),
          Map.entry("str_replace", ToolMapping.EDIT),
          Map.entry("view", ToolMapping.READ),
          Map.entry("read", ToolMapping.READ),
          Map.entry("glob", ToolMapping.READ),
          Map.entry("grep", ToolMapping.READ));

  CopilotDialect() {
    super("copilot", false, TOOLS, List.of(new HookEntry("preToolUse", null)));
  }

  /** Copilot CLI has no matcher: its {@code preToolUse} runs before every tool. */
  @Override
  boolean matches(HookEntry hook, String tool) {
    return true;
  }

  @Override
  public String mcpToolName(String server, String tool) {
    return server + "-" + tool;
  }

  /** Its own file, with no matcher: the hook runs before every tool. */
  @Override
  public ObjectNode hookSettings(String command) {
    ObjectNode hooks = JSON.createObjectNode();
    hooks.put("version", 1);
    ObjectNode hook = hooks.putObject("hooks").putArray("preToolUse").addObject();
    hook.put("type", "command")
        .put("bash", command)
        .put("timeoutSec", (int) HOOK_TIMEOUT.toSeconds());
    return hooks;
  }

  @Override
  public List<String> hookSettingsComments() {
    return List.of(
        "# Gates for Copilot's own tools: save as .github/hooks/"
            + ToolMapping.GATEWAY_SERVER
            + ".json in the repository",
        "# (no JVM starts while a gateway runs; docs/agents.md)");
  }

  @Override
  public HookHelp hookHelp() {
    return new HookHelp(
        List.of(
            "GitHub Copilot CLI's preToolUse command hook: reads the hook's JSON on stdin, asks the"
                + " gateway session whose cwd is the agent's, and prints a deny with the provider's"
                + " reason, or no decision. Always exits 0; when it cannot check a call it denies"
                + " explicitly.",
            ""),
        "%nInstall it in <repo>/.github/hooks/gateway.json:%n",
        List.of(
            "  {\"version\":1,\"hooks\":{\"preToolUse\":[{\"type\":\"command\",",
            "    \"bash\":\"/abs/path/gateway hook copilot\",\"timeoutSec\":"
                + HOOK_TIMEOUT.toSeconds()
                + "}]}}",
            "",
            "bash/shell/powershell become tool 'shell' with {\"command\": ...}; edit/create/write/"
                + "str_replace_editor become 'edit' with 'path'; view/read become 'read' with 'path';"
                + " other tools keep their names (docs/agents.md).",
            "No gateway answering: the gateway's record <home>/hook-gates.json decides; a matching"
                + " fail-closed gate denies, fail-open gates allow. Stderr says which."));
  }

  @Override
  HookRequest parse(JsonNode input) {
    String cwd = requiredText(input, "cwd");
    if (!input.has("toolName") && input.has("tool_name")) {
      return toGateway(
          cwd, requiredText(input, "tool_name"), object(input.get("tool_input"), "tool_input"));
    }
    String tool = requiredText(input, "toolName");
    JsonNode args = input.get("toolArgs");
    if (args != null && args.isTextual()) {
      try {
        args = JSON.readTree(args.textValue());
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalArgumentException("toolArgs is not JSON: " + e.getOriginalMessage());
      }
    }
    return toGateway(cwd, tool, object(args, "toolArgs"));
  }

  /**
   * Claude Code's answer without its {@code hookSpecificOutput}; rewritten arguments are {@code
   * modifiedArgs}: "substitute tool arguments to use instead of the originals" (CLI hooks
   * reference), with the same {@code "ask"} as for Claude Code.
   */
  @Override
  String answer(HookVerdict verdict) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    putPermission(root, verdict, "modifiedArgs");
    return root.toString();
  }
}
