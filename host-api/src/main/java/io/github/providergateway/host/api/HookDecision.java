package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the pre-tool hooks decided about a call (design brief, decision 24).
 *
 * <p>Three answers: allow, deny, and, only for a host that asks the person itself ({@link
 * HostApi#preToolUse(String, String, JsonNode, boolean)}), ask: a gate answered {@code ask}
 * (extension {@code gate.ask}, decision 35) and no rule denied, so the tool may run only if the
 * host's person agrees. An ask is {@code allowed() == false}, so that a host reading only {@link
 * #allowed} never runs the tool unasked.
 *
 * @param allowed whether the call may run
 * @param reason why it was denied, or the question(s) to put to the person (ask); {@code null} when
 *     allowed
 * @param context texts the hooks added, in evaluation order
 * @param updatedArgs the arguments the call runs with when gates rewrote them (extension {@code
 *     gate.args}, architecture, decision 33); {@code null} when they are the ones the host gave,
 *     and always for a denial. A host that runs the tool itself ({@link HostApi#preToolUse}) must
 *     run it with these
 * @param ask whether the host must ask its person {@code reason} first, and run the tool (with
 *     {@code updatedArgs}, when present) only if they agree
 */
public record HookDecision(
    boolean allowed, String reason, List<String> context, JsonNode updatedArgs, boolean ask) {

  /**
   * Checks and copies the decision.
   *
   * @param allowed whether the call may run
   * @param reason why it was denied, or the question; required when {@code allowed} is false
   * @param context texts the hooks added, in evaluation order; copied
   * @param updatedArgs the rewritten arguments of an allowed or asked-about call, or {@code null}
   * @param ask whether the host must ask the person first
   * @throws NullPointerException when a denial or an ask has no reason, or {@code context} is null
   * @throws IllegalArgumentException when a denial carries {@code updatedArgs}, or an ask is
   *     allowed
   */
  public HookDecision {
    context = List.copyOf(context);
    if (ask && allowed) {
      throw new IllegalArgumentException(
          "an ask is not allowed until the person agrees: allowed must be false");
    }
    if (!allowed) {
      requireNonNull(reason, ask ? "an ask needs the question" : "a denial needs a reason");
      if (updatedArgs != null && !ask) {
        throw new IllegalArgumentException(
            "a denied call runs with no arguments: updatedArgs must be null");
      }
    }
  }

  /**
   * A decision that asks nobody.
   *
   * @param allowed whether the call may run
   * @param reason why it was denied; required when {@code allowed} is false
   * @param context texts the hooks added, in evaluation order; copied
   * @param updatedArgs the rewritten arguments of an allowed call, or {@code null}
   * @throws NullPointerException when a denial has no reason, or {@code context} is null
   * @throws IllegalArgumentException when a denial carries {@code updatedArgs}
   */
  public HookDecision(boolean allowed, String reason, List<String> context, JsonNode updatedArgs) {
    this(allowed, reason, context, updatedArgs, false);
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
    this(allowed, reason, context, null, false);
  }

  /**
   * {@return the decision as the host protocol spells it: {@code allow}, {@code deny} or {@code
   * ask}}
   */
  public String permission() {
    return ask ? "ask" : allowed ? "allow" : "deny";
  }

  /**
   * Allow, adding {@code context}, with the host's arguments.
   *
   * @param context texts the hooks added, in evaluation order
   * @return the decision
   */
  public static HookDecision allow(List<String> context) {
    return new HookDecision(true, null, context, null, false);
  }

  /**
   * Allow, adding {@code context}, with the arguments gates rewrote.
   *
   * @param context texts the hooks added, in evaluation order
   * @param updatedArgs the arguments the call runs with; {@code null} when unchanged
   * @return the decision
   */
  public static HookDecision allow(List<String> context, JsonNode updatedArgs) {
    return new HookDecision(true, null, context, updatedArgs, false);
  }

  /**
   * Deny with {@code reason}, keeping the context gathered so far.
   *
   * @param reason why, for the agent; not null
   * @param context texts the hooks added before the denial, in evaluation order
   * @return the decision
   */
  public static HookDecision deny(String reason, List<String> context) {
    return new HookDecision(false, reason, context, null, false);
  }

  /**
   * Ask the person {@code question} first (a host that asks itself, extension {@code gate.ask}).
   *
   * @param question what to ask; not null
   * @param context texts the hooks added, in evaluation order
   * @param updatedArgs the arguments the call runs with if they agree, when gates rewrote them;
   *     else {@code null}
   * @return the decision
   */
  public static HookDecision ask(String question, List<String> context, JsonNode updatedArgs) {
    return new HookDecision(false, question, context, updatedArgs, true);
  }
}
