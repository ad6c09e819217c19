package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * From an agent's own tool to what providers' {@code onPreToolUse} rules match (docs/agents.md,
 * "Tool mapping"), the same for every agent, so that one rule covers them all. Shells become {@code
 * shell} with exactly {@code {"command": ...}}, so that a rule like the guardrail example's ({@code
 * {"tool":"shell","args":"git push"}}) matches the text {@code {"command":"git push origin main"}}
 * whatever else the agent passes (descriptions, timeouts). Tools that change files (edit, write,
 * create, patch, notebook edits) become {@code edit}, and tools that read them, list them or search
 * them become {@code read} (issue 44: reading {@code ~/.ssh/id_rsa} is gated like {@code cat} of
 * it), their arguments kept with the file's path added as {@code path} first, so {@code match.file}
 * globs and the guard see it. A call that names several files (two path fields, a list of files, a
 * patch) is seen once per file ({@link HookRequest#others}), so that a harmless {@code file_path}
 * beside a {@code notebook_path} of {@code .env} cannot hide it. MCP tools are named {@code
 * mcp__<server>__<tool>} whichever agent calls them, when the agent says which server. Every other
 * tool keeps its name and arguments. Each agent's table of tools is in its dialect ({@link
 * AgentDialect#tools()}). {@link #toAgent} maps gates' rewritten arguments back onto the agent's.
 */
final class ToolMapping {

  /** The gateway name of shell tools. */
  static final String SHELL = "shell";

  /** The gateway name of file-changing tools. */
  static final String EDIT = "edit";

  /** The gateway name of file-reading tools. */
  static final String READ = "read";

  /**
   * The fields in which agents' file tools name a file or a folder, in the order the first one
   * found becomes {@code path}; every one present is checked.
   */
  static final List<String> PATH_FIELDS =
      List.of(
          "path",
          "file_path",
          "notebook_path",
          "absolute_path",
          "dir_path",
          "filePath",
          "target_file",
          "target_notebook",
          "target_directory",
          "directory_path");

  /**
   * The name {@code gateway mcp --print-config} and {@code gateway setup} give the gateway's own
   * MCP server in an agent's settings: its tools are {@code mcp__provider-gateway__<tool>} (Copilot
   * CLI: {@code provider-gateway-<tool>}).
   */
  static final String GATEWAY_SERVER = "provider-gateway";

  /**
   * {@link #GATEWAY_SERVER} as Codex spells it in its tools' names: it turns the server name's
   * {@code -} into {@code _} ({@code mcp__provider_gateway__<tool>}, Codex 0.169.0 and 0.171.0).
   * Unrecognised, a Codex call of the gateway's own tool was decided by the hook and again by the
   * front door: two audit records, two rows on the status page (issue 62).
   */
  static final String CODEX_GATEWAY_SERVER = GATEWAY_SERVER.replace('-', '_');

  /** Fields that hold a list of files (Gemini's {@code read_many_files}): each one is checked. */
  static final List<String> PATH_LIST_FIELDS = List.of("paths", "file_paths", "include");

  /** A shell's folder, when the agent runs the command elsewhere than its cwd. */
  private static final List<String> WORKDIR_FIELDS = List.of("dir_path", "workdir", "cwd");

  /** Shells whose {@code -c} script is the command ({@code ["bash", "-lc", "git push"]}). */
  private static final Set<String> SHELL_PROGRAMS = Set.of("sh", "bash", "zsh", "dash", "ksh");

  /** A file a patch adds, changes, deletes or moves to. */
  private static final Pattern PATCH_FILE =
      Pattern.compile("^\\*\\*\\* (?:Add File|Update File|Delete File|Move to): (.+)$");

  /** Where a view's {@code path} came from when it was a patch's, which no rewrite can change. */
  private static final String FROM_PATCH = "*** patch";

  private ToolMapping() {}

  /** A shell call, for a hook that is about shells only (Cursor's {@code beforeShellExecution}). */
  static HookRequest shellCall(String cwd, JsonNode input) {
    return shell(cwd, input);
  }

  /** A read, for a hook that is about reads only (Cursor's {@code beforeReadFile}). */
  static HookRequest readCall(String cwd, JsonNode input) {
    return file(cwd, READ, input);
  }

  /**
   * Whether {@code tool} (a gateway name) is a tool of the gateway's own MCP server, which its MCP
   * front door decides when it runs it: the hook leaves it to the front door, so that such a call
   * has one decision, one audit record and at most one question (docs/agents.md).
   */
  static boolean isGatewaysOwn(String tool) {
    return tool.startsWith(mcp(GATEWAY_SERVER, ""))
        || tool.startsWith(mcp(CODEX_GATEWAY_SERVER, ""))
        || tool.startsWith(GATEWAY_SERVER + "-");
  }

  /** The gateway's name of an MCP tool: Claude Code's form, {@code mcp__<server>__<tool>}. */
  static String mcp(String server, String tool) {
    return "mcp__" + server + "__" + tool;
  }

  /**
   * A call of an agent's tool by that agent's table ({@link AgentDialect#tools()}): a shell or a
   * file tool as the gateway names it, any other tool as it is.
   */
  static HookRequest map(Map<String, String> tools, String cwd, String tool, JsonNode input) {
    String kind = tools.get(tool);
    if (kind == null) {
      return new HookRequest(cwd, tool, input, input, null);
    }
    return switch (kind) {
      case SHELL -> shell(cwd, input);
      default -> file(cwd, kind, input);
    };
  }

  private static HookRequest shell(String cwd, JsonNode input) {
    JsonNode command = input.get("command");
    if (command == null || command.isNull()) {
      command = input.get("cmd"); // Codex's exec_command
    }
    String text;
    if (command != null && command.isTextual()) {
      text = command.textValue();
    } else if (command != null && command.isArray() && !command.isEmpty()) {
      text = commandLine(command);
    } else {
      throw new IllegalArgumentException("a shell call without a string 'command'");
    }
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    args.put("command", text);
    return new HookRequest(runsIn(cwd, input), SHELL, args, input, null);
  }

  /**
   * An argument list as one command: the script of {@code sh -c script} (as Codex runs {@code
   * ["bash", "-lc", "…"]}), else the words quoted for a shell.
   */
  private static String commandLine(JsonNode argv) {
    List<String> words = new ArrayList<>();
    for (JsonNode word : argv) {
      if (!word.isTextual()) {
        throw new IllegalArgumentException("a shell call whose 'command' list holds a non-string");
      }
      words.add(word.textValue());
    }
    String program = words.get(0).substring(words.get(0).lastIndexOf('/') + 1);
    if (words.size() == 3 && SHELL_PROGRAMS.contains(program) && words.get(1).matches("-l?c|-cl")) {
      return words.get(2);
    }
    StringBuilder line = new StringBuilder();
    for (String word : words) {
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(
          word.matches("[A-Za-z0-9_./=:@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'");
    }
    return line.toString();
  }

  /** The folder a shell command runs in: the agent's cwd, or the folder the call names. */
  private static String runsIn(String cwd, JsonNode input) {
    for (String field : WORKDIR_FIELDS) {
      String dir = text(input.get(field));
      if (dir == null || dir.isBlank()) {
        continue;
      }
      try {
        return Path.of(cwd).resolve(dir).normalize().toString();
      } catch (InvalidPathException e) {
        return cwd; // the guard reads relative paths from the cwd then; the shell fails anyway
      }
    }
    return cwd;
  }

  /** A file named by a call: where the agent gave it, and what it gave. */
  private record Named(String from, JsonNode path) {}

  /**
   * A tool that changes ({@link #EDIT}) or reads ({@link #READ}) files: one view for each file it
   * names ({@link #PATH_FIELDS}, {@link #PATH_LIST_FIELDS}, a patch's files), the first as the
   * request and the rest as its {@link HookRequest#others}.
   */
  private static HookRequest file(String cwd, String tool, JsonNode input) {
    List<Named> named = named(input);
    if (named.isEmpty()) {
      return new HookRequest(cwd, tool, withPath(input, null), input, null);
    }
    List<HookRequest> others = new ArrayList<>();
    for (Named file : named.subList(1, named.size())) {
      others.add(view(cwd, tool, input, file));
    }
    HookRequest first = view(cwd, tool, input, named.get(0));
    return new HookRequest(
        first.cwd(), first.tool(), first.args(), input, first.pathFrom(), null, others);
  }

  private static HookRequest view(String cwd, String tool, JsonNode input, Named file) {
    return new HookRequest(
        cwd,
        tool,
        withPath(input, file.path()),
        input,
        file.from().equals("path") ? null : file.from());
  }

  /** The agent's arguments with {@code path} first (when there is one), for rules to see. */
  private static ObjectNode withPath(JsonNode input, JsonNode path) {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    if (path != null) {
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
    return args;
  }

  /**
   * Every file the call names, each once. A path field that is there but not a text (or blank) is
   * kept as it is: the guard refuses what it cannot read.
   */
  private static List<Named> named(JsonNode input) {
    List<Named> named = new ArrayList<>();
    for (String field : PATH_FIELDS) {
      add(named, field, input.get(field));
    }
    for (String field : PATH_LIST_FIELDS) {
      JsonNode list = input.get(field);
      if (list != null && list.isArray()) {
        for (int i = 0; i < list.size(); i++) {
          add(named, field + "[" + i + "]", list.get(i));
        }
      }
    }
    for (String path : patchFiles(input)) {
      add(named, FROM_PATCH, JsonNodeFactory.instance.textNode(path));
    }
    return named;
  }

  private static void add(List<Named> named, String from, JsonNode path) {
    if (path == null || path.isNull()) {
      return;
    }
    for (Named seen : named) {
      if (seen.path().equals(path)) {
        return;
      }
    }
    named.add(new Named(from, path));
  }

  /** The files a Codex patch names ({@code *** Update File: a.py}), wherever its text is. */
  private static List<String> patchFiles(JsonNode input) {
    List<String> files = new ArrayList<>();
    for (String field : List.of("input", "patch", "command")) {
      JsonNode value = input.get(field);
      List<String> texts = new ArrayList<>();
      if (value != null && value.isTextual()) {
        texts.add(value.textValue());
      } else if (value != null && value.isArray()) {
        value.forEach(element -> texts.add(element.asText()));
      }
      for (String text : texts) {
        if (!text.contains("*** Begin Patch")) {
          continue;
        }
        for (String line : text.split("\r?\n")) {
          Matcher file = PATCH_FILE.matcher(line);
          if (file.matches() && !files.contains(file.group(1).strip())) {
            files.add(file.group(1).strip());
          }
        }
      }
    }
    return files;
  }

  private static String text(JsonNode value) {
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  /**
   * The agent's arguments with a gates' rewrite of {@code request.args()} applied: each field the
   * rewrite sets is set, each field the gateway showed and the rewrite left out is removed, and the
   * fields the gateway never showed (a shell's description and timeout) stay as the agent gave
   * them. A {@code path} the adapter copied from the agent's {@code file_path} (or {@code
   * notebook_path}, or an element of a list) goes back there when the rewrite changed it; one read
   * from a patch cannot.
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
      // The rewrite of the file wins over the unchanged copy beside it.
      int bracket = copiedPath.indexOf('[');
      if (bracket > 0) {
        JsonNode list = input.get(copiedPath.substring(0, bracket));
        int index = Integer.parseInt(copiedPath.substring(bracket + 1, copiedPath.length() - 1));
        if (list instanceof ArrayNode array && index < array.size()) {
          array.set(index, path);
        }
      } else if (!copiedPath.equals(FROM_PATCH)) {
        input.set(copiedPath, path);
      }
    }
    return input;
  }
}
