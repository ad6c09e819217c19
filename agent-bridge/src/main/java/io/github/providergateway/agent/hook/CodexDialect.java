package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Codex CLI ({@code codex}): its {@code PreToolUse} command hook, in Claude Code's layout, reads
 * {@code cwd}, {@code session_id}, {@code turn_id}, {@code tool_name} ({@code Bash}, {@code
 * apply_patch}, {@code mcp__<server>__<tool>}), {@code tool_input}. It blocks on a deny with a
 * non-empty reason or on exit code 2 (stderr is the reason), and refuses {@code ask} and {@code
 * updatedInput} without {@code allow} as unsupported, running the call: a question or a rewrite
 * becomes a deny (decision 66). Setup writes its hook without a matcher, before every tool; it
 * reads matchers and names MCP tools as Claude Code does.
 */
final class CodexDialect extends WireDialect {

  /**
   * Codex CLI's tools as its hooks name them: {@code Bash} for its shell (its own {@code
   * exec_command}, {@code shell} and {@code local_shell} too, should a hook see them so), {@code
   * apply_patch} for edits, whose patch names the files.
   */
  static final Map<String, String> TOOLS =
      Map.ofEntries(
          Map.entry("Bash", ToolMapping.SHELL),
          Map.entry("exec_command", ToolMapping.SHELL),
          Map.entry("shell", ToolMapping.SHELL),
          Map.entry("local_shell", ToolMapping.SHELL),
          Map.entry("apply_patch", ToolMapping.EDIT),
          Map.entry("ApplyPatch", ToolMapping.EDIT),
          Map.entry("Edit", ToolMapping.EDIT),
          Map.entry("Write", ToolMapping.EDIT),
          Map.entry("read_file", ToolMapping.READ),
          Map.entry("list_dir", ToolMapping.READ),
          Map.entry("grep_files", ToolMapping.READ),
          Map.entry("view_image", ToolMapping.READ));

  CodexDialect() {
    super(
        "codex",
        true,
        TOOLS,
        // The same hook after every tool: it tells the gateway that a call ran.
        List.of(new HookEntry("PreToolUse", null), new HookEntry("PostToolUse", null)));
  }

  @Override
  public ObjectNode hookSettings(String command) {
    // No matcher, as setup writes it: Codex then runs the hook before every tool. A matcher such
    // as "Bash|apply_patch|mcp__.*" (printed before issue 63) misses its reads (read_file,
    // list_dir, grep_files, view_image) and its other shells (exec_command), which doctor reports
    // as uncovered; and doctor can check Codex's trust only of a hook without one.
    return commandHookSettings(hookEntries(), command);
  }

  @Override
  public List<String> hookSettingsComments() {
    return List.of(
        "# Gates for Codex's own tools: save as $CODEX_HOME/hooks.json (~/.codex/hooks.json), or merge",
        "# into it. Codex skips a hook it has not been told to trust, silently: trust both when Codex",
        "# asks (the hook exits 2 with the reason on stderr to deny, and on any failure).");
  }

  @Override
  public HookHelp hookHelp() {
    return new HookHelp(
        List.of(
            "Codex CLI's PreToolUse command hook (Claude Code's layout): reads the hook's JSON on stdin,"
                + " asks the gateway session whose cwd is the agent's, and exits 2 with the reason on"
                + " stderr to deny (a deny always has a reason), or 0 with no decision. Codex refuses"
                + " ask and a rewrite without allow: a gate's question or rewrite is a deny that names it"
                + " (docs/decisions/0066). Any failure exits 2.",
            ""),
        "%nInstall it in $CODEX_HOME/hooks.json (~/.codex/hooks.json), and trust it:%n",
        List.of(
            "  {\"hooks\":{\"PreToolUse\":[{\"matcher\":\".*\",\"hooks\":[{\"type\":\"command\",",
            "    \"command\":\"/abs/path/gateway hook codex\",\"timeout\":"
                + HOOK_TIMEOUT.toSeconds()
                + "}]}]}}",
            "",
            "Bash/exec_command/shell become tool 'shell' with {\"command\": ...}; apply_patch becomes"
                + " 'edit', once for each file its patch names; mcp__<server>__<tool> stays (docs/agents.md).",
            "The same hook at PostToolUse, with no matcher either, tells the gateway that a call ran"
                + " (answered {} and exit 0; gateway setup writes and trusts both)."));
  }

  @Override
  HookRequest parse(JsonNode input) {
    String cwd = requiredText(input, "cwd");
    String tool = requiredText(input, "tool_name");
    JsonNode args = input.get("tool_input");
    if (args != null && args.isTextual()) {
      // A freeform tool (apply_patch) gives its text, not an object.
      args = JsonNodeFactory.instance.objectNode().set("input", args);
    }
    return toGateway(cwd, tool, object(args, "tool_input"));
  }

  @Override
  String answer(HookVerdict verdict) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    if (!verdict.allowed()) {
      root.putObject("hookSpecificOutput")
          .put("hookEventName", "PreToolUse")
          .put("permissionDecision", "deny")
          .put("permissionDecisionReason", reasonOf(verdict));
      return root.toString();
    }
    return withContext(root, "PreToolUse", verdict);
  }

  /**
   * Codex's own sandbox, a permission profile set from the gateway's policy ({@link CodexSandbox}).
   */
  @Override
  public Optional<SandboxSettings> sandbox() {
    return Optional.of(new CodexSandbox());
  }
}
