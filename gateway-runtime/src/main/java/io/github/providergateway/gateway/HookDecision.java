package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What the pre-tool hooks decided about a call (architecture, decision 24).
 *
 * @param allowed whether the call may run
 * @param reason why it was denied; {@code null} when allowed
 * @param context texts the hooks added, in evaluation order
 */
public record HookDecision(boolean allowed, String reason, List<String> context) {

  /**
   * Checks and copies the decision.
   *
   * @param allowed whether the call may run
   * @param reason why it was denied; required when {@code allowed} is false
   * @param context texts the hooks added, in evaluation order; copied
   * @throws NullPointerException when a denial has no reason, or {@code context} is null
   */
  public HookDecision {
    context = List.copyOf(context);
    if (!allowed) {
      requireNonNull(reason, "a denial needs a reason");
    }
  }

  /**
   * Allow, adding {@code context}.
   *
   * @param context texts the hooks added, in evaluation order
   * @return the decision
   */
  public static HookDecision allow(List<String> context) {
    return new HookDecision(true, null, context);
  }

  /**
   * Deny with {@code reason}, keeping the context gathered so far.
   *
   * @param reason why, for the agent; not null
   * @param context texts the hooks added before the denial, in evaluation order
   * @return the decision
   */
  public static HookDecision deny(String reason, List<String> context) {
    return new HookDecision(false, reason, context);
  }
}
