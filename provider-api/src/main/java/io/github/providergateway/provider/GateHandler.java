package io.github.providergateway.provider;

import io.github.providergateway.protocol.GateCheck;
import java.util.concurrent.CompletionStage;

/**
 * Decides one {@code gate} rule of a {@link JavaProvider}: the gateway asks with {@code gate.check}
 * before a matching tool call runs, and the runtime answers with exactly one {@code gate.result}
 * per check.
 *
 * <p>Called on the provider's executor, like every callback; return a stage at once and decide
 * elsewhere if deciding is slow. The gateway waits at most 5 s. Fail closed: when the handler
 * throws, its stage fails or completes with {@code null}, or it never completes, the runtime sends
 * nothing and the gateway's timeout decides, which denies the call unless the rule says {@code
 * failOpen} (spec: Gate timeout behavior). The runtime never answers {@code allow} on its own.
 */
@FunctionalInterface
public interface GateHandler {

  /**
   * Decides whether the call in {@code check} may run.
   *
   * @param check the gate id, the tool and its arguments, the session; treat as read-only
   * @return the verdict, when it is known
   * @throws Exception when the check cannot be decided: the runtime sends nothing, and the
   *     gateway's timeout decides (deny, unless the rule says {@code failOpen})
   */
  CompletionStage<GateVerdict> check(GateCheck check) throws Exception;
}
