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
 * timeouts). Tools that change files become {@code edit}, and tools that read them (or search them:
 * Claude Code's {@code Grep} and {@code Glob}) become {@code read} (issue 44: reading {@code
 * ~/.ssh/id_rsa} is gated like {@code cat} of it), their arguments kept with the file's path added
 * as {@code path} first, so {@code match.file} globs and the guard see it. Every other tool keeps
 * its name and arguments. {@link #toAgent} maps gates' rewritten arguments back onto the agent's.
 */
final class ToolMapping {

  /** The gateway name of shell tools. */
  static final String SHELL = "shell";

  /** The gateway name of file-changing tools. */
  static final String EDIT = "edit";

  /** The gateway name of file-reading tools. */
  static final String READ = "read";

  private static final Set<String> CLAUDE_EDITS =
      Set.of("Edit", "MultiEdit", "Write", "NotebookEdit");
  private static final Set<String> COPILOT_SHELLS = Set.of("bash", "shell", "powershell");
  private static final Set<String> COPILOT_EDITS =
      Set.of("edit", "create", "write", "str_replace_editor");
  private static final Set<String> CLAUDE_SEARCHES = Set.of("Grep", "Glob");
  private static final Set<String> COPILOT_READS = Set.of("view", "read");

  private ToolMapping() {}

  /**
   * Claude Code: {@code Bash} is a shell; {@code Edit}, {@code MultiEdit}, {@code Write}, {@code
   * NotebookEdit} edit; {@code Read}, {@code NotebookRead} read ({@code file_path}, {@code
   * notebook_path}), and so do {@code Grep} and {@code Glob} (their {@code path}, the folder they
   * search; none when they search the working directory).
   */
  static HookRequest claude(String cwd, String tool, JsonNode input) {
    if (tool.equals("Bash")) {
      return shell(cwd, input);
    }
    if (CLAUDE_EDITS.contains(tool)) {
      return file(cwd, EDIT, input, input.has("file_path") ? "file_path" : "notebook_path");
    }
    if (tool.equals("Read") || tool.equals("NotebookRead")) {
      return file(cwd, READ, input, input.has("file_path") ? "file_path" : "notebook_path");
    }
    if (CLAUDE_SEARCHES.contains(tool)) {
      return file(cwd, READ, input, "path");
    }
    return new HookRequest(cwd, tool, input, input, null);
  }

  /**
   * Copilot CLI: {@code bash}, {@code shell}, {@code powershell} are shells; {@code edit}, {@code
   * create}, {@code write}, {@code str_replace_editor} edit; {@code view} and {@code read} read.
   */
  static HookRequest copilot(String cwd, String tool, JsonNode args) {
    if (COPILOT_SHELLS.contains(tool)) {
      return shell(cwd, args);
    }
    if (COPILOT_EDITS.contains(tool)) {
      return file(cwd, EDIT, args, args.has("path") ? "path" : "file_path");
    }
    if (COPILOT_READS.contains(tool)) {
      return file(cwd, READ, args, args.has("path") ? "path" : "file_path");
    }
    return new HookRequest(cwd, tool, args, args, null);
  }

  private static HookRequest shell(String cwd, JsonNode input) {
    JsonNode command = input.get("command");
    if (command == null || !command.isTextual()) {
      throw new IllegalArgumentException("a shell call without a string 'command'");
    }
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    args.set("command", command);
    return new HookRequest(cwd, SHELL, args, input, null);
  }

  /**
   * A tool that changes ({@link #EDIT}) or reads ({@link #READ}) a file; {@code pathField}: the
   * agent's field that names the file.
   */
  private static HookRequest file(String cwd, String tool, JsonNode input, String pathField) {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    JsonNode path = input.get(pathField);
    boolean copied = path != null && path.isTextual();
    if (copied) {
      args.set("path", path);
    }
    input
        .fields()
        .forEachRemaining(
            field -> {
              if (!args.has(field.getKey())) {
                args.set(field.getKey(), field.getValue());
              }
            });
    return new HookRequest(
        cwd, tool, args, input, copied && !pathField.equals("path") ? pathField : null);
  }

  /**
   * The agent's arguments with a gates' rewrite of {@code request.args()} applied: each field the
   * rewrite sets is set, each field the gateway showed and the rewrite left out is removed, and the
   * fields the gateway never showed (a shell's description and timeout) stay as the agent gave
   * them. A {@code path} the adapter copied from the agent's {@code file_path} (or {@code
   * notebook_path}) goes back there when the rewrite changed it.
   *
   * @param request the call as the gateway saw it
   * @param rewritten the arguments the gates left it, a JSON object
   * @return the agent's arguments to run the tool with, a new object
   */
  static ObjectNode toAgent(HookRequest request, JsonNode rewritten) {
    ObjectNode input = request.agentInput().deepCopy();
    String copiedPath = request.pathFrom();
    request
        .args()
        .fieldNames()
        .forEachRemaining(
            name -> {
              if (!rewritten.has(name) && !(name.equals("path") && copiedPath != null)) {
                input.remove(name);
              }
            });
    rewritten
        .fields()
        .forEachRemaining(
            field -> {
              if (!(field.getKey().equals("path") && copiedPath != null)) {
                input.set(field.getKey(), field.getValue());
              }
            });
    JsonNode path = rewritten.get("path");
    if (copiedPath != null && path != null && !path.equals(request.args().get("path"))) {
      input.set(copiedPath, path); // the rewrite of the file wins over the unchanged copy beside it
    }
    return input;
  }
}
