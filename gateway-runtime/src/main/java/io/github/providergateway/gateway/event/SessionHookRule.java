package io.github.providergateway.gateway.event;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.HookRule;

/**
 * One {@code onPreToolUse} rule in force in a session, with the name of the provider that declared
 * it ({@link GatewayListener#hookRulesChanged}).
 *
 * @param provider the declaring provider's name
 * @param rule the rule as declared
 */
public record SessionHookRule(String provider, HookRule rule) {

  /**
   * Checks that both components are present.
   *
   * @param provider the declaring provider's name
   * @param rule the rule as declared
   * @throws NullPointerException when either is null
   */
  public SessionHookRule {
    requireNonNull(provider, "provider");
    requireNonNull(rule, "rule");
  }
}
