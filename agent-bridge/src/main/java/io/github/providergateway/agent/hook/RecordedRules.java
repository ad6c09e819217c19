package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.RegexSteps;
import io.github.providergateway.protocol.json.JsStringifier;
import java.util.List;
import java.util.Optional;
import java.util.regex.PatternSyntaxException;

/**
 * Blocking rules evaluated without their provider: the gates a home holds for a provider that is
 * not bound (after a gateway stopped or crashed, or a configured provider not yet started),
 * evaluated as the gateway's hook engine matches rules, but with nobody to ask. A matching static
 * deny denies; a matching gate that fails closed denies, since its provider cannot be asked; one
 * that fails open is passed over (spec: Gate timeout behavior).
 */
final class RecordedRules {

  private RecordedRules() {}

  /**
   * A rule that blocks a call.
   *
   * @param provider the rule's provider
   * @param rule the rule: a static deny, or a gate that fails closed
   */
  record Blocking(String provider, HookRule rule) {
    /** {@code ci-guard's gate 'ci-green'}, {@code ci-guard's deny rule}. */
    String describe() {
      return rule.action() == HookAction.DENY
          ? provider + "'s deny rule"
          : provider + "'s gate '" + rule.gateId() + "'";
    }

    /** What a static deny says, else null. */
    String denyReason() {
      if (rule.action() != HookAction.DENY) {
        return null;
      }
      return rule.reason() != null ? rule.reason() : "Blocked by provider '" + provider + "'";
    }
  }

  /**
   * The first rule of {@code rules}, in their order, that blocks {@code request}, if any.
   *
   * @param rules rules of providers that cannot be asked
   * @param request the agent's call, mapped to the gateway's tool
   * @return the first matching static deny or fail-closed gate
   */
  static Optional<Blocking> firstBlocking(List<SessionHookRule> rules, HookRequest request) {
    String argsText = null;
    for (SessionHookRule held : rules) {
      HookRule rule = held.rule();
      if (!HookGateRecord.blocking(rule) || rule.failsOpen()) {
        continue;
      }
      if (argsText == null) {
        argsText =
            JsStringifier.stringify(request.args(), Limits.defaults().regex().maxMatchedChars());
      }
      if (matches(rule, request, argsText)) {
        return Optional.of(new Blocking(held.provider(), rule));
      }
    }
    return Optional.empty();
  }

  /**
   * Whether a recorded rule applies, as the gateway's hook engine decides it: exact tool name, the
   * args regex found in the {@code JSON.stringify} text within the gateway's step budget. Rules
   * scoped to a provider's tools never apply (the agent's tools are no provider's). A file glob is
   * not evaluated here: a rule with one applies to every call that names a file, which can only
   * deny more (fail closed). An invalid regex applies too, as a regex that runs out of steps does
   * in the gateway (and here).
   */
  static boolean matches(HookRule rule, HookRequest request, String argsText) {
    HookMatch match = rule.match();
    if (match == null) {
      return true;
    }
    if (match.tool() != null && !match.tool().equals(request.tool())) {
      return false;
    }
    if (match.provider() != null) {
      return false;
    }
    if (match.file() != null && !namesFile(request.args())) {
      return false;
    }
    if (match.args() == null) {
      return true;
    }
    try {
      RegexSteps.Outcome found =
          RegexSteps.find(
              RegexSteps.compile(match.args()),
              argsText,
              Limits.defaults().regex().regexStepsPerMatch());
      return found.result()
          != RegexSteps.Result.NOT_MATCHED; // out of steps: fail safe, as the gateway
    } catch (PatternSyntaxException | StackOverflowError e) {
      return true;
    }
  }

  private static boolean namesFile(JsonNode args) {
    for (String name : List.of("path", "file", "filePath")) {
      if (args.path(name).isTextual()) {
        return true;
      }
    }
    return false;
  }
}
