package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The verbs of a sure act (session 15, shared since session 16): money moved, a record, a store or
 * an account destroyed or cut off, an approval given; not a message sent, a campaign or an invite
 * named, a lock or a block, which stay guesses. A server's tool named for one ({@code
 * acts.tool-sure-act}) and a request whose query or body names one as its act ({@code
 * operations.request-acts}: {@code method=delete}, {@code {"type":"kill"}}) read the same list.
 */
final class SureActs {
  private SureActs() {}

  /** The verbs, lower case. */
  static final Set<String> VERBS =
      NameSet.of(
          "refund",
          "charge",
          "transfer",
          "payout",
          "credit",
          "debit",
          "delete",
          "drop",
          "destroy",
          "purge",
          "wipe",
          "deactivate",
          "suspend",
          "revoke",
          "ban",
          "approve",
          "cancel",
          "terminate",
          "void",
          "waive",
          "withdraw",
          "disarm",
          "evacuate",
          // session 16 (round 72): a Druid task of type kill, a table truncated
          "kill",
          "truncate");
}
