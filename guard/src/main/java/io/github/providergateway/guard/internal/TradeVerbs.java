package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * The verbs that act in a command word of a tool the guard knows nothing of (decision 235 and the
 * trades' rounds since): the shapes' own ({@code verbs}, {@code settingVerbs} in shape-words.json)
 * and the trades' ({@code hold}, {@code scrap}, {@code reissue}), read by {@link UnnamedToolActs}
 * and the readers that borrow its words.
 */
final class TradeVerbs {
  private TradeVerbs() {}

  /**
   * The verbs of a trade's commands beyond the shapes' own ({@code verbs}, {@code settingVerbs}): a
   * lot held or released, a charger's availability changed, a ticket closed, a batch shipped.
   */
  private static final Set<String> TRADES =
      NameSet.of(
          "change",
          "hold",
          "close",
          "merge",
          "ship",
          "start",
          "pay",
          "scrap",
          "apply",
          "execute",
          "commit",
          "restore",
          "import",
          "edit",
          "modify",
          "add",
          "activate",
          "block",
          "lock",
          "mark",
          "force",
          "reopen",
          "issue",
          "fire",
          "abort",
          "accept",
          "confirm",
          "write",
          "upload",
          "push",
          "deploy",
          "sync",
          "rebuild",
          "recall",
          "retire",
          "archive",
          "migrate",
          "reconcile",
          "adjust",
          "amend",
          "correct",
          "disarm",
          "enroll",
          "register",
          "link",
          "unlink",
          "attach",
          "detach",
          // round 38's trades (decision 243): a report withdrawn, a check bypassed, a market
          // unsettled, an alarm inhibited, a cross-connect disconnected, a billing run finalized
          "withdraw",
          "bypass",
          "unsettle",
          "resettle",
          "inhibit",
          "disconnect",
          "finalize",
          "finalise",
          "announce",
          "dismiss",
          "unsuspend",
          "unblock",
          "isolate",
          "failover",
          "switchover",
          "demote",
          "revert",
          "silence",
          "mute",
          "expire",
          "blackhole",
          "payout",
          "shut",
          // decision 246: a load or an outlet switched off (upscmd … load.off), an order placed
          "off",
          "place",
          // decision 248: a sample relinked, a rack discarded, a cohort notified, a report
          // delivered or signed out (not sign: imgtool sign signs a build here)
          "relink",
          "discard",
          "notify",
          "deliver",
          "signout",
          // decision 250: guests' cards invalidated, card numbers detokenized, rooms checked out
          "invalidate",
          "detokenize",
          "checkout",
          // decision 253: a duress alarm suppressed, a clinical order discontinued, checks
          // backfilled, a notification feed paused (reprocess: shape-words.json's verbs)
          "suppress",
          "discontinue",
          "backfill",
          "pause",
          // decision 255: operators logged off, a vehicle immobilised, a debt written off, jobs
          // raised or completed in bulk
          "logoff",
          "immobilize",
          "immobilise",
          "writeoff",
          "raise",
          "complete",
          // decision 256: a suspended customer reinstated, a recall's lot unflagged, a patient
          // discharged or unenrolled, a dose recorded as administered, a file transmitted
          "reinstate",
          "unflag",
          "discharge",
          "unenroll",
          "administer",
          "transmit",
          // decision 258: an ACH batch reversed or resubmitted, funds remitted or debited, a client
          // offboarded, alarms shelved, jurors disqualified, an analyzer calibrated
          "reverse",
          "resubmit",
          "remit",
          "debit",
          "offboard",
          "shelve",
          "disqualify",
          "calibrate",
          // decision 261: checks voided, a policy rescinded, vouchers redeemed, alarms
          // acknowledged in bulk, commissions charged back
          "void",
          "rescind",
          "redeem",
          "ack",
          "acknowledge",
          "chargeback",
          // decision 298: tools checked in as returned, a document's version checked in over
          "checkin",
          // session 19: a finding disclosed (kh-bounty report disclose)
          "disclose");

  /** Whether a word's part is an acting verb: the shapes' verbs, setting verbs or the trades'. */
  static boolean verb(String part) {
    return ShapeWords.VERBS.contains(part)
        || ShapeWords.SETTING_VERBS.contains(part)
        || TRADES.contains(part)
        || ForeignActVerbs.verb(part); // senden, envoyer, borrar (session 19)
  }

  /** Whether a command word is one of the trades' verbs alone: {@code add}, {@code discard}. */
  static boolean trade(String text) {
    return TRADES.contains(text.toLowerCase(Locale.ROOT));
  }
}
