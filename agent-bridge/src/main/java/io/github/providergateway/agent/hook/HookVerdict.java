package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the adapter answers the agent.
 *
 * @param allowed whether the gateway has no objection (the agent's own permission rules still
 *     apply)
 * @param reason why it was denied; null when allowed
 * @param context texts the hooks added, for the agent's context
 * @param note what happened, for stderr: which path decided and why
 * @param updatedInput the agent's arguments as gates rewrote them, in the agent's own shape; null
 *     when unchanged
 * @param ask whether the agent must ask its person first: a gate asked (extension {@code gate.ask})
 *     and {@code reason} is its question; {@code allowed} is then false
 */
record HookVerdict(
    boolean allowed,
    String reason,
    List<String> context,
    String note,
    JsonNode updatedInput,
    boolean ask) {
  HookVerdict {
    context = List.copyOf(context);
  }

  HookVerdict(
      boolean allowed, String reason, List<String> context, String note, JsonNode updatedInput) {
    this(allowed, reason, context, note, updatedInput, false);
  }

  static HookVerdict allow(List<String> context, String note) {
    return new HookVerdict(true, null, context, note, null);
  }

  static HookVerdict deny(String reason, String note) {
    return new HookVerdict(false, reason, List.of(), note, null);
  }

  /** Have the agent ask its person {@code question}, with the arguments gates rewrote (or null). */
  static HookVerdict ask(
      String question, List<String> context, String note, JsonNode updatedInput) {
    return new HookVerdict(false, question, context, note, updatedInput, true);
  }

  /** {@return the word stderr says: allow, deny or ask} */
  String word() {
    return ask ? "ask" : allowed ? "allow" : "deny";
  }
}
