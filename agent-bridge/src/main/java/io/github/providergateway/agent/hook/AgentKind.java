package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agents whose pre-tool-use hooks {@link HookAdapter} answers: how each one's stdin reads and
 * how its answer is written (docs/agents.md cites the agents' documentation).
 *
 * <p>On allow the answer carries no permission decision: for both agents an explicit {@code
 * "allow"} skips the agent's own permission prompt, and "no provider objects" must not approve a
 * call the user would otherwise be asked about. A call gates rewrote is answered {@code "ask"} with
 * the new arguments ({@code updatedInput}, {@code modifiedArgs}): the agents apply rewritten
 * arguments only beside a decision, running the original would undo what the gate did, and an
 * {@code "allow"} would let a gate approve, unseen, a call it made up (turn {@code ls} into
 * something else): the person is shown the rewritten call instead. A gate that asks the person
 * (extension {@code gate.ask}) is answered {@code "ask"} with its question as the reason: the agent
 * asks its person itself, so the gateway puts the question to no channel. Denials are explicit:
 * Claude Code treats an exit code other than 0 or 2 as "go ahead", so every path, a crash included,
 * ends in a printed deny.
 */
public enum AgentKind {

  /** Claude Code's {@code PreToolUse} command hook. */
  CLAUDE("claude") {
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
  COPILOT("copilot") {
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
  };

  /** Why the person is asked when gates rewrote the arguments. */
  private static final String REWRITTEN =
      "The provider gateway's gates rewrote the arguments; check the call before it runs";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String word;

  AgentKind(String word) {
    this.word = word;
  }

  /**
   * {@return the agent's name on the command line ({@code gateway hook <word>}), also looked for in
   * session labels}
   */
  public String word() {
    return word;
  }

  /**
   * The agent's hook input as a gateway call. @throws IllegalArgumentException when it is not one
   */
  abstract HookRequest parse(JsonNode input);

  /** The answer the agent reads on stdout. */
  abstract String answer(HookVerdict verdict);

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
}
