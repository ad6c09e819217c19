package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import java.time.Instant;
import java.util.Optional;

/**
 * The answer to an agent while the person is away (decision 321): every agent is answered as one
 * that cannot ask (decision 66). A question becomes a deny that names it, says the person is away
 * and that the call is kept for their return; a call the gates rewrote becomes a deny that names
 * the call they would let run, as decision 66 answers Codex. A deny stays that deny and an allow
 * that allow. The agent's own dialect then fits what is left ({@link AgentKind#fit}).
 */
final class AwayAnswer {

  /** The longest call a held record shows. */
  static final int MAX_CALL_CHARS = 200;

  private AwayAnswer() {}

  /** Whether {@code verdict} is one the person would be asked about: a question or a rewrite. */
  static boolean holds(HookVerdict verdict) {
    return verdict.ask() || verdict.allowed() && verdict.updatedInput() != null;
  }

  /**
   * {@code verdict} as an agent is told it while the person is {@code away}: unchanged when not
   * away or when nothing in it would ask them ({@link #holds}); else a deny saying so.
   *
   * @param now the time it is said at (for the day in {@code until})
   */
  static HookVerdict fit(HookVerdict verdict, Optional<PersonAway.Away> away, Instant now) {
    if (away.isEmpty() || !holds(verdict)) {
      return verdict;
    }
    JsonNode rewritten = verdict.updatedInput();
    String reason;
    if (verdict.ask()) {
      reason = asked(away.get(), now, WireDialect.reasonOf(verdict), rewritten);
    } else {
      reason =
          who(away.get(), now)
              + "the provider gateway's gates rewrote this call, and the person is not there to"
              + " see the rewritten call before it runs, so the call is denied (not run). The call"
              + " the gates would let run: "
              + WireDialect.shown(rewritten)
              + ". Make that call instead if it does what was meant";
    }
    return new HookVerdict(
        false,
        reason,
        verdict.context(),
        verdict.note() + "; the person is away, so: deny, kept for their return (decision 321)",
        null);
  }

  /**
   * {@return how every away deny begins: {@code the person is away until 17:30 (gateway away): }}
   */
  private static String who(PersonAway.Away away, Instant now) {
    return "the person is away " + away.untilText(now) + " (gateway away): ";
  }

  /**
   * The deny of a call whose {@code question} the person, {@code away}, would have been asked (and
   * whose arguments the gates would also have changed to {@code rewritten}, or null): what every
   * agent reads, through its hook or the gateway's MCP front door.
   *
   * @param now the time it is said at (for the day in {@code until})
   */
  static String asked(PersonAway.Away away, Instant now, String question, JsonNode rewritten) {
    return who(away, now)
        + "the provider gateway would ask them first: "
        + question
        + (rewritten == null
            ? ""
            : " (the gates would also have changed the call to "
                + WireDialect.shown(rewritten)
                + ")")
        + ". The call is denied (not run) and kept for their return: go on with other work"
        + " and leave this step for them; do not try it another way";
  }

  /**
   * The audit record of {@code request}, which {@code held} (the verdict before {@link #fit}) would
   * have put to the person: a {@code pre_tool_use} deny with code {@value PersonAway#CODE}, whose
   * reason is what {@code gateway back} lists ({@link #heldReason}).
   */
  static Decision record(AgentKind agent, HookRequest request, HookVerdict held, Instant at) {
    return Decision.builder(at, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
        .code(PersonAway.CODE)
        .agent(agent.word())
        .call(request.tool(), null)
        .reason(heldReason(request, held))
        .args(CallDecision.sha256(request.args()), request.args(), false)
        .build();
  }

  /**
   * What a held call's record says: the call, shortened, and the question (or the call the gates
   * would let run): {@code git push --force origin feat: asked: the guard asks … (guard …)}.
   */
  static String heldReason(HookRequest request, HookVerdict held) {
    String question =
        held.ask()
            ? "asked: " + WireDialect.reasonOf(held)
            : "rewritten by the gates to " + WireDialect.shown(held.updatedInput());
    return shortened(request.tool(), request.args()) + ": " + question;
  }

  /**
   * What a held call's record says of a call of {@code tool} with {@code args} whose {@code
   * question} the person would have been asked: {@code deploy {"to":"prod"}: asked: Deploy?}.
   */
  static String heldReason(String tool, JsonNode args, String question) {
    return shortened(tool, args) + ": asked: " + question;
  }

  /** The call as a person reads it: a shell's command, a file tool's path, else its arguments. */
  static String shortened(String tool, JsonNode args) {
    JsonNode command = args.get("command");
    JsonNode path = args.get("path");
    String text =
        command != null && command.isTextual()
            ? command.textValue()
            : path != null && path.isTextual() ? tool + " " + path.textValue() : tool + " " + args;
    String oneLine = text.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= MAX_CALL_CHARS
        ? oneLine
        : oneLine.substring(0, MAX_CALL_CHARS - 1) + "…";
  }
}
