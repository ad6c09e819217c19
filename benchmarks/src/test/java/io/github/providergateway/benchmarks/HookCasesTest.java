package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hook part's expected decisions and how it reads answers; no gateway, no timing. */
class HookCasesTest {

  private static final ProtocolCodec JSON = ProtocolCodec.create();
  private static final HookCases.Case LS = HookCases.MIX.get(0);
  private static final HookCases.Case RM = HookCases.MIX.get(1);
  private static final HookCases.Case PUSH = HookCases.MIX.get(2);
  private static final HookCases.Case DRY_RUN = HookCases.MIX.get(3);
  private static final String ALLOW = "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\"}}";

  /**
   * Each case's expected decision is what the provider's own rules and gate make of its command,
   * worked out here as the gateway does: the rules' regexes on the stringified arguments, in order,
   * the first that matches decides, a gate by the provider's answer.
   */
  @Test
  void theExpectedDecisionsFollowFromTheRulesAndTheGate() {
    for (HookCases.Case c : HookCases.MIX) {
      String args =
          JSON.writeJson(JsonNodeFactory.instance.objectNode().put("command", c.command()));
      HookCases.Decision decided = HookCases.Decision.ALLOW;
      String reason = null;
      for (JsonNode rule : HookCases.hooks().get("onPreToolUse")) {
        if (!rule.at("/match/tool").asText().equals("shell")
            || !Pattern.compile(rule.at("/match/args").asText()).matcher(args).find()) {
          continue;
        }
        if (rule.get("action").asText().equals("deny")) {
          decided = HookCases.Decision.DENY;
          reason = rule.get("reason").asText();
        } else {
          JsonNode result =
              JSON.parseJson(
                  HookCases.gateResult(gateCheck(rule.get("gateId").asText(), c.command())));
          decided =
              result.get("decision").asText().equals("allow")
                  ? HookCases.Decision.ALLOW
                  : HookCases.Decision.DENY;
          reason = result.path("reason").asText(null);
        }
        break;
      }
      assertThat(decided).as(c.name()).isEqualTo(c.expected());
      assertThat(reason).as(c.name()).isEqualTo(c.reason());
    }
  }

  @Test
  void theMixHasEachWayOfDecidingOnceAndIsTakenInTurn() {
    assertThat(HookCases.MIX)
        .extracting(HookCases.Case::command)
        .containsExactly(
            "ls -la", "rm -rf build", "git push origin main", "git push --dry-run origin main");
    assertThat(HookCases.MIX)
        .extracting(HookCases.Case::expected)
        .containsExactly(
            HookCases.Decision.ALLOW,
            HookCases.Decision.DENY,
            HookCases.Decision.DENY,
            HookCases.Decision.ALLOW);
    assertThat(HookCases.nth(0)).isEqualTo(LS);
    assertThat(HookCases.nth(6)).isEqualTo(PUSH);
    assertThat(HookCases.nth(1_000_001)).isEqualTo(RM);
  }

  @Test
  void theInputIsClaudeCodesPreToolUseForTheSessionsDirectory() {
    JsonNode input = JSON.parseJson(new String(HookCases.input(RM), StandardCharsets.UTF_8));
    assertThat(input.get("hook_event_name").asText()).isEqualTo("PreToolUse");
    assertThat(input.get("tool_name").asText()).isEqualTo("Bash");
    assertThat(input.get("cwd").asText()).isEqualTo(HookCases.CWD);
    assertThat(input.at("/tool_input/command").asText()).isEqualTo("rm -rf build");
  }

  @Test
  void theHelloBindsTheRulesToTheSession() {
    JsonNode hello = JSON.parseJson(HookCases.hello("hook-guard", "s-1"));
    assertThat(hello.get("type").asText()).isEqualTo("hello");
    assertThat(hello.get("session").asText()).isEqualTo("s-1");
    assertThat(hello.get("protocolVersion").asInt()).isEqualTo(2);
    assertThat(hello.at("/hooks/onPreToolUse/1/gateId").asText()).isEqualTo(HookCases.GATE_ID);
  }

