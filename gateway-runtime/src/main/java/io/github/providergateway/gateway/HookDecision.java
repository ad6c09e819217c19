package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the pre-tool hooks decided about a call (architecture, decision 24).
 *
 * @param allowed whether the call may run
 * @param reason why it was denied; {@code null} when allowed
 * @param context texts the hooks added, in evaluation order
 * @param updatedArgs the arguments the call runs with when gates rewrote them (extension {@code
 *     gate.args}, architecture, decision 33); {@code null} when they are the ones the host gave,
 *     and always for a denial. A host that runs the tool itself ({@link HostApi#preToolUse}) must
 *     run it with these.
 */
public record HookDecision(boolean allowed, String reason, List<String> context, JsonNode updatedArgs) {

  /**
   * Checks and copies the decision.
   *
   * @param allowed whether the call may run
   * @param reason why it was denied; required when {@code allowed} is false
   * @param context texts the hooks added, in evaluation order; copied
   * @param updatedArgs the rewritten arguments of an allowed call, or {@code null}
   * @throws NullPointerException when a denial has no reason, or {@code context} is null
   * @throws IllegalArgumentException when a denial carries {@code updatedArgs}
   */
  public HookDecision {
    context = List.copyOf(context);
    if (!allowed) {
      requireNonNull(reason, "a denial needs a reason");
      if (updatedArgs != null) {
        throw new IllegalArgumentException("a denied call runs with no arguments: updatedArgs must be null");
      }
    }
  }

  /**
   * A decision with the host's arguments unchanged.
   *
   * @param allowed whether the call may run
   * @param reason why it was denied; required when {@code allowed} is false
   * @param context texts the hooks added, in evaluation order; copied
   * @throws NullPointerException when a denial has no reason, or {@code context} is null
   */
  public HookDecision(boolean allowed, String reason, List<String> context) {
    this(allowed, reason, context, null);
  }

  /**
   * Allow, adding {@code context}, with the host's arguments.
   *
   * @param context texts the hooks added, in evaluation order
   * @return the decision
   */
  public static HookDecision allow(List<String> context) {
    return new HookDecision(true, null, context, null);
  }

  /**
   * Allow, adding {@code context}, with the arguments gates rewrote.
   *
   * @param context texts the hooks added, in evaluation order
   * @param updatedArgs the arguments the call runs with; {@code null} when unchanged
   * @return the decision
   */
  public static HookDecision allow(List<String> context, JsonNode updatedArgs) {
    return new HookDecision(true, null, context, updatedArgs);
  }

  /**
   * Deny with {@code reason}, keeping the context gathered so far.
   *
   * @param reason why, for the agent; not null
   * @param context texts the hooks added before the denial, in evaluation order
   * @return the decision
   */
  public static HookDecision deny(String reason, List<String> context) {
    return new HookDecision(false, reason, context, null);
  }
}
