package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the adapter answers the agent.
 *
 * @param allowed whether the gateway has no objection (the agent's own permission rules still apply)
 * @param reason why it was denied; null when allowed
 * @param context texts the hooks added, for the agent's context
 * @param note what happened, for stderr: which path decided and why
 * @param updatedInput the agent's arguments as gates rewrote them, in the agent's own shape; null
 *     when unchanged
 */
record HookVerdict(boolean allowed, String reason, List<String> context, String note, JsonNode updatedInput) {
  HookVerdict {
    context = List.copyOf(context);
  }

  static HookVerdict allow(List<String> context, String note) {
    return new HookVerdict(true, null, context, note, null);
  }

  static HookVerdict deny(String reason, String note) {
    return new HookVerdict(false, reason, List.of(), note, null);
  }
}
