package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * From an agent's own tool to what providers' {@code onPreToolUse} rules match (docs/agents.md,
 * "Tool mapping"). Shells become {@code shell} with exactly {@code {"command": ...}}, so that a
 * rule like the guardrail example's ({@code {"tool":"shell","args":"git push"}}) matches the text
 * {@code {"command":"git push origin main"}} whatever else the agent passes (descriptions,
 * timeouts). Tools that change files become {@code edit}, their arguments kept with the file's
 * path added as {@code path} first, so {@code match.file} globs see it. Every other tool keeps its
 * name and arguments.
 */
final class ToolMapping {

  /** The gateway name of shell tools. */
  static final String SHELL = "shell";
  /** The gateway name of file-changing tools. */
  static final String EDIT = "edit";

  private static final Set<String> CLAUDE_EDITS = Set.of("Edit", "MultiEdit", "Write", "NotebookEdit");
  private static final Set<String> COPILOT_SHELLS = Set.of("bash", "shell", "powershell");
  private static final Set<String> COPILOT_EDITS = Set.of("edit", "create", "write", "str_replace_editor");

  private ToolMapping() {}

  /** Claude Code: {@code Bash} is a shell; {@code Edit}, {@code MultiEdit}, {@code Write}, {@code NotebookEdit} edit. */
  static HookRequest claude(String cwd, String tool, JsonNode input) {
    if (tool.equals("Bash")) {
      return shell(cwd, input);
    }
    if (CLAUDE_EDITS.contains(tool)) {
      return edit(cwd, input, input.has("file_path") ? input.get("file_path") : input.get("notebook_path"));
    }
    return new HookRequest(cwd, tool, input);
  }

  /** Copilot CLI: {@code bash}, {@code shell}, {@code powershell} are shells; {@code edit}, {@code create}, {@code write}, {@code str_replace_editor} edit. */
  static HookRequest copilot(String cwd, String tool, JsonNode args) {
    if (COPILOT_SHELLS.contains(tool)) {
      return shell(cwd, args);
    }
    if (COPILOT_EDITS.contains(tool)) {
      return edit(cwd, args, args.has("path") ? args.get("path") : args.get("file_path"));
    }
    return new HookRequest(cwd, tool, args);
  }

  private static HookRequest shell(String cwd, JsonNode input) {
    JsonNode command = input.get("command");
    if (command == null || !command.isTextual()) {
      throw new IllegalArgumentException("a shell call without a string 'command'");
    }
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    args.set("command", command);
    return new HookRequest(cwd, SHELL, args);
  }

  private static HookRequest edit(String cwd, JsonNode input, JsonNode path) {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    if (path != null && path.isTextual()) {
      args.set("path", path);
    }
    input.fields().forEachRemaining(field -> {
      if (!args.has(field.getKey())) {
        args.set(field.getKey(), field.getValue());
      }
    });
    return new HookRequest(cwd, EDIT, args);
  }
}
