package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TransformRule;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Spec vectors for hooks and transforms: {@code gate.check}, {@code gate.result}, {@code
 * transform.request}, {@code transform.result} and {@code hooks.update}.
 */
class HookMessagesTest {

  @Test
  void gateCheckDecodesAndReencodes() {
    String json =
        """
        {
        "type": "gate.check",
        "gateId": "check-before-push",
        "callId": "gate-456",
        "sessionId": "abc123",
        "tool": "shell",
        "args": { "command": "git push origin main" }
        }""";

    GateCheck check = decodeGateway(json, GateCheck.class);

    assertThat(check)
        .isEqualTo(
            new GateCheck(
                "check-before-push",
                "gate-456",
                "abc123",
                "shell",
                json("{\"command\":\"git push origin main\"}")));
    assertEncodesTo(check, json);
  }

  @Test
  void gateResultDenyingDecodesAndReencodes() {
    String json =
        """
        {
        "type": "gate.result",
        "gateId": "check-before-push",
        "callId": "gate-456",
        "decision": "deny",
        "reason": "CI is failing on this branch. Fix tests first."
        }""";

    GateResult result = decodeProvider(json, GateResult.class);

    assertThat(result)
        .isEqualTo(
            GateResult.deny(
                "check-before-push", "gate-456", "CI is failing on this branch. Fix tests first."));
    assertThat(result.decision()).isEqualTo(GateDecision.DENY);
    assertEncodesTo(result, json);
  }

  @Test
  void gateResultAllowingDecodesAndReencodes() {
    String json =
        """
        {"type":"gate.result","gateId":"check-before-push","callId":"gate-456","decision":"allow"}""";

    GateResult result = decodeProvider(json, GateResult.class);

    assertThat(result).isEqualTo(GateResult.allow("check-before-push", "gate-456"));
    assertEncodesTo(result, json);
  }

  @Test
  void gateResultAddingContextDecodesAndReencodes() {
    String json =
        """
        {"type":"gate.result","gateId":"check-before-push","callId":"gate-456","decision":"context",
         "reason":"CI is green but slow today."}""";

    GateResult result = decodeProvider(json, GateResult.class);

    assertThat(result)
        .isEqualTo(
            GateResult.context("check-before-push", "gate-456", "CI is green but slow today."));
    assertEncodesTo(result, json);
  }

  @Test
  void gateResultWithReplacementArgsDecodesAndReencodes() {
    // Extension gate.args (docs/hooks.md, "Gates that rewrite arguments").
    String json =
        """
        {"type":"gate.result","gateId":"pin-branch","callId":"gate-456","decision":"allow",
         "args":{"command":"git push origin main --dry-run"}}""";

    GateResult result = decodeProvider(json, GateResult.class);

    assertThat(result)
        .isEqualTo(
            GateResult.rewrite(
                "pin-branch",
                "gate-456",
                json("{\"command\":\"git push origin main --dry-run\"}")));
    assertEncodesTo(result, json);
  }

  @Test
  void gateResultArgsOfAnyJsonTypeAreReadAndLeftToTheGatewayToJudge() {
    // A provider that did not opt in may send anything there: an unknown field refuses nothing.
    GateResult text =
        decodeProvider(
            "{\"type\":\"gate.result\",\"callId\":\"c\",\"decision\":\"allow\",\"args\":\"x\"}",
            GateResult.class);
    GateResult list =
        decodeProvider(
            "{\"type\":\"gate.result\",\"callId\":\"c\",\"decision\":\"deny\",\"reason\":\"r\",\"args\":[1]}",
            GateResult.class);

    assertThat(text.args()).isEqualTo(json("\"x\""));
    assertThat(list.args()).isEqualTo(json("[1]"));
  }

  @Test
  void gateResultAskingThePersonDecodesAndReencodes() {
    // Extension gate.ask (docs/hooks.md, "Gates that ask the person").
    String json =
        """
        {"type":"gate.result","gateId":"confirm-push","callId":"gate-456","decision":"ask",
         "reason":"Push to main?","askTimeoutMs":30000}""";

    GateResult result = decodeProvider(json, GateResult.class);

    assertThat(result)
        .isEqualTo(
            GateResult.ask(
                "confirm-push", "gate-456", "Push to main?", java.time.Duration.ofSeconds(30)));
    assertEncodesTo(result, json);
  }

  @Test
  void gateResultAskWithoutADeadlineLeavesItToTheGateway() {
    GateResult result =
        decodeProvider(
            "{\"type\":\"gate.result\",\"callId\":\"c\",\"decision\":\"ask\",\"reason\":\"r\",\"askTimeoutMs\":null}",
            GateResult.class);

    assertThat(result.askTimeout()).isNull();
    assertEncodesTo(
        result,
        "{\"type\":\"gate.result\",\"callId\":\"c\",\"decision\":\"ask\",\"reason\":\"r\"}");
  }

  @Test
  void askTimeoutBesideAnotherDecisionIsAnUnknownFieldWhateverItsValue() {
    GateResult result =
        decodeProvider(
            "{\"type\":\"gate.result\",\"callId\":\"c\",\"decision\":\"allow\",\"askTimeoutMs\":\"soon\"}",
            GateResult.class);

    assertThat(result).isEqualTo(GateResult.allow(null, "c"));
  }

  @Test
  void askTimeoutBesideAskMustBeAPositiveWholeNumberOfMilliseconds() {
    for (String bad : new String[] {"0", "-5", "1.5", "\"soon\""}) {
      assertThat(
              Codec.providerError(
                  "{\"type\":\"gate.result\",\"callId\":\"c\",\"decision\":\"ask\",\"reason\":\"r\",\"askTimeoutMs\":"
                      + bad
                      + "}"))
          .as(bad)
          .satisfies(error -> assertThat(error.detail()).contains("askTimeoutMs"));
    }
  }

