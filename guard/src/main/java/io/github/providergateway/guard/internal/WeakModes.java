package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A protection's mode word moved to its weak twin (decision 202), for {@link WeakSettings}: {@code
 * dual_control: required} to {@code optional}, {@code on_timeout: HOLD} to {@code RELEASE}, {@code
 * inbound_sdn_confirmed_action: BLOCK} to {@code REJECT}, {@code screening_mode: pre_release} to
 * {@code post_release}, {@code respond: after_archive_verified} to {@code on_receipt}, {@code
 * smoke: dispatch_fire} to {@code notify_only}, {@code tls: required} to {@code none}. The table is
 * of kinds of words, not of one writer's strings: each row is the strong words of one way a
 * protection stands and the words it is weakened to. A value is read lower case, a hyphen as an
 * underscore.
 */
final class WeakModes {
  private WeakModes() {}

  /** One way a protection stands: its strong words, and the weak words it is moved to. */
  private record Twins(Set<String> strong, Set<String> weak) {}

  /**
   * Modes that only watch, the weak twin of every strong word: {@code block} → {@code detect_only}
   * (from a mode that deletes, {@code log_only} is the safer way, and is no row's).
   */
  private static final Set<String> WATCH_ONLY =
      NameSet.of(
          "log_only",
          "notify_only",
          "report_only",
          "monitor_only",
          "detect_only",
          "warn_only",
          "alert_only",
          "audit_only",
          "record_only");

  /** The table. */
  private static final List<Twins> TABLE =
      List.of(
          // A requirement made a wish: required → optional, enforce → warn, tls: required → none.
          new Twins(
              NameSet.of(
                  "required",
                  "require",
                  "mandatory",
                  "enforced",
                  "enforce",
                  "enforcing",
                  // a check held to its letter made to watch (enforcement: strict → log_only)
                  "strict"),
              NameSet.of(
                  "optional",
                  "preferred",
                  "prefer",
                  "permissive",
                  "none",
                  "off",
                  "disabled",
                  "disable",
                  "warn",
                  "warning",
                  "log",
                  "audit",
                  "monitor",
                  "allow",
                  "advisory",
                  "best_effort",
                  "opportunistic",
                  // a client's certificate asked for, not required (mTLS: require → request)
                  "request",
                  "requested")),
          // What is held let go: HOLD → RELEASE, BLOCK → REJECT (returned, not kept blocked).
          new Twins(
              NameSet.of(
                  "hold",
                  "held",
                  "block",
                  "blocked",
                  "freeze",
                  "frozen",
                  "quarantine",
                  "quarantined",
                  // a protection that trips or inhibits made to say so (decision 237)
                  "trip",
                  "tripped",
                  "inhibit",
                  "inhibited",
                  "lockout",
                  // a session or a service cut when its limit is passed (decision 247:
                  // max_prefixes_action: teardown → warn)
                  "teardown",
                  "shutdown",
                  "disconnect",
                  "suspend",
                  "terminate",
                  // a check that stops the work made a remark (decision 288: an interaction's
                  // action: hard_stop → info)
                  "hard_stop",
                  "hardstop",
                  "hard_block",
                  "hard_fail",
                  "halt"),
              NameSet.of(
                  "release",
                  "released",
                  "allow",
                  "pass",
                  "passthrough",
                  "accept",
                  "forward",
                  "deliver",
                  "continue",
                  "proceed",
                  "reject",
                  "return",
                  "ignore",
                  "skip",
                  "log",
                  "notify",
                  // a check that stopped the work made to say so (gauge_clearance: block → warn)
                  "warn",
                  "warning",
                  "info",
                  "informational",
                  "advisory",
                  "soft_stop",
                  "softstop",
                  "soft_warning",
                  "soft",
                  // marked and let through (on_match: block → flag)
                  "flag",
                  "flagged",
                  "tag",
                  "tagged",
                  "mark",
                  "marked")),
          // A refusal made a pass, a failure closed made open: deny → allow, fail_closed → open.
          new Twins(
              NameSet.of("reject", "deny", "drop", "refuse", "fail", "fail_closed", "closed"),
              NameSet.of(
                  "accept",
                  "allow",
                  "pass",
                  "release",
                  "ignore",
                  "continue",
                  "proceed",
                  "open",
                  "fail_open",
                  "skip",
                  "log",
                  "warn")),
          // A check's failure made a remark (decision 230): severity: error → warn.
          new Twins(
              NameSet.of("error", "errors", "fatal", "critical"),
              NameSet.of("warn", "warning", "info", "notice", "ignore", "off", "none", "log")),
          // A link or a store protected made clear: AUTH_ENC → CLEAR, encrypted → plaintext.
          new Twins(
              NameSet.of(
                  "auth_enc",
                  "authenc",
                  "encrypted",
                  "encrypt",
                  "enc",
                  "authenticated",
                  "auth",
                  "signed",
                  "secure",
                  "tls",
                  "ssl"),
              NameSet.of(
                  "clear",
                  "cleartext",
                  "plain",
                  "plaintext",
                  "unencrypted",
                  "unsigned",
                  "insecure")),
          // A response made a message: dispatch_fire → notify_only, page → email.
          new Twins(
              NameSet.of("dispatch", "call", "page", "escalate", "alarm", "respond", "investigate"),
              NameSet.of(
                  "notify",
                  "notification",
                  "log",
                  "ignore",
                  "none",
                  "silent",
                  "email",
                  "push",
                  "sms")),
          // A person's step made the machine's (decision 302): on_arrival: queue_for_editor →
          // publish, review → auto_approve.
          new Twins(
              NameSet.of(
                  "queue",
                  "queued",
                  "review",
                  "moderate",
                  "moderation",
                  "approve",
                  "approval",
                  "manual",
                  "draft",
                  "pending",
                  "editor"),
              NameSet.of(
                  "publish",
                  "published",
                  "auto_publish",
                  "autopublish",
                  "auto_approve",
                  "autoapprove",
                  "auto",
                  "live",
                  "go_live",
                  "immediate",
                  "direct",
                  "send")),
          // A withdrawal made nothing (decision 302): on_kill: unpublish → ignore.
          new Twins(
              NameSet.of("unpublish", "retract", "withdraw", "takedown", "take_down", "kill"),
              NameSet.of("ignore", "none", "noop", "no_op", "skip", "keep", "nothing", "log")),
          // A caller put through to a person sent to a recording: transfer → voicemail.
          new Twins(
              NameSet.of("transfer", "connect", "bridge", "dial", "ring", "forward"),
              NameSet.of("voicemail", "vm", "hangup", "recording", "playback", "announcement")));

