package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProtocolExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The gates of pre-tool hooks (spec: Hook rules — gates; design brief, decision 24): a {@code
 * gate.check} to the rule's provider, one at a time per evaluation, and what its {@code
 * gate.result} means. Gates fail closed: silence past the gate timeout denies (unless the rule
 * {@code failOpen}), and a gate whose provider is gone or cannot be reached always denies. An
 * answer with replacement arguments (extension {@code gate.args}, decision 33) is checked as the
 * host's were and, when it changes them, starts the evaluation again (at most {@link
 * #MAX_REWRITES_PER_CALL} times, decision 37); {@code ask} (extension {@code gate.ask}, decision
 * 35) goes to the {@link HookEngine}, which asks the person. Loop only.
 */
final class HookGates {

  /**
   * How many times the gates may rewrite one call's arguments (decision 37). Each rewrite starts
   * the evaluation again from the first rule; gates that rewrite to a fixed point (pin a branch,
   * redact a secret) settle in one rewrite each, so four leaves room for several of them, while
   * gates that undo each other's rewrites cannot keep a call, and its person, going round for ever.
   */
  static final int MAX_REWRITES_PER_CALL = 4;

  /** Where an evaluation goes on once its gate has answered: the {@link HookEngine}. */
  interface Resume {
    /** Evaluates the rules after the gate's, or all of them again after a rewrite. */
    void advance(HookEvaluation run);

    /**
     * The gate ({@code binding}'s, or a policy's when null) answered {@code ask}: the person is
     * asked (extension {@code gate.ask}); {@code personAllowed} hears the channel's name when the
     * person allows it on a channel the gateway put the question to (never for a question handed
     * back to a host that asks its person itself).
     */
    void askPerson(
        HookEvaluation run,
        String provider,
        Binding binding,
        String gateId,
        GateResult result,
        Consumer<String> personAllowed);
  }

  private final Timers timers;
  private final Secrets secrets;
  private final Limits limits;
  private final RegexGuard regex;
  private final Resume resume;

  /** Gates waiting for {@code gate.result}, by the check's call id. Loop only. */
  private final Map<String, PendingGate> pending = new HashMap<>();

  HookGates(Timers timers, Secrets secrets, Limits limits, RegexGuard regex, Resume resume) {
    this.timers = timers;
    this.secrets = secrets;
    this.limits = limits;
    this.regex = regex;
    this.resume = resume;
  }

  /**
   * Asks {@code candidate}'s gate about the call with {@code gate.check}; a gate that cannot be
   * asked denies at once.
   */
  void ask(HookEvaluation run, HookEvaluation.Candidate candidate) {
    Binding binding = candidate.binding;
    HookRule rule = candidate.rule;
    Conn conn = binding.provider.conn;
    String callId = secrets.id("gate");
    // The gate's deadline starts before its question leaves: the question may reach the provider,
    // and the gateway's clock move on, before this loop task ends (a manual clock in a test; a
    // descheduled loop thread on a busy machine), and a deadline set after the send would then
    // start late.
    PendingGate gate = new PendingGate(callId, candidate, run, timers.now());
    gate.timeout = timers.deadline(limits.calls().gateTimeout(), () -> gateTimedOut(gate));
    pending.put(callId, gate);
    if (conn.state() != ConnectionState.BOUND
        || !conn.transport.send(
            new GateCheck(rule.gateId(), callId, run.session.id, run.tool, run.args()))) {
      pending.remove(callId);
      gate.timeout.cancel();
      // A gate that should be asked but cannot be reached denies (R-HOOK-17), as does one whose
      // provider the host is restarting (decision 34).
      String reason =
          HookEngine.isLive(binding)
              ? "Gate provider '" + binding.provider.name + "' cannot be reached."
              : "Gate provider '"
                  + binding.provider.name
                  + "' is restarting; its gate denies until it is back.";
      if (run.gateAnswers != null) {
        run.gateAnswers.add(
            new Decision.GateAnswer(
                binding.provider.name,
                rule.gateId(),
                "unreachable",
                reason,
                Duration.ZERO,
                false,
                null));
      }
      run.deny(reason);
      return;
    }
    run.waited = true;
    run.asking(gate.who());
  }

  /** A gate waiting for its provider's answer. */
  private static final class PendingGate {
    final String callId;
    final HookEvaluation.Candidate candidate;
    final Binding binding;
    final HookRule rule;
    final HookEvaluation run;
    final Instant askedAt;
    Scheduler.Cancellable timeout;

    PendingGate(
        String callId, HookEvaluation.Candidate candidate, HookEvaluation run, Instant askedAt) {
      this.callId = callId;
      this.candidate = candidate;
      this.binding = candidate.binding;
      this.rule = candidate.rule;
      this.run = run;
      this.askedAt = askedAt;
    }

    /** The gate as the audit trail names it: {@code provider/gateId}. */
    String who() {
      return binding.provider.name + "/" + rule.gateId();
    }
  }

