package io.github.providergateway.gateway.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The rewrites of one call's arguments by gates (extension {@code gate.args}) and what each made
 * the gateway check again, for the audit trail's account of the evaluation (decision 37: after a
 * rewrite every rule is evaluated again, every gate asked again and the person asked again, about
 * the arguments that will run). Loop only.
 */
final class Rewrites {

  /** The gates whose replacements were taken, as {@code provider/gateId}, in order. */
  private final List<String> by = new ArrayList<>();

  /** The gates asked after the first rewrite, as {@code provider/gateId}, each once, in order. */
  private final Set<String> askedAgain = new LinkedHashSet<>();

  /** How many questions were put to the person after the first rewrite. */
  private int personAskedAgain;

  /** {@code gate} rewrote the arguments. */
  void add(String gate) {
    by.add(gate);
  }

  /** {@code gate} is asked; after a rewrite, that is asking it again. */
  void asked(String gate) {
    if (!by.isEmpty()) {
      askedAgain.add(gate);
    }
  }

  /** A question goes to the person; after a rewrite, it is about the rewritten arguments. */
  void personAsked() {
    if (!by.isEmpty()) {
      personAskedAgain++;
    }
  }

  /** How many rewrites were taken. */
  int count() {
    return by.size();
  }

  /** The rewriting gates, in order, comma-separated. */
  String by() {
    return String.join(", ", by);
  }

  /**
   * The rewrites as the audit trail's reason tells them, to follow the matched rules' count: empty
   * without a rewrite, else {@code "; arguments rewritten by r/pin; re-checked from the first rule:
   * g/ci, r/pin asked again; the person asked again"}.
   */
  String summary() {
    if (by.isEmpty()) {
      return "";
    }
    StringBuilder text =
        new StringBuilder("; arguments rewritten by ")
            .append(by())
            .append("; re-checked from the first rule");
    if (!askedAgain.isEmpty()) {
      text.append(": ").append(String.join(", ", askedAgain)).append(" asked again");
    }
    if (personAskedAgain > 0) {
      text.append("; the person asked again");
    }
    return text.toString();
  }
}
