package io.github.providergateway.app.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.GuardLayers;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.PlainRule;
import java.util.List;

/**
 * The organisation's layer of the guard (issue 66, docs/guard.md "Layers"), between the built-in
 * rules and the person's settings: what the gateway decides by at this moment.
 */
public sealed interface OrgLayer {

  /** {@return what the audit trail calls it: {@code org:v12}, {@code builtin}, …} */
  String label();

  /** {@return the settings of the guard's base, or null when the person's settings are the base} */
  GuardSettings base();

  /** No system settings name a policy: the person's settings are the base, as before issue 66. */
  record None() implements OrgLayer {
    @Override
    public String label() {
      return "none";
    }

    @Override
    public GuardSettings base() {
      return null;
    }
  }

  /**
   * A good policy is in force: its guard settings are the base, and the person's only tighten.
   *
   * @param policy the policy
   */
  record Policy(PolicyDocument policy) implements OrgLayer {
    public Policy {
      requireNonNull(policy, "policy");
    }

    @Override
    public String label() {
      return "org:v" + policy.version();
    }

    @Override
    public GuardSettings base() {
      return policy.guard();
    }
  }

  /**
   * A policy is named but none is good ({@code withoutPolicy: builtin}): the built-in rules of the
   * standard preset are the base, and the person's settings only tighten, as under a policy.
   *
   * @param why why there is no good policy
   */
  record Builtin(String why) implements OrgLayer {
    @Override
    public String label() {
      return "builtin";
    }

    @Override
    public GuardSettings base() {
      return GuardSettings.defaults();
    }
  }

  /**
   * A policy is named but none is good ({@code withoutPolicy: deny}): every call is denied by rule
   * {@value GuardLayers#POLICY_MISSING}.
   *
   * @param why why there is no good policy
   */
  record Deny(String why) implements OrgLayer {
    @Override
    public String label() {
      return "deny";
    }

    /**
     * The settings of {@code withoutPolicy: deny}: the standard preset and one rule that matches
     * every tool. Deny rules come before everything but the catastrophic and unreadable ones, which
     * deny too: no call is let through (fail closed).
     */
    @Override
    public GuardSettings base() {
      String reason =
          "no good organisation policy is in force ("
              + why
              + ") and the system settings ("
              + SystemSettings.DEFAULT_DIR
              + "/"
              + SystemSettings.FILE
              + ", policy.withoutPolicy: deny) deny every call until one arrives";
      PlainRule everything =
          new PlainRule(
              GuardLayers.POLICY_MISSING, GuardVerdict.Outcome.DENY, "*", null, null, null, reason);
      return new GuardSettings(GuardPreset.STANDARD, List.of(everything), List.of(), List.of());
    }
  }
}