  /** A provider's {@code gate.result}: the evaluation waiting for it goes on, or is denied. */
  void onGateResult(Conn conn, GateResult result) {
    PendingGate gate = pending.get(result.callId());
    if (gate == null || gate.binding.provider.conn != conn) {
      return; // late, or not this provider's gate: nothing waits for it
    }
    settle(gate);
    if (result.decision() == GateDecision.ASK
        && !gate.binding.provider.speaks(ProtocolExtension.GATE_ASK)) {
      // Fail closed (decision 35): "ask" from a provider that did not negotiate gate.ask is a
      // decision the spec does not have; the call is denied now and the provider told why.
      answered(gate, "invalid", "ask without the gate.ask extension", false, null);
      gate.run.deny(
          "Gate '"
              + gate.rule.gateId()
              + "' of provider '"
              + gate.binding.provider.name
              + "' answered \"ask\" without the gate.ask extension; the call is denied.");
      throw new ProtocolViolation(
          ErrorCode.INVALID_JSON,
          "gate.result: decision 'ask' needs the gate.ask extension, which the hello.ack of this connection did"
              + " not accept; the call was denied");
    }
    // Replacement arguments count only from a provider that opted in (decision 33); from any
    // other, args is an unknown field and ignored, as the spec has receivers do.
    JsonNode replacement =
        result.decision() != GateDecision.DENY
                && gate.binding.provider.speaks(ProtocolExtension.GATE_ARGS)
            ? result.args()
            : null;
    answered(gate, result.decision().wireName(), result.reason(), false, replacement);
    if (replacement != null) {
      switch (rewrite(gate, replacement, result)) {
        case REFUSED -> {
          return;
        }
        case TAKEN -> {
          // Every answer so far was about the old arguments: start again from the first rule. This
          // gate's answer stands for the arguments it returned (decision 37).
          resume.advance(gate.run);
          return;
        }
        case UNCHANGED -> {
          // the same arguments: the gate's decision stands as it is
        }
      }
    }
    switch (result.decision()) {
      case ALLOW -> resume.advance(gate.run);
      case CONTEXT -> {
        gate.run.addContext(result);
        resume.advance(gate.run);
      }
      case DENY ->
          gate.run.deny(
              result.reason() != null
                  ? result.reason()
                  : "Denied by gate '"
                      + gate.rule.gateId()
                      + "' of provider '"
                      + gate.binding.provider.name
                      + "'");
      case ASK ->
          resume.askPerson(
              gate.run,
              gate.binding.provider.name,
              gate.binding,
              gate.rule.gateId(),
              result,
              by -> {});
    }
  }

  /** What became of a gate's replacement arguments. */
  private enum Rewrite {
    /** Refused: the call is denied. */
    REFUSED,
    /** Taken: the evaluation starts again with them. */
    TAKEN,
    /** Equal to the arguments as they were: nothing to do. */
    UNCHANGED
  }

  /**
   * Takes a gate's replacement arguments for the call, or denies it when they are not a JSON object
   * the called tool would take (fail closed, since a gate that rewrites may be removing what must
   * not run: decision 33), or when the call has been rewritten {@link #MAX_REWRITES_PER_CALL} times
   * already (decision 37).
   */
  private Rewrite rewrite(PendingGate gate, JsonNode replacement, GateResult answer) {
    HookEvaluation run = gate.run;
    String violations =
        replacement.isObject() ? run.check.violations(replacement) : "they are not a JSON object";
    String who =
        "gate '" + gate.rule.gateId() + "' of provider '" + gate.binding.provider.name + "'";
    if (violations != null) {
      run.deny(
          "The arguments "
              + who
              + " returned for tool '"
              + run.tool
              + "' were refused: "
              + violations);
      return Rewrite.REFUSED;
    }
    if (replacement.equals(run.args())) {
      return Rewrite.UNCHANGED;
    }
    if (run.rewrites().count() >= MAX_REWRITES_PER_CALL) {
      run.deny(
          "The gates' rewrites of tool '"
              + run.tool
              + "' did not settle: "
              + who
              + " rewrote its arguments"
              + " after "
              + MAX_REWRITES_PER_CALL
              + " rewrites (by "
              + run.rewrites().by()
              + "), so the call is denied.");
      return Rewrite.REFUSED;
    }
    // A copy: an in-process provider's tree is its own to change after it answered.
    run.rewrite(replacement.deepCopy(), gate.candidate, gate.who(), answer, regex.spend());
    return Rewrite.TAKEN;
  }

  /** Fail closed: a silent gate denies, unless its rule opted into failing open (spec). */
  private void gateTimedOut(PendingGate gate) {
    if (pending.get(gate.callId) != gate) {
      return;
    }
    settle(gate);
    answered(
        gate,
        "timeout",
        "no answer in " + limits.calls().gateTimeout().toMillis() + " ms",
        gate.rule.failsOpen(),
        null);
    if (gate.rule.failsOpen()) {
      resume.advance(gate.run);
    } else {
      gate.run.deny("Gate provider '" + gate.binding.provider.name + "' did not respond in time.");
    }
  }

  private void settle(PendingGate gate) {
    pending.remove(gate.callId);
    if (gate.timeout != null) {
      gate.timeout.cancel();
    }
  }

  /**
   * A gate's answer, for the audit trail when it is kept; {@code args} are the replacement it
   * returned, or null.
   */
  private void answered(
      PendingGate gate, String decision, String reason, boolean failedOpen, JsonNode args) {
    if (gate.run.gateAnswers != null) {
      gate.run.gateAnswers.add(
          new Decision.GateAnswer(
              gate.binding.provider.name,
              gate.rule.gateId(),
              decision,
              reason,
              Duration.between(gate.askedAt, timers.now()),
              failedOpen,
              args == null ? null : Decisions.sha256(args)));
    }
  }

  /**
   * {@code binding} is gone (disconnect, rebind, session end): its pending gates deny, whatever
   * {@code failOpen} says (design brief, decision 24).
   */
  void bindingGone(Binding binding) {
    for (PendingGate gate : new ArrayList<>(pending.values())) {
      if (gate.binding == binding) {
        settle(gate);
        answered(gate, "gone", "its provider left", false, null);
        gate.run.deny("Gate provider '" + binding.provider.name + "' disconnected.");
      }
    }
  }
}
