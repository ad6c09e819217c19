package io.github.providergateway.gateway.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.policy.CallPolicy;
import java.util.concurrent.Executor;

/**
 * A {@link CallPolicy} as the gateway's builder registered it (decision 77): its name, which the
 * audit trail gives its answers as both provider and gate id, and the executor it runs on, off the
 * loop.
 *
 * @param name the policy's name
 * @param policy the policy
 * @param executor where it is asked
 */
public record RegisteredPolicy(String name, CallPolicy policy, Executor executor) {

  /** Checks the fields. */
  public RegisteredPolicy {
    requireNonNull(name, "name");
    requireNonNull(policy, "policy");
    requireNonNull(executor, "executor");
  }
}
