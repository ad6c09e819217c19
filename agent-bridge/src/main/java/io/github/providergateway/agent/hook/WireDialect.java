package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.AgentForms;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The hook's side of an {@link AgentDialect}: how the agent's stdin reads, how its answer is
 * written, and what it can be told (docs/agents.md, "Each agent's dialect", cites the agents'
 * documentation and code). Each agent's class extends this and keeps its facts in its one file;
 * what they share (reading fields, a reason for a deny, decision 66's denials) is here.
 *
 * <p>On allow the answer carries no permission decision: for every agent an explicit {@code
 * "allow"} skips the agent's own permission prompt, and "no provider objects" must not approve a
 * call the user would otherwise be asked about. A call gates rewrote is answered {@code "ask"} with
 * the new arguments where the agent asks its person and shows the rewritten call: the agents apply
 * rewritten arguments only beside a decision, running the original would undo what the gate did,
 * and an {@code "allow"} would let a gate approve, unseen, a call it made up. A gate that asks the
 * person (extension {@code gate.ask}) is answered {@code "ask"} with its question as the reason.
 *
 * <p>Where an agent cannot ask for a hook or would run a rewritten call unseen, {@link #fit} turns
 * the question or the rewrite into a deny that names it (decision 66): never a silent grant.
 */
abstract non-sealed class WireDialect implements AgentDialect {

  /** Why the person is asked when gates rewrote the arguments. */
  static final String REWRITTEN =
      "The provider gateway's gates rewrote the arguments; check the call before it runs";

  /** A deny's reason when the gateway gave none: Codex lets a deny without one run. */
  static final String NO_REASON = "denied by the provider gateway (no reason given)";

  /** The longest rewritten call a reason shows. */
  private static final int MAX_SHOWN_CHARS = 4000;

  static final ObjectMapper JSON = new ObjectMapper();

  /** A matcher of exact tool names only, in Claude Code's reading. */
  private static final Pattern EXACT_NAMES = Pattern.compile("[A-Za-z0-9_|]+");

  /** The agent's row in the guard's agents.json: its id, names, programs and npm package. */
  private final AgentForms.Agent row;

  private final boolean deniesByExitCode;
  private final Map<String, String> tools;
  private final List<HookEntry> hookEntries;

  /**
   * The dialect of the agent {@code id} names: its names, binary, programs and npm package are its
   * row's in the guard's {@code agents.json} (issue 79), read through {@link AgentForms#of}.
   */
  WireDialect(
      String id, boolean deniesByExitCode, Map<String, String> tools, List<HookEntry> hookEntries) {
    this.row = AgentForms.of(id);
    this.deniesByExitCode = deniesByExitCode;
    this.tools = Map.copyOf(tools);
    this.hookEntries = List.copyOf(hookEntries);
  }

  @Override
  public final String id() {
    return row.id();
  }

  @Override
  public final String displayName() {
    return row.displayName();
  }

  @Override
  public final String binary() {
    return row.programs().get(0);
  }

  @Override
  public final boolean deniesByExitCode() {
    return deniesByExitCode;
  }

  /** Never for an after-tool hook; else the agent's reading of its event and matcher. */
  @Override
  public final boolean runsBefore(HookEntry hook, String tool) {
    return !hook.afterTool() && matches(hook, tool);
  }

  /**
   * Whether the before-tool {@code hook} runs for {@code tool}: Claude Code's reading of a matcher
   * ({@link #claudeMatches}); other agents override it.
   */
  boolean matches(HookEntry hook, String tool) {
    return claudeMatches(hook.matcher(), tool);
  }

  /** Claude Code's {@code mcp__<server>__<tool>}; other agents override it. */
  @Override
  public String mcpToolName(String server, String tool) {
    return ToolMapping.mcp(server, tool);
  }

  /** Its row's programs, the binary first. */
  @Override
  public final List<String> programs() {
    return row.programs();
  }

  /** Its row's first npm package; none where it ships none. */
  @Override
  public final Optional<String> npmPackage() {
    return row.npmPackages().stream().findFirst();
  }

  @Override
  public final Map<String, String> tools() {
    return tools;
  }

  @Override
  public final List<HookEntry> hookEntries() {
    return hookEntries;
  }

  @Override
  public final String denyAnswer(String reason) {
    return answer(HookVerdict.deny(reason, ""));
  }

  @Override
  public String toString() {
    return row.id();
  }

  /**
   * The agent's hook input as a gateway call. @throws IllegalArgumentException when it is not one
   */
  abstract HookRequest parse(JsonNode input);

  /** The answer the agent reads on stdout, for a verdict {@link #fit} for it. */
  abstract String answer(HookVerdict verdict);

  /**
   * A call of the agent's own tool as the gateway's rules see it ({@link ToolMapping}): what the
   * console's {@code hook AGENT TOOL} asks about.
   *
   * @param cwd the folder the agent runs in
   * @param tool the agent's own name of the tool
   * @param input the tool's arguments as the agent gives them, a JSON object
   * @return the call, with one view for each further file it names
   */
  HookRequest toGateway(String cwd, String tool, JsonNode input) {
    return ToolMapping.map(tools, cwd, tool, input);
  }

  /**
   * {@code verdict} as this agent can be told it: unchanged where the agent can ask and shows a
   * rewritten call; else a deny that names the question or the rewritten call (decision 66).
   *
   * @param request the call, or null when its input could not be read
   */
  HookVerdict fit(HookVerdict verdict, HookRequest request) {
    return deniesByExitCode ? withoutAskOrRewrite(verdict) : verdict;
  }

  /**
   * The answer in the layout Claude Code and Copilot CLI share, on {@code node}: {@code
   * permissionDecision} and its reason for a question or a deny, {@code "ask"} with the rewritten
   * arguments (as {@code rewrittenField}) for a rewrite, nothing on allow; the providers' context
   * as {@code additionalContext}.
   */
  static void putPermission(ObjectNode node, HookVerdict verdict, String rewrittenField) {
    if (verdict.ask()) {
      // A gate asks the person (extension gate.ask): the agent asks them itself, showing the
      // question, and runs the tool only if they agree (docs/agents.md).
      node.put("permissionDecision", "ask");
      node.put("permissionDecisionReason", verdict.reason());
      if (verdict.updatedInput() != null) {
        node.set(rewrittenField, verdict.updatedInput());
      }
    } else if (!verdict.allowed()) {
      node.put("permissionDecision", "deny");
      node.put("permissionDecisionReason", verdict.reason());
    } else if (verdict.updatedInput() != null) {
      // The agent applies rewritten arguments beside a decision; "ask" shows the person the
      // rewritten call rather than approving it for them (docs/agents.md).
      node.put("permissionDecision", "ask");
      node.put("permissionDecisionReason", REWRITTEN);
      node.set(rewrittenField, verdict.updatedInput());
    }
    if (!verdict.context().isEmpty()) {
      node.put("additionalContext", String.join("\n", verdict.context()));
    }
  }

  /**
   * Settings in Claude Code's layout, which Gemini CLI and Codex share, holding {@code hook} once
   * for each of {@code entries}: a matcher group at the entry's event, with its matcher where it
   * has one (the before-tool hook and the after-tool one are the same hook).
   */
  static ObjectNode matcherSettings(List<HookEntry> entries, ObjectNode hook) {
    ObjectNode settings = JSON.createObjectNode();
    ObjectNode hooks = settings.putObject("hooks");
    for (HookEntry each : entries) {
      ObjectNode entry = hooks.withArray(each.event()).addObject();
      if (each.matcher() != null) { // none: every tool
        entry.put("matcher", each.matcher());
      }
      entry.putArray("hooks").add(hook.deepCopy());
    }
    return settings;
  }

  /**
   * Claude Code's command hook, {@code {"type":"command","command":...,"timeout":60}} in seconds
   * ({@link #HOOK_TIMEOUT}), at each of {@code entries} (Codex takes the same).
   */
  static ObjectNode commandHookSettings(List<HookEntry> entries, String command) {
    ObjectNode hook = JSON.createObjectNode();
    hook.put("type", "command")
        .put("command", command)
        .put("timeout", (int) HOOK_TIMEOUT.toSeconds());
    return matcherSettings(entries, hook);
  }

  /** {@code root} with the providers' context as {@code hookSpecificOutput.additionalContext}. */
  static String withContext(ObjectNode root, String event, HookVerdict verdict) {
    if (!verdict.context().isEmpty()) {
      root.putObject("hookSpecificOutput")
          .put("hookEventName", event)
          .put("additionalContext", String.join("\n", verdict.context()));
    }
    return root.toString();
  }

  static String reasonOf(HookVerdict verdict) {
    String reason = verdict.reason();
    return reason == null || reason.isBlank() ? NO_REASON : reason;
  }

  /**
   * A question becomes a deny that asks the person to decide, a rewrite a deny that names the
   * rewritten call (decision 66); a deny keeps a reason, allow stays allow.
   */
  final HookVerdict withoutAskOrRewrite(HookVerdict verdict) {
    JsonNode rewritten = verdict.updatedInput();
    String reason;
    if (verdict.ask()) {
      reason =
          "the provider gateway asks the person first: "
              + reasonOf(verdict)
              + ". "
              + displayName()
              + " cannot ask for a hook, so the call is denied (not run)"
              + (rewritten == null
                  ? ""
                  : "; the gates would also have changed it to " + shown(rewritten))
              + ". A person who agrees can run it themselves, or allow it in the gateway's rules";
    } else if (verdict.allowed() && rewritten != null) {
      reason =
          "the provider gateway's gates rewrote this call, and "
              + displayName()
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
        verdict.note() + "; " + displayName() + " has no such answer, so: deny (decision 66)",
        null);
  }

  /** A rewritten call for a reason: its JSON, cut at {@link #MAX_SHOWN_CHARS}. */
  static String shown(JsonNode rewritten) {
    String text = rewritten.toString();
    return text.length() <= MAX_SHOWN_CHARS ? text : text.substring(0, MAX_SHOWN_CHARS) + "…";
  }

  /** Whether {@code matcher} names every tool: none, {@code ""} or {@code *}. */
  static boolean everyTool(String matcher) {
    return matcher == null || matcher.isEmpty() || matcher.equals("*");
  }

  /**
   * Whether {@code regex} is found in {@code tool}; a pattern the agent cannot use finds nothing.
   */
  static boolean found(String regex, String tool) {
    try {
      return Pattern.compile(regex).matcher(tool).find();
    } catch (PatternSyntaxException e) {
      return false; // the agent cannot use it either
    }
  }

  /**
   * Claude Code's reading of a matcher (hooks reference, "Structure"), which Codex shares: none,
   * {@code ""} or {@code *} is every tool; letters, digits, {@code _} and {@code |} only are exact
   * names; anything else a regular expression found anywhere in the name.
   */
  static boolean claudeMatches(String matcher, String tool) {
    if (everyTool(matcher)) {
      return true;
    }
    if (EXACT_NAMES.matcher(matcher).matches()) {
      return List.of(matcher.split("\\|")).contains(tool);
    }
    return found(matcher, tool);
  }

  static String text(JsonNode input, String field) {
    JsonNode value = input.get(field);
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  static String requiredText(JsonNode input, String field) {
    JsonNode value = input.get(field);
    if (value == null || !value.isTextual() || value.textValue().isEmpty()) {
      throw new IllegalArgumentException("no '" + field + "' string in the hook input");
    }
    return value.textValue();
  }

  static JsonNode object(JsonNode value, String field) {
    if (value == null || value.isNull()) {
      return JsonNodeFactory.instance.objectNode();
    }
    if (!value.isObject()) {
      throw new IllegalArgumentException("'" + field + "' is not a JSON object");
    }
    return value;
  }

  /** An object, or a JSON text of one (Copilot's {@code toolArgs}, Cursor's {@code tool_input}). */
  static JsonNode jsonObject(JsonNode value, String field) {
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
