package io.github.providergateway.guard.internal;

/**
 * What a built-in rule does where it is on: the verdicts {@code GuardVerdict.Outcome} names the
 * same, which {@code Guard} gives the caller (this package names none of the guard's public types,
 * decision 80).
 */
public enum RuleAction {
  /** The call is refused. */
  DENY,
  /** The person is asked. */
  ASK
}
