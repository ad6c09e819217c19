package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Claude Code ({@code claude}): its {@code PreToolUse} command hook reads {@code cwd}, {@code
 * tool_name} and {@code tool_input}, and is answered in {@code hookSpecificOutput} with exit code
 * 0. It treats any exit code other than 0 or 2 as "go ahead", so every path, a crash included, ends
 * in a printed deny. It asks its person and shows a rewritten call ({@code updatedInput}).
 */
final class ClaudeCodeDialect extends WireDialect {

  /** Claude Code's tools (its tools reference). */
  static final Map<String, String> TOOLS =
      Map.ofEntries(
          Map.entry("Bash", ToolMapping.SHELL),
          Map.entry("Edit", ToolMapping.EDIT),
          Map.entry("MultiEdit", ToolMapping.EDIT),
          Map.entry("Write", ToolMapping.EDIT),
          Map.entry("NotebookEdit", ToolMapping.EDIT),
          Map.entry("Read", ToolMapping.READ),
          Map.entry("NotebookRead", ToolMapping.READ),
          Map.entry("Grep", ToolMapping.READ),
          Map.entry("Glob", ToolMapping.READ),
          Map.entry("LS", ToolMapping.READ));

  /**
   * The tools of Claude Code the hooks gate: its shell, its edits, its reads and searches (issue
   * 44: reading {@code ~/.ssh/id_rsa} is gated like {@code cat} of it), its web tools (a fetched
   * page is untrusted content the flow rules remember, and reaches the gateway before it is
   * fetched), and every MCP tool (the gateway's own, which the hook leaves to the front door, and
   * those of servers Claude reaches directly, which only this hook guards).
   */
  static final String MATCHER =
      "Bash|Edit|MultiEdit|Write|NotebookEdit|Read|NotebookRead|Grep|Glob|LS|WebFetch|WebSearch"
          + "|mcp__.*";

  ClaudeCodeDialect() {
    super(
        "claude",
        false,
        TOOLS,
        // The same hook after the same tools: it tells the gateway that a call ran.
        // PostToolUseFailure: a call that ran and failed ran all the same (a curl with no answer);
        // Claude Code reports it there, not at PostToolUse (2.1.332).
        List.of(
            new HookEntry("PreToolUse", MATCHER),
            new HookEntry("PostToolUse", MATCHER),
            new HookEntry("PostToolUseFailure", MATCHER)));
  }

  @Override
  public ObjectNode hookSettings(String command) {
    return commandHookSettings(hookEntries(), command);
  }

  @Override
  public List<String> hookSettingsComments() {
    return List.of(
        "# Gates for Claude's own tools: merge into ~/.claude/settings.json or .claude/settings.json");
  }

  @Override
  public HookHelp hookHelp() {
    return new HookHelp(
        List.of(
            "Claude Code's PreToolUse command hook: reads the hook's JSON on stdin, asks the gateway"
                + " session whose cwd is the agent's, and prints a deny with the provider's reason, or"
                + " no decision (Claude Code's own permissions then apply). Always exits 0; when it"
                + " cannot check a call it denies explicitly.",
            ""),
        "%nInstall it in ~/.claude/settings.json or <project>/.claude/settings.json:%n",
        List.of(
            "  {\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash|Edit|Write|Read\",\"hooks\":[",
            "    {\"type\":\"command\",\"command\":\"/abs/path/gateway hook claude\",\"timeout\":"
                + HOOK_TIMEOUT.toSeconds()
                + "}]}]}}",
            "",
            "Bash becomes tool 'shell' with {\"command\": ...}; Edit/MultiEdit/Write/NotebookEdit become"
                + " 'edit' with 'path'; Read/NotebookRead/Grep/Glob become 'read' with 'path'; other"
                + " tools keep their names (docs/agents.md).",
            "The same hook at PostToolUse, with the same matcher, tells the gateway that a call ran"
                + " (answered {} and exit 0; gateway setup writes both).",
            "No gateway answering: the gateway's record <home>/hook-gates.json decides; a matching"
                + " fail-closed gate denies, fail-open gates allow. Stderr says which."));
  }

  @Override
  HookRequest parse(JsonNode input) {
    String cwd = requiredText(input, "cwd");
    String tool = requiredText(input, "tool_name");
    return toGateway(cwd, tool, object(input.get("tool_input"), "tool_input"));
  }

  @Override
  String answer(HookVerdict verdict) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ObjectNode specific = root.putObject("hookSpecificOutput");
    specific.put("hookEventName", "PreToolUse");
    putPermission(specific, verdict, "updatedInput");
    return root.toString();
  }

  /** Claude Code's own sandbox, set from the gateway's policy ({@link ClaudeCodeSandbox}). */
  @Override
  public Optional<SandboxSettings> sandbox() {
    return Optional.of(new ClaudeCodeSandbox());
  }
}