  @Test
  void theGateAllowsADryRunAndDeniesTheRestAndIgnoresOtherMessages() {
    JsonNode allow =
        JSON.parseJson(
            HookCases.gateResult(gateCheck("ci-green", "git push --dry-run origin main")));
    assertThat(allow.get("type").asText()).isEqualTo("gate.result");
    assertThat(allow.get("gateId").asText()).isEqualTo("ci-green");
    assertThat(allow.get("callId").asText()).isEqualTo("g-7");
    assertThat(allow.get("decision").asText()).isEqualTo("allow");
    assertThat(allow.has("reason")).isFalse();

    JsonNode deny =
        JSON.parseJson(HookCases.gateResult(gateCheck("ci-green", "git push origin main")));
    assertThat(deny.get("decision").asText()).isEqualTo("deny");
    assertThat(deny.get("reason").asText()).isEqualTo(HookCases.GATE_REASON);

    assertThat(HookCases.gateResult("{\"type\":\"sessions.updated\",\"active\":[]}")).isNull();
  }

  @Test
  void anAllowIsAnAnswerWithNoDecision() {
    assertThat(HookCases.wrong(LS, ALLOW + "\n")).isNull();
    assertThat(HookCases.wrong(DRY_RUN, ALLOW)).isNull();
    assertThat(HookCases.wrong(LS, decision("allow", null))).startsWith("expected allow");
    assertThat(HookCases.wrong(LS, decision("ask", "a gate asks"))).startsWith("expected allow");
    assertThat(HookCases.wrong(DRY_RUN, decision("deny", HookCases.GATE_REASON)))
        .startsWith("expected allow");
  }

  @Test
  void aDenyIsRightOnlyForTheReasonOfWhatShouldDeny() {
    assertThat(HookCases.wrong(RM, decision("deny", "ci-guard: " + HookCases.RULE_REASON)))
        .isNull();
    assertThat(HookCases.wrong(PUSH, decision("deny", HookCases.GATE_REASON))).isNull();
    assertThat(HookCases.wrong(PUSH, decision("deny", HookCases.RULE_REASON)))
        .contains("expected a deny saying");
    // The gateway's own deny when the gate does not answer in time is not the gate's decision.
    assertThat(
            HookCases.wrong(
                PUSH, decision("deny", "gate ci-green did not answer within 5 s; denied")))
        .contains("expected a deny saying");
    assertThat(HookCases.wrong(RM, ALLOW)).startsWith("expected deny");
  }

  /**
   * What gateway-hook.sh prints when it did not reach the gateway and its JVM fallback answered
   * nothing.
   */
  @Test
  void theCommandHooksFallbackDenyIsWrongForEveryCase() {
    String fallback =
        "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":"
            + "\"provider gateway hook gave no answer (exit 1; see its stderr); denied\"}}";
    for (HookCases.Case c : HookCases.MIX) {
      assertThat(HookCases.wrong(c, fallback)).as(c.name()).isNotNull();
    }
  }

  @Test
  void noAnswerOrOneThatIsNotAHookOutputIsWrong() {
    assertThat(HookCases.wrong(LS, "")).isEqualTo("no answer");
    assertThat(HookCases.wrong(LS, null)).isEqualTo("no answer");
    assertThat(HookCases.wrong(LS, "Service Unavailable")).startsWith("not JSON");
    assertThat(HookCases.wrong(LS, "{}")).startsWith("not a PreToolUse answer");
    assertThat(HookCases.wrong(LS, "{\"permissionDecision\":\"deny\"}"))
        .startsWith("not a PreToolUse answer");
  }

  @Test
  void eachCasesMedianIsTakenFromItsOwnCalls() {
    // calls 0..7: case k is calls k and k + 4
    long[] samples = {
      1_000_000, 2_000_000, 3_000_000, 4_000_000, 1_000_000, 20_000_000, 3_000_000, 40_000_000
    };
    assertThat(HookScenario.byCase(samples))
        .isEqualTo(
            "p50 by case: no rule matches 1.00 ms; denied by the rule 2.00 ms; denied by the gate 3.00 ms; allowed by the gate 4.00 ms;");
  }

  private static String gateCheck(String gateId, String command) {
    return "{\"type\":\"gate.check\",\"gateId\":\""
        + gateId
        + "\",\"callId\":\"g-7\",\"sessionId\":\"s-1\",\"tool\":\"shell\","
        + "\"args\":{\"command\":\""
        + command
        + "\"}}";
  }

  private static String decision(String word, String reason) {
    return "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\""
        + word
        + "\""
        + (reason == null ? "" : ",\"permissionDecisionReason\":\"" + reason + "\"")
        + "}}";
  }
}
