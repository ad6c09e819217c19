package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agents whose pre-tool-use hooks {@link HookAdapter} answers: how each one's stdin reads, how
 * its answer is written, and with which exit code (docs/agents.md, "Each agent's dialect", cites
 * the agents' documentation and code).
 *
 * <p>On allow the answer carries no permission decision: for every agent an explicit {@code
 * "allow"} skips the agent's own permission prompt, and "no provider objects" must not approve a
 * call the user would otherwise be asked about. A call gates rewrote is answered {@code "ask"} with
 * the new arguments ({@code updatedInput}, {@code modifiedArgs}) where the agent asks its person
 * and shows the rewritten call: the agents apply rewritten arguments only beside a decision,
 * running the original would undo what the gate did, and an {@code "allow"} would let a gate
 * approve, unseen, a call it made up (turn {@code ls} into something else). A gate that asks the
 * person (extension {@code gate.ask}) is answered {@code "ask"} with its question as the reason:
 * the agent asks its person itself, so the gateway puts the question to no channel.
 *
 * <p>Where an agent cannot ask for a hook (Codex, Gemini CLI, Cursor's {@code beforeReadFile}) or
 * would run a rewritten call unseen (Codex, Gemini CLI, Cursor), {@link #fit} turns the question or
 * the rewrite into a deny that names it (decision 66): never a silent grant.
 *
 * <p>Denials are explicit: Claude Code treats an exit code other than 0 or 2 as "go ahead", so
 * every path, a crash included, ends in a printed deny; Gemini CLI and Codex block on exit code 2
 * with the reason on stderr, so their denials exit 2 ({@link #exitCode}).
 */
public enum AgentKind {

  /** Claude Code's {@code PreToolUse} command hook. */
  CLAUDE("claude", "Claude Code", false) {
    @Override
    HookRequest parse(JsonNode input) {
      String cwd = requiredText(input, "cwd");
      String tool = requiredText(input, "tool_name");
      return ToolMapping.claude(cwd, tool, object(input.get("tool_input"), "tool_input"));
    }

    @Override
    String answer(HookVerdict verdict) {
      ObjectNode root = JsonNodeFactory.instance.objectNode();
      ObjectNode specific = root.putObject("hookSpecificOutput");
      specific.put("hookEventName", "PreToolUse");
      if (verdict.ask()) {
        // A gate asks the person (extension gate.ask): Claude Code asks them itself, showing the
        // question, and runs the tool only if they agree (docs/agents.md).
        specific.put("permissionDecision", "ask");
        specific.put("permissionDecisionReason", verdict.reason());
        if (verdict.updatedInput() != null) {
          specific.set("updatedInput", verdict.updatedInput());
        }
      } else if (!verdict.allowed()) {
        specific.put("permissionDecision", "deny");
        specific.put("permissionDecisionReason", verdict.reason());
      } else if (verdict.updatedInput() != null) {
        // Claude Code applies updatedInput beside a decision; "ask" shows the person the
        // rewritten call rather than approving it for them (docs/agents.md).
        specific.put("permissionDecision", "ask");
        specific.put("permissionDecisionReason", REWRITTEN);
        specific.set("updatedInput", verdict.updatedInput());
      }
      if (!verdict.context().isEmpty()) {
        specific.put("additionalContext", String.join("\n", verdict.context()));
      }
      return root.toString();
    }
  },

  /**
   * Copilot CLI's {@code preToolUse} command hook: {@code toolName} and {@code toolArgs} (a JSON
   * string, or an object as the SDK passes it), or the VS Code compatible {@code PreToolUse} form
   * with {@code tool_name} and {@code tool_input}.
   */
  COPILOT("copilot", "Copilot CLI", false) {
    @Override
    HookRequest parse(JsonNode input) {
      String cwd = requiredText(input, "cwd");
      if (!input.has("toolName") && input.has("tool_name")) {
        return ToolMapping.copilot(
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
      return ToolMapping.copilot(cwd, tool, object(args, "toolArgs"));
    }

    @Override
    String answer(HookVerdict verdict) {
      ObjectNode root = JsonNodeFactory.instance.objectNode();
      if (verdict.ask()) {
        root.put("permissionDecision", "ask"); // Copilot CLI asks its person, as Claude Code does
        root.put("permissionDecisionReason", verdict.reason());
        if (verdict.updatedInput() != null) {
          root.set("modifiedArgs", verdict.updatedInput());
        }
      } else if (!verdict.allowed()) {
        root.put("permissionDecision", "deny");
        root.put("permissionDecisionReason", verdict.reason());
      } else if (verdict.updatedInput() != null) {
        // modifiedArgs: "substitute tool arguments to use instead of the originals" (CLI hooks
        // reference), as an object, with the same "ask" as for Claude Code.
        root.put("permissionDecision", "ask");
        root.put("permissionDecisionReason", REWRITTEN);
        root.set("modifiedArgs", verdict.updatedInput());
      }
      if (!verdict.context().isEmpty()) {
        root.put("additionalContext", String.join("\n", verdict.context()));
      }
      return root.toString();
    }
  },

  /**
   * Gemini CLI's {@code BeforeTool} command hook: {@code cwd}, {@code session_id}, {@code
   * tool_name}, {@code tool_input}, and {@code mcp_context} for an MCP tool. It reads a top-level
   * {@code decision}/{@code reason}, or exit code 2 with the reason on stderr; any other exit lets
   * the call run. Its {@code decision: "ask"} (0.61.0, undocumented) is not used: older versions
   * read it as "go ahead" (decision 66).
   */
  GEMINI("gemini", "Gemini CLI", true) {
    @Override
    HookRequest parse(JsonNode input) {
      return ToolMapping.gemini(
          requiredText(input, "cwd"),
          requiredText(input, "tool_name"),
          object(input.get("tool_input"), "tool_input"),
          input.get("mcp_context"));
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
  },

  /**
   * Codex CLI's {@code PreToolUse} command hook, in Claude Code's layout: {@code cwd}, {@code
   * session_id}, {@code turn_id}, {@code tool_name} ({@code Bash}, {@code apply_patch}, {@code
   * mcp__<server>__<tool>}), {@code tool_input}. It blocks on a deny with a non-empty reason or on
   * exit code 2 (stderr is the reason), and refuses {@code ask} and {@code updatedInput} without
   * {@code allow} as unsupported, running the call (decision 66).
   */
  CODEX("codex", "Codex", true) {
    @Override
    HookRequest parse(JsonNode input) {
      String cwd = requiredText(input, "cwd");
      String tool = requiredText(input, "tool_name");
      JsonNode args = input.get("tool_input");
      if (args != null && args.isTextual()) {
        // A freeform tool (apply_patch) gives its text, not an object.
        args = JsonNodeFactory.instance.objectNode().set("input", args);
      }
      return ToolMapping.codex(cwd, tool, object(args, "tool_input"));
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
  },

  /**
   * Cursor's command hooks, from its published hooks documentation (untested against a binary):
   * {@code beforeShellExecution} ({@code command}, {@code cwd}), {@code beforeMCPExecution} ({@code
   * tool_name}, {@code tool_input}), {@code beforeReadFile} ({@code file_path}) and {@code
   * preToolUse} ({@code tool_name}, {@code tool_input}), each with {@code conversation_id} and
   * {@code workspace_roots}. The answer is {@code permission} ({@code allow}, {@code deny}, {@code
   * ask}; {@code beforeReadFile} has no {@code ask}) with {@code user_message} and {@code
   * agent_message}; its hooks' {@code failClosed} blocks the call when the hook fails.
   */
  CURSOR("cursor", "Cursor", false) {
    @Override
    HookRequest parse(JsonNode input) {
      String event = requiredText(input, "hook_event_name");
      String cwd = cursorCwd(input);
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
                ToolMapping.cursor(
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
        return withoutAskOrRewrite(verdict, displayName);
      }
      return verdict;
    }
  };

  /** Why the person is asked when gates rewrote the arguments. */
  private static final String REWRITTEN =
      "The provider gateway's gates rewrote the arguments; check the call before it runs";

  /** A deny's reason when the gateway gave none: Codex lets a deny without one run. */
  private static final String NO_REASON = "denied by the provider gateway (no reason given)";

  /** The longest rewritten call a reason shows. */
  private static final int MAX_SHOWN_CHARS = 4000;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String word;

  /** The agent's name in a reason a person or its model reads. */
  final String displayName;

  /**
   * Whether the agent reads a deny from exit code 2 and the reason from stderr, and can neither ask
   * for a hook nor show a rewritten call (Gemini CLI, Codex): every deny exits 2, and {@link #fit}
   * turns a question or a rewrite into a deny.
   */
  private final boolean deniesByExitCode;

  AgentKind(String word, String displayName, boolean deniesByExitCode) {
    this.word = word;
    this.displayName = displayName;
    this.deniesByExitCode = deniesByExitCode;
  }

  /**
   * {@return the agent's name on the command line ({@code gateway hook <word>}), also looked for in
   * session labels}
   */
  public String word() {
    return word;
  }

  /** {@return the agent's name as a person knows it ({@code Claude Code}, {@code Gemini CLI})} */
  public String displayName() {
    return displayName;
  }

  /**
   * The agent's own tools whose calls the gateway reads as a shell, a read or an edit, each with
   * the gateway's name for it ({@code shell}, {@code read}, {@code edit}; docs/agents.md, "Tool
   * mapping"): what a hook of the agent must run before, besides its MCP tools. {@code gateway
   * doctor} tests the agent's hook matchers against these names.
   *
   * @return the agent's tool names, each with its gateway name
   */
  public java.util.Map<String, String> tools() {
    return switch (this) {
      case CLAUDE -> ToolMapping.CLAUDE_TOOLS;
      case COPILOT -> ToolMapping.COPILOT_TOOLS;
      case GEMINI -> ToolMapping.GEMINI_TOOLS;
      case CODEX -> ToolMapping.CODEX_TOOLS;
      case CURSOR -> ToolMapping.CURSOR_TOOLS;
    };
  }

  /**
   * A call of this agent's own tool {@code tool} as the gateway's rules see it, mapped as this
   * agent's hook maps it (docs/agents.md, "Tool mapping"): a shell is {@code shell} with exactly
   * its {@code command}, a file tool is {@code edit} or {@code read} with its file as {@code path},
   * once for each file it names (the hook decides each, and the call runs only if every one would);
   * any other tool keeps its name and arguments. The console's {@code hook AGENT TOOL} asks the
   * gateway about these, as the agent's hook would.
   *
   * @param cwd the folder the agent runs in: a shell's relative working folder is read from it
   * @param tool the agent's own name of the tool ({@code Bash}, {@code run_shell_command})
   * @param input the tool's arguments as the agent gives them, a JSON object
   * @return one call for each file it names, at least one
   * @throws IllegalArgumentException when the arguments are not what the tool takes (a shell call
   *     without a command)
   */
  public java.util.List<GatewayToolCall> asGatewayCalls(String cwd, String tool, JsonNode input) {
    HookRequest request =
        switch (this) {
          case CLAUDE -> ToolMapping.claude(cwd, tool, input);
          case COPILOT -> ToolMapping.copilot(cwd, tool, input);
          case GEMINI -> ToolMapping.gemini(cwd, tool, input, null);
          case CODEX -> ToolMapping.codex(cwd, tool, input);
          case CURSOR -> ToolMapping.cursor(cwd, tool, input);
        };
    java.util.List<GatewayToolCall> calls = new java.util.ArrayList<>();
    calls.add(new GatewayToolCall(request.tool(), request.args()));
    request.others().forEach(other -> calls.add(new GatewayToolCall(other.tool(), other.args())));
    return java.util.List.copyOf(calls);
  }

  /**
   * The agent's hook input as a gateway call. @throws IllegalArgumentException when it is not one
   */
  abstract HookRequest parse(JsonNode input);

  /** The answer the agent reads on stdout, for a verdict {@link #fit} for it. */
  abstract String answer(HookVerdict verdict);

  /**
   * {@code verdict} as this agent can be told it: unchanged where the agent can ask and shows a
   * rewritten call; else a deny that names the question or the rewritten call (decision 66).
   *
   * @param request the call, or null when its input could not be read
   */
  HookVerdict fit(HookVerdict verdict, HookRequest request) {
    return deniesByExitCode ? withoutAskOrRewrite(verdict, displayName) : verdict;
  }

  /**
   * {@return whether this agent reads a deny from exit code 2 with the reason on stderr} (Gemini
   * CLI, Codex); the hook socket's answer carries the exit code ({@link HookSocket}).
   */
  boolean deniesByExitCode() {
    return deniesByExitCode;
  }

  /** The exit code that goes with the answer to {@code verdict}, a verdict {@link #fit} for it. */
  int exitCode(HookVerdict verdict) {
    return deniesByExitCode && !verdict.allowed() ? 2 : 0;
  }

  /**
   * What the hook writes on stderr after the answer: the reason alone when stderr is the reason the
   * agent reads (a deny by exit code 2), else a line saying what decided.
   */
  String stderr(HookVerdict verdict) {
    if (exitCode(verdict) == 2) {
      return reasonOf(verdict);
    }
    return "gateway hook " + word + ": " + verdict.word() + ": " + verdict.note();
  }

  /**
   * The second line of the hook socket's answer (after the agent's JSON): {@code <word>: <text>},
   * where the text is what {@link #stderr} would print after the word.
   */
  String noteLine(HookVerdict verdict) {
    return exitCode(verdict) == 2 ? reasonOf(verdict) : verdict.note();
  }

  /** {@code root} with the providers' context as {@code hookSpecificOutput.additionalContext}. */
  private static String withContext(ObjectNode root, String event, HookVerdict verdict) {
    if (!verdict.context().isEmpty()) {
      root.putObject("hookSpecificOutput")
          .put("hookEventName", event)
          .put("additionalContext", String.join("\n", verdict.context()));
    }
    return root.toString();
  }

  private static String reasonOf(HookVerdict verdict) {
    String reason = verdict.reason();
    return reason == null || reason.isBlank() ? NO_REASON : reason;
  }

  /**
   * A question becomes a deny that asks the person to decide, a rewrite a deny that names the
   * rewritten call (decision 66); a deny keeps a reason, allow stays allow.
   */
  private static HookVerdict withoutAskOrRewrite(HookVerdict verdict, String agent) {
    JsonNode rewritten = verdict.updatedInput();
    String reason;
    if (verdict.ask()) {
      reason =
          "the provider gateway asks the person first: "
              + reasonOf(verdict)
              + ". "
              + agent
              + " cannot ask for a hook, so the call is denied (not run)"
              + (rewritten == null
                  ? ""
                  : "; the gates would also have changed it to " + shown(rewritten))
              + ". A person who agrees can run it themselves, or allow it in the gateway's rules";
    } else if (verdict.allowed() && rewritten != null) {
      reason =
          "the provider gateway's gates rewrote this call, and "
              + agent
              + " would run a rewritten call without showing it, so the call is denied (not run)."
              + " The call the gates would let run: "
              + shown(rewritten)
              + ". Make that call instead if it does what was meant";
    } else if (!verdict.allowed()) {
      return verdict.reason() == null || verdict.reason().isBlank()
          ? new HookVerdict(false, NO_REASON, verdict.context(), verdict.note(), null)
          : verdict;
    } else {
      return verdict;
    }
    return new HookVerdict(
        false,
        reason,
        verdict.context(),
        verdict.note() + "; " + agent + " has no such answer, so: deny (decision 66)",
        null);
  }

  /** A rewritten call for a reason: its JSON, cut at {@link #MAX_SHOWN_CHARS}. */
  private static String shown(JsonNode rewritten) {
    String text = rewritten.toString();
    return text.length() <= MAX_SHOWN_CHARS ? text : text.substring(0, MAX_SHOWN_CHARS) + "…";
  }

  /** Cursor's folder: the shell's {@code cwd}, else its first workspace root. */
  private static String cursorCwd(JsonNode input) {
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

  private static String text(JsonNode input, String field) {
    JsonNode value = input.get(field);
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  private static String requiredText(JsonNode input, String field) {
    JsonNode value = input.get(field);
    if (value == null || !value.isTextual() || value.textValue().isEmpty()) {
      throw new IllegalArgumentException("no '" + field + "' string in the hook input");
    }
    return value.textValue();
  }

  private static JsonNode object(JsonNode value, String field) {
    if (value == null || value.isNull()) {
      return JsonNodeFactory.instance.objectNode();
    }
    if (!value.isObject()) {
      throw new IllegalArgumentException("'" + field + "' is not a JSON object");
    }
    return value;
  }

  /** An object, or a JSON text of one (Cursor's {@code tool_input} has been seen as both). */
  private static JsonNode jsonObject(JsonNode value, String field) {
    if (value != null && value.isTextual()) {
      try {
        return object(JSON.readTree(value.textValue()), field);
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalArgumentException(
            "'" + field + "' is not JSON: " + e.getOriginalMessage());
      }
    }
    return object(value, field);
  }
}
