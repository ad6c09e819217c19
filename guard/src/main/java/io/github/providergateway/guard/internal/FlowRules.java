package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The flow rules (docs/guard.md, "A session remembers"): rules of the book whose {@code session}
 * condition is on what the session took in before the call. A call is never found by them in a scan
 * of its own ({@link #scan} finds nothing): the guard asks them with the session's past, for a call
 * that sends data out ({@link #judge}).
 */
public final class FlowRules implements Family {

  /** After untrusted content, sending data out. */
  public static final BuiltinRule UNTRUSTED_THEN_SEND = RuleBook.rule("flow.untrusted-then-send");

  /** After a secret was read, sending data out. */
  public static final BuiltinRule SECRET_THEN_SEND = RuleBook.rule("flow.secret-then-send");

  @Override
  public void scan(Scan scan) {
    // Found only with the session's past: judge().
  }

  /**
   * The flow rules a call matches.
   *
   * @param untrustedOut what the call sends out of the project that the person has not granted
   *     after untrusted content, in its words; empty for nothing
   * @param secretOut the same, not granted after a secret
   * @param untrusted the earlier call that took in untrusted content, as a reason names it, or
   *     {@code null} for none
   * @param secret the earlier call that read a secret, as a reason names it, or {@code null}
   * @return the matches, each found as {@code <what is sent>}, with the earlier call after {@code
   *     "` after `"}
   */
  public static List<Hit> judge(
      List<String> untrustedOut, List<String> secretOut, String untrusted, String secret) {
    List<Hit> hits = new ArrayList<>();
    for (BuiltinRule rule : List.of(SECRET_THEN_SEND, UNTRUSTED_THEN_SEND)) {
      boolean afterSecret = RuleBook.sessionAfter(rule.id()).equals("secret");
      String earlier = afterSecret ? secret : untrusted;
      List<String> out = afterSecret ? secretOut : untrustedOut;
      if (earlier != null && !out.isEmpty()) {
        hits.add(new Hit(rule, null, null, out.get(0) + "` after `" + earlier));
      }
    }
    return hits;
  }
}