  @Test
  void transformRequestDecodesAndReencodes() {
    // "...existing section content..." is itself a valid string; kept as the spec writes it.
    String json =
        """
        {
        "type": "transform.request",
        "callId": "tx-789",
        "sessionId": "abc123",
        "section": "custom_instructions",
        "current": "...existing section content..."
        }""";

    TransformRequest request = decodeGateway(json, TransformRequest.class);

    assertThat(request)
        .isEqualTo(
            new TransformRequest(
                "tx-789", "abc123", "custom_instructions", "...existing section content..."));
    assertEncodesTo(request, json);
  }

  @Test
  void transformResultDecodesAndReencodes() {
    String json =
        """
        {
        "type": "transform.result",
        "callId": "tx-789",
        "content": "Use pnpm. CI is green as of 14:00; deploy v2.4.3 is live."
        }""";

    TransformResult result = decodeProvider(json, TransformResult.class);

    assertThat(result)
        .isEqualTo(
            new TransformResult(
                "tx-789", "Use pnpm. CI is green as of 14:00; deploy v2.4.3 is live."));
    assertEncodesTo(result, json);
  }

  @Test
  void hooksUpdateWithAContextRuleAndANullTransformDecodesAndReencodes() {
    String json =
        """
        {
        "type": "hooks.update",
        "sessionId": "abc123",
        "onPreToolUse": [
        {
        "match": { "tool": "edit", "file": "*.sql" },
        "action": "context",
        "content": "This is a migration file. Ensure backward compatibility."
        }
        ],
        "transforms": {
        "code_change_rules": { "action": "callback" },
        "custom_instructions": null
        }
        }""";

    HooksUpdate update = decodeProvider(json, HooksUpdate.class);

    assertThat(update.requestId()).isNull();
    assertThat(update.sessionId()).isEqualTo("abc123");
    assertThat(update.hooks().onPreToolUse())
        .containsExactly(
            HookRule.context(
                new HookMatch("edit", null, null, "*.sql"),
                "This is a migration file. Ensure backward compatibility."));
    assertThat(update.hooks().transforms())
        .containsExactly(
            Map.entry("code_change_rules", Optional.of(TransformRule.callback())),
            Map.entry("custom_instructions", Optional.empty()));
    assertEncodesTo(update, json);
  }

  @Test
  void hooksUpdateWithTheGateRuleExampleDecodesAndReencodes() {
    // v2 "onPreToolUse rules" example, sent as a hooks.update.
    String json =
        """
        {"type":"hooks.update","requestId":"req-43","onPreToolUse":[
        {
        "match": { "tool": "shell", "args": "git push" },
        "action": "gate",
        "gateId": "check-ci-status"
        }
        ]}""";

    HooksUpdate update = decodeProvider(json, HooksUpdate.class);

    assertThat(update.requestId()).isEqualTo("req-43");
    assertThat(update.hooks().onPreToolUse())
        .containsExactly(
            HookRule.gate(HookMatch.toolAndArgs("shell", "git push"), "check-ci-status"));
    assertThat(update.hooks().transforms()).isNull();
    assertEncodesTo(update, json);
  }

  @Test
  void failOpenGateRuleDecodesAndReencodes() {
    // v2 "Gate timeout behavior": { "action": "gate", "gateId": "...", "failOpen": true }.
    String json =
        """
        {"type":"hooks.update","onPreToolUse":[
        { "action": "gate", "gateId": "check-ci-status", "failOpen": true }
        ]}""";

    HooksUpdate update = decodeProvider(json, HooksUpdate.class);

    HookRule rule = update.hooks().onPreToolUse().get(0);
    assertThat(rule.match()).isNull();
    assertThat(rule.action()).isEqualTo(HookAction.GATE);
    assertThat(rule.failOpen()).isTrue();
    assertThat(rule.failsOpen()).isTrue();
    assertEncodesTo(update, json);
  }

  @Test
  void denyRuleWithProviderScopeDecodesAndReencodes() {
    String json =
        """
        {"type":"hooks.update","onPreToolUse":[
        {"match":{"tool":"screenshot","provider":"browser"},"action":"deny","reason":"No screenshots during the demo."}
        ]}""";

    HooksUpdate update = decodeProvider(json, HooksUpdate.class);

    assertThat(update.hooks().onPreToolUse())
        .containsExactly(
            HookRule.deny(
                new HookMatch("screenshot", null, "browser", null),
                "No screenshots during the demo."));
    assertEncodesTo(update, json);
  }

  @Test
  void staticPrependAndReplaceTransformsDecodeAndReencode() {
    String json =
        """
        {"type":"hooks.update","transforms":{
          "custom_instructions":{"action":"prepend","content":"Read CONTRIBUTING.md first."},
          "code_change_rules":{"action":"replace","content":"Small commits."}}}""";

    HooksUpdate update = decodeProvider(json, HooksUpdate.class);

    assertThat(update.hooks().onPreToolUse()).isNull();
    assertThat(update.hooks().transforms())
        .containsExactly(
            Map.entry(
                "custom_instructions",
                Optional.of(TransformRule.prepend("Read CONTRIBUTING.md first."))),
            Map.entry("code_change_rules", Optional.of(TransformRule.replace("Small commits."))));
    assertEncodesTo(update, json);
  }

  @Test
  void hooksUpdateWithNeitherRulesNorTransformsDecodesAsANoOp() {
    HooksUpdate update = decodeProvider("{\"type\":\"hooks.update\"}", HooksUpdate.class);

    assertThat(update.hooks().onPreToolUse()).isNull();
    assertThat(update.hooks().transforms()).isNull();
  }
}
