package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The hook part's calls and what each must be answered, kept apart from the timing so that it is
 * tested without a gateway: the provider's hook rules (one {@code deny} rule, one gate), how the
 * driver's provider answers the gate, the mix of Claude Code PreToolUse inputs, and whether an
 * answer is the expected one.
 *
 * <p>The mix, taken in turn: a call no rule matches ({@code ls -la}: allowed), one the deny rule
 * matches ({@code rm -rf}), one the gate denies ({@code git push origin main}) and one it allows
 * ({@code git push --dry-run}). A deny is right only with the reason of what should have denied: a
 * gate that did not answer is also a deny (the gateway's, after 5 s), and the command hook's
 * fallback when it found no gateway is one too, and neither is the decision measured.
 */
final class HookCases {

  private static final ProtocolCodec JSON = ProtocolCodec.create();

  /** The working directory of the agent's session, which is how a hook finds its session. */
  static final String CWD = "/home/dev/project";

  /** The gate's id in the provider's rule. */
  static final String GATE_ID = "ci-green";

  /** The deny rule's reason: a deny that carries it was the rule's. */
  static final String RULE_REASON = "the load driver's rule denies rm -rf";

  /** The gate's reason for a deny: a deny that carries it was the gate's answer. */
  static final String GATE_REASON = "the load driver's gate denies this push";

  /** What the gate allows; any other command it is asked about it denies. */
  static final String GATE_ALLOWS = "git push --dry-run";

  /** A decision an agent reads. */
  enum Decision {
    ALLOW,
    DENY
  }

  /**
   * One kind of call of the mix.
   *
   * @param name how reports name it
   * @param command the Bash command the agent is about to run
   * @param expected the decision it must get
   * @param reason for a deny, text its reason must contain; null for an allow
   */
  record Case(String name, String command, Decision expected, String reason) {}

  /** The mix, in the order the calls take it. */
  static final List<Case> MIX =
      List.of(
          new Case("no rule matches", "ls -la", Decision.ALLOW, null),
          new Case("denied by the rule", "rm -rf build", Decision.DENY, RULE_REASON),
          new Case("denied by the gate", "git push origin main", Decision.DENY, GATE_REASON),
          new Case("allowed by the gate", GATE_ALLOWS + " origin main", Decision.ALLOW, null));

  private HookCases() {}

  /** The {@code n}-th call's case (from 0): the mix in turn. */
  static Case nth(long n) {
    return MIX.get((int) (n % MIX.size()));
  }

  /** The {@code hooks} field of the provider's {@code hello}: the deny rule, then the gate. */
  static ObjectNode hooks() {
    ObjectNode hooks = JsonNodeFactory.instance.objectNode();
    ArrayNode rules = hooks.putArray("onPreToolUse");
    ObjectNode deny = rules.addObject();
    deny.putObject("match").put("tool", "shell").put("args", "rm -rf");
    deny.put("action", "deny").put("reason", RULE_REASON);
    ObjectNode gate = rules.addObject();
    gate.putObject("match").put("tool", "shell").put("args", "git push");
    gate.put("action", "gate").put("gateId", GATE_ID);
    return hooks;
  }

  /** The provider's {@code hello}: no tools, the hook rules, bound to {@code sessionId}. */
  static String hello(String name, String sessionId) {
    ObjectNode hello = JsonNodeFactory.instance.objectNode();
    hello
        .put("type", "hello")
        .put("protocolVersion", 2)
        .put("name", name)
        .put("session", sessionId);
    hello.putArray("tools");
    hello.set("hooks", hooks());
    return JSON.writeJson(hello);
  }

  /**
   * The provider's answer to a {@code gate.check} message, or null for any other message: allow for
   * {@link #GATE_ALLOWS}, deny otherwise.
   */
  static String gateResult(String message) {
    JsonNode check = JSON.parseJson(message);
    if (!check.path("type").asText().equals("gate.check")) {
      return null;
    }
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result
        .put("type", "gate.result")
        .put("gateId", check.path("gateId").asText())
        .put("callId", check.path("callId").asText());
    if (check.at("/args/command").asText().startsWith(GATE_ALLOWS)) {
      result.put("decision", "allow");
    } else {
      result.put("decision", "deny").put("reason", GATE_REASON);
    }
    return JSON.writeJson(result);
  }

  /** What Claude Code writes for a PreToolUse hook about {@code c}'s command: the hook's input. */
  static byte[] input(Case c) {
    ObjectNode input = JsonNodeFactory.instance.objectNode();
    input
        .put("session_id", "load-driver")
        .put("cwd", CWD)
        .put("hook_event_name", "PreToolUse")
        .put("tool_name", "Bash");
    input.putObject("tool_input").put("command", c.command());
    return JSON.writeJson(input).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Why {@code answer} (Claude Code's hook output, as the HTTP hook's body or the command hook's
   * stdout) is not what {@code c} must get, or null when it is. Allow is an answer with no {@code
   * permissionDecision}; deny is {@code "deny"} with the expected reason. Anything else is wrong:
   * nothing, no JSON, an {@code ask}, an explicit {@code allow}, a deny for another reason.
   */
  static String wrong(Case c, String answer) {
    String line = answer == null ? "" : answer.strip();
    if (line.isEmpty()) {
      return "no answer";
    }
    JsonNode output;
    try {
      output = JSON.parseJson(line);
    } catch (IllegalArgumentException e) {
      return "not JSON: " + line;
    }
    JsonNode specific = output.path("hookSpecificOutput");
    if (!specific.isObject() || !specific.path("hookEventName").asText().equals("PreToolUse")) {
      return "not a PreToolUse answer: " + line;
    }
    JsonNode decision = specific.path("permissionDecision");
    if (c.expected() == Decision.ALLOW) {
      return decision.isMissingNode() ? null : "expected allow (no decision), got: " + line;
    }
    if (!decision.asText().equals("deny")) {
      return "expected deny, got: " + line;
    }
    return specific.path("permissionDecisionReason").asText().contains(c.reason())
        ? null
        : "expected a deny saying \"" + c.reason() + "\", got: " + line;
  }
}