  /** The words with which a mode waits for a check: {@code after_archive_verified}. */
  private static final Set<String> CHECKED =
      NameSet.of(
          "verified",
          "verification",
          "confirmed",
          "confirmation",
          "approved",
          "approval",
          "acknowledged",
          "ack",
          "validated",
          "reviewed",
          "cleared",
          "screened",
          "signed",
          "committed",
          "archived");

  /** The words a mode that waits begins with: {@code after_…}, {@code once_…}. */
  private static final Set<String> WAITS = NameSet.of("after", "once", "when", "until", "upon");

  /**
   * Whether a mode's new value is its old value's weak twin.
   *
   * @param was the value before the change
   * @param now the value after it
   * @return whether it is
   */
  static boolean weakened(String was, String now) {
    String a = normal(was);
    String b = normal(now);
    if (a.isEmpty() || b.isEmpty() || a.equals(b)) {
      return false;
    }
    List<String> before = CheckWords.words(a);
    List<String> after = CheckWords.words(b);
    if (before.isEmpty() || after.isEmpty()) {
      return false;
    }
    if (before.size() >= 2 && after.size() == before.size()) {
      // pre_release → post_release, before_settlement → after_settlement
      String first = before.get(0);
      String moved = after.get(0);
      boolean later =
          first.equals("pre") && moved.equals("post")
              || first.equals("before") && moved.equals("after");
      if (later && before.subList(1, before.size()).equals(after.subList(1, after.size()))) {
        return true;
      }
    }
    if (WAITS.contains(before.get(0))
        && SafeguardEdits.has(before, CHECKED)
        && !SafeguardEdits.has(after, CHECKED)) {
      return true; // after_archive_verified → on_receipt: answered before the check
    }
    for (Twins twins : TABLE) {
      if (strong(twins, a, before) && weak(twins, b, after)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a value is one of a row's strong words, or begins with one ({@code dispatch_fire}). */
  private static boolean strong(Twins twins, String value, List<String> words) {
    return twins.strong().contains(value)
        || words.size() > 1 && twins.strong().contains(words.get(0));
  }

  /**
   * Whether a value is one of a row's weak words, or one of them with only: {@code notify_only}.
   */
  private static boolean weak(Twins twins, String value, List<String> words) {
    return twins.weak().contains(value)
        || WATCH_ONLY.contains(value)
        || words.size() == 2 && words.get(1).equals("only") && twins.weak().contains(words.get(0));
  }

  private static String normal(String value) {
    return value
        .strip()
        .replace("\"", "")
        .replace("'", "")
        .replace('-', '_')
        .toLowerCase(Locale.ROOT);
  }
}
