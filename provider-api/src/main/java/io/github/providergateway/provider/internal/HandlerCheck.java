package io.github.providergateway.provider.internal;

import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.TransformAction;
import io.github.providergateway.protocol.TransformRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Fails fast when a {@code gate} rule or a {@code callback} transform has no handler: the gateway's
 * questions would go unanswered, and a gate would deny every matching call after 5 s.
 */
public final class HandlerCheck {

  private HandlerCheck() {}

  /** Checks what a {@code JavaProvider} declares. */
  public static void check(
      List<HookRule> rules,
      Map<String, TransformRule> transforms,
      Set<String> gateIds,
      Set<String> callbackSections) {
    checkRules(rules, gateIds);
    transforms.forEach((section, rule) -> checkTransform(section, rule, callbackSections));
  }

  /** Checks a {@code hooks.update}'s rules and transforms (an empty transform removes one). */
  public static void checkUpdate(
      List<HookRule> rules,
      Map<String, Optional<TransformRule>> transforms,
      Set<String> gateIds,
      Set<String> callbackSections) {
    if (rules != null) {
      checkRules(rules, gateIds);
    }
    if (transforms != null) {
      transforms.forEach(
          (section, rule) ->
              rule.ifPresent(present -> checkTransform(section, present, callbackSections)));
    }
  }

  private static void checkRules(List<HookRule> rules, Set<String> gateIds) {
    for (HookRule rule : rules) {
      if (rule.action() == HookAction.GATE && !gateIds.contains(rule.gateId())) {
        throw new IllegalArgumentException(
            "gate '" + rule.gateId() + "' has no GateHandler; add one with gateHandler()");
      }
    }
  }

  private static void checkTransform(
      String section, TransformRule rule, Set<String> callbackSections) {
    if (rule.action() == TransformAction.CALLBACK && !callbackSections.contains(section)) {
      throw new IllegalArgumentException(
          "the callback transform of section '"
              + section
              + "' has no TransformHandler; add one with transformHandler()");
    }
  }
}
