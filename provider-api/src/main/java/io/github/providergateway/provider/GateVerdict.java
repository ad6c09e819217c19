package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.base.Durations;
import io.github.providergateway.protocol.GateDecision;
import java.time.Duration;

/**
 * A {@link GateHandler}'s answer to one {@code gate.check}; the runtime sends it as {@code
 * gate.result} with the check's {@code gateId} and {@code callId}.
 *
 * @param decision allow, deny, allow with {@code reason} added as context, or ask the person
 * @param reason for {@code deny}: why (shown to the agent); for {@code context}: the text to add;
 *     for {@code ask}: the question; {@code null} for {@code allow}
 * @param args for {@code allow} and {@code context}: the arguments the call runs with instead of
 *     the checked ones, a JSON object; {@code null} to keep them. Needs the {@code gate.args}
 *     extension ({@link JavaProvider.Builder#extension}); a gateway that did not accept it would
 *     run the call unchanged, so the runtime then answers {@code deny} instead
 * @param askTimeout for {@code ask}: how long the person has to answer, {@code null} for the
 *     gateway's default (60 s; it allows at most 5 minutes). Asking needs the {@code gate.ask}
 *     extension; a gateway that did not accept it would not know the decision, so the runtime then
 *     answers {@code deny} instead
 */
public record GateVerdict(
    GateDecision decision, String reason, JsonNode args, Duration askTimeout) {

  /**
   * Checks the verdict.
   *
   * @param decision allow, deny, or allow with context
   * @param reason why (deny), the text to add (context), or {@code null} (allow)
   * @param args replacement arguments (allow, context, ask), or {@code null}
   * @param askTimeout how long the person has (ask), or {@code null}
   * @throws NullPointerException when {@code decision} is null, or a context verdict has no text,
   *     or an ask no question
   * @throws IllegalArgumentException when a deny has {@code args}, {@code args} is not a JSON
   *     object, or {@code askTimeout} is not positive or goes with another decision than ask
   */
  public GateVerdict {
    requireNonNull(decision, "decision");
    if (decision == GateDecision.CONTEXT) {
      requireNonNull(reason, "a context verdict needs the context text");
    }
    if (decision == GateDecision.ASK) {
      requireNonNull(reason, "an ask needs the question");
    }
    if (askTimeout != null && (decision != GateDecision.ASK || !Durations.isPositive(askTimeout))) {
      throw new IllegalArgumentException(
          "askTimeout must be positive and goes only with ask, was " + askTimeout);
    }
    if (args != null && decision == GateDecision.DENY) {
      throw new IllegalArgumentException(
          "a denied call runs with no arguments: a deny has no args");
    }
    if (args != null && !args.isObject()) {
      throw new IllegalArgumentException("args must be a JSON object, not " + args.getNodeType());
    }
  }

  /**
   * A verdict that keeps the checked arguments.
   *
   * @param decision allow, deny, or allow with context
   * @param reason why (deny), the text to add (context), or {@code null} (allow)
   * @throws NullPointerException when {@code decision} is null, or a context verdict has no text
   */
  public GateVerdict(GateDecision decision, String reason) {
    this(decision, reason, null, null);
  }

  /**
   * A verdict that asks nobody.
   *
   * @param decision allow, deny, or allow with context
   * @param reason why (deny), the text to add (context), or {@code null} (allow)
   * @param args replacement arguments (allow, context), or {@code null}
   * @throws NullPointerException when {@code decision} is null, or a context verdict has no text
   * @throws IllegalArgumentException when a deny has {@code args}, or {@code args} is not a JSON
   *     object
   */
  public GateVerdict(GateDecision decision, String reason, JsonNode args) {
    this(decision, reason, args, null);
  }

  /**
   * Ask the person {@code question} first (extension {@code gate.ask}): the gateway puts it to
   * whoever the host offers (its console, status page, the agent's MCP client, the agent's own
   * permission prompt), and the call runs only if they allow it within {@code timeout}.
   *
   * @param question what to ask; not null
   * @param timeout how long they have, or {@code null} for the gateway's default (60 s)
   * @return the verdict
   */
  public static GateVerdict ask(String question, Duration timeout) {
    return new GateVerdict(GateDecision.ASK, requireNonNull(question, "question"), null, timeout);
  }

  /** {@return a verdict that lets the tool call run} */
  public static GateVerdict allow() {
    return new GateVerdict(GateDecision.ALLOW, null, null, null);
  }

  /**
   * Let the tool call run with {@code args} instead of its arguments: redact a secret, pin a
   * branch, add a flag (extension {@code gate.args}). The gateway checks them against the tool's
   * schema and denies the call if they do not match.
   *
   * @param args the arguments the call runs with, a JSON object; not null
   * @return the verdict
   */
  public static GateVerdict rewrite(JsonNode args) {
    return new GateVerdict(GateDecision.ALLOW, null, requireNonNull(args, "args"), null);
  }

  /**
   * Block the tool call; {@code reason} tells the agent why.
   *
   * @param reason why, shown to the agent; not null
   * @return the verdict
   */
  public static GateVerdict deny(String reason) {
    return new GateVerdict(GateDecision.DENY, requireNonNull(reason, "reason"), null, null);
  }

  /**
   * Let the tool call run and add {@code context} to it.
   *
   * @param context the text the agent gets with the call's result; not null
   * @return the verdict
   */
  public static GateVerdict context(String context) {
    return new GateVerdict(GateDecision.CONTEXT, context, null, null);
  }

  /**
   * This verdict, with {@code args} as the arguments the call runs with (extension {@code
   * gate.args}): {@code GateVerdict.context("Pinned to main.").withArgs(pinned)}.
   *
   * @param args the arguments, a JSON object; not null
   * @return the verdict
   * @throws IllegalArgumentException when this verdict denies
   */
  public GateVerdict withArgs(JsonNode args) {
    return new GateVerdict(decision, reason, requireNonNull(args, "args"), askTimeout);
  }
}
