package io.github.providergateway.agent.hook;

import java.util.List;

/**
 * What the adapter answers the agent.
 *
 * @param allowed whether the gateway has no objection (the agent's own permission rules still apply)
 * @param reason why it was denied; null when allowed
 * @param context texts the hooks added, for the agent's context
 * @param note what happened, for stderr: which path decided and why
 */
record HookVerdict(boolean allowed, String reason, List<String> context, String note) {
  HookVerdict {
    context = List.copyOf(context);
  }

  static HookVerdict allow(List<String> context, String note) {
    return new HookVerdict(true, null, context, note);
  }

  static HookVerdict deny(String reason, String note) {
    return new HookVerdict(false, reason, List.of(), note);
  }
}
