package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Pre-tool hooks (spec: Hook rules — declarative API; design brief, decision 24). Before a call,
 * every matching {@code onPreToolUse} rule of every provider bound to the session runs in
 * registration order: {@code deny} stops the call, {@code context} adds text, {@code gate} asks its
 * provider with {@code gate.check} and waits up to 5 s, one gate at a time. The first deny decides;
 * contexts accumulate. Gates fail closed: silence denies (unless {@code failOpen}), and a gate
 * whose provider is gone always denies. A gate whose provider speaks the {@code gate.args}
 * extension may allow with replacement arguments (decision 33): checked as the host's were, they
 * replace the call's arguments and the evaluation starts again from the first rule, so that the
 * arguments that run are the ones every rule matched and every gate (the rewriting one too) and
 * every person asked allowed; at most {@link HookGates#MAX_REWRITES_PER_CALL} rewrites, then the
 * call is denied (decision 37). A gate whose provider speaks {@code gate.ask} may answer {@code
 * ask} (decision 35): the person is asked ({@link PersonAsks}), and the evaluation goes on only if
 * they allow it; a host that asks its person itself gets the question back instead. Loop only.
 */
final class HookEngine {

  /** The decision when the session has no rule to run: allowed, by nobody. */
  private static final HookDecision NO_RULES = HookDecision.allow(List.of());

  private final Timers timers;
  private final Limits limits;
  private final Listeners listener;
  private final RegexGuard regex;
  private final PersonAsks asks;

  /** Whether a rule matches a call. */
  private final HookMatcher matcher;

  /** Evaluations held until the session's {@code "all"}-bound providers are ready. */
  private final ReadyHold readyHold;

  /** The gates' questions to providers, and their answers. */
  private final HookGates gates;

  /** The policies every call meets first (decision 77), in registration order. */
  private final List<RegisteredPolicy> policies;

  /** The policies' questions, and their answers. */
  private final PolicyTurn policyTurn;

  HookEngine(
      Timers timers,
      Secrets secrets,
      Limits limits,
      Listeners listener,
      PersonAsks asks,
      java.util.function.Predicate<String> readyPending,
      List<RegisteredPolicy> policies,
      java.util.concurrent.Executor loop) {
    this.timers = timers;
    this.policies = List.copyOf(policies);
    this.asks = asks;
    this.limits = limits;
    this.listener = listener;
    this.readyHold = new ReadyHold(timers, readyPending);
    this.regex = new RegexGuard(limits, timers::now);
    this.matcher = new HookMatcher(limits, listener, regex);
    HookGates.Resume resume =
        new HookGates.Resume() {
          @Override
          public void advance(HookEvaluation run) {
            HookEngine.this.advance(run);
          }

          @Override
          public void askPerson(
              HookEvaluation run,
              String provider,
              Binding binding,
              String gateId,
              GateResult result,
              java.util.function.Consumer<String> personAllowed) {
            ask(run, provider, binding, gateId, result, personAllowed);
          }
        };
    this.gates = new HookGates(timers, secrets, limits, regex, resume);
    this.policyTurn = new PolicyTurn(timers, limits, loop, resume);
  }

  /**
   * Some {@code "all"}-bound provider no longer awaits its {@code session.ready} somewhere (it
   * came, the session ends, the provider left): the evaluations held for a session none awaits any
   * more run now, in arrival order.
   */
  void readinessChanged() {
    readyHold.readinessChanged();
  }

  /** The provider's regex steps per second, whichever message runs its rules. */
  RegexGuard.Allowance allowance(ProviderState provider) {
    return provider.regexAllowance(regex);
  }

  /** The step-guarded regex engine, shared with stream filters and argument schemas. */
  RegexGuard regex() {
    return regex;
  }

  /** Checks arguments a gate returned, as the called tool would take them. */
  @FunctionalInterface
  interface ArgsCheck {
    /** No schema to check against (a host-owned tool): any JSON object will do. */
    ArgsCheck ANY_OBJECT = args -> null;

    /** Why {@code args} (a JSON object) do not suit the tool, or null when they do. */
    String violations(JsonNode args);
  }

  /**
   * The call an evaluation decides about, as far as a question to the person concerns it (extension
   * {@code gate.ask}).
   */
  interface Caller {
    /** A host's {@code preToolUse}: never ended by anyone else, no timeout. */
    Caller NONE =
        new Caller() {
          @Override
          public boolean ended() {
            return false;
          }

          @Override
          public void asking() {}

          @Override
          public void asked() {}
        };

    /** Whether the call has ended already (cancelled, timed out): no question is put for it. */
    boolean ended();

    /** A question about the call waits for the person: the person's time is not the tool's. */
    void asking();

    /** No question about the call waits any more. */
    void asked();
  }

  /**
   * Runs the hooks for a call of {@code tool} with {@code args} in {@code session}.
   *
   * @param toolProvider the name of the provider that owns the tool, or null for a host-owned tool
   * @param check what a gate's replacement arguments must pass (extension {@code gate.args})
   * @param caller the call decided about, which a question to the person stops and restarts
   * @param hostAsks whether the host asks the person itself: a gate's {@code ask} is then returned
   *     in the decision rather than put to the person here
   * @return the decision; completed at once unless a gate must be asked
   */
  CompletableFuture<HookDecision> evaluate(
      SessionState session,
      String tool,
      JsonNode args,
      String toolProvider,
      String callId,
      ArgsCheck check,
      Caller caller,
      boolean hostAsks) {
    // An "all"-bound provider (the guard every home runs: issue 44) may have been told of the
    // session and not yet said session.ready: its rules are not registered here yet.
    return readyHold.whenReady(
        session.id,
        () -> evaluateNow(session, tool, args, toolProvider, callId, check, caller, hostAsks));
  }

  private CompletableFuture<HookDecision> evaluateNow(
      SessionState session,
      String tool,
      JsonNode args,
      String toolProvider,
      String callId,
      ArgsCheck check,
      Caller caller,
      boolean hostAsks) {
    List<HookEvaluation.Candidate> candidates = new ArrayList<>();
    // The policies first (decision 77): where the guard's gate ran when it was the first provider
    // bound to every session.
    for (RegisteredPolicy policy : policies) {
      candidates.add(new HookEvaluation.Candidate(policy));
    }
    for (Binding binding : session.bindings().values()) {
      addRules(candidates, binding);
    }
    for (Restarts.Held held : session.restarts.values()) {
      for (Binding binding : held.bindings()) {
        if (!isLive(binding)) {
          addRules(candidates, binding); // restarting: its rules stay in force (decision 34)
        }
      }
    }
    if (candidates.isEmpty()) {
      // Most calls: no rule to run, so nothing to record or spend (an evaluation with no rule
      // decides nothing), and no evaluation state to build.
      return CompletableFuture.completedFuture(NO_RULES);
    }
    HookEvaluation run =
        new HookEvaluation(
            session,
            tool,
            args,
            toolProvider,
            check,
            candidates,
            regex.spend(),
            callId,
            caller,
            hostAsks);
    CompletableFuture<HookDecision> decided =
        listener.hearsDecisions() ? audit(run, callId) : run.result;
    advance(run);
    return decided;
  }

  private static void addRules(List<HookEvaluation.Candidate> candidates, Binding binding) {
    for (HookRule rule : binding.declared.hookRules) {
      candidates.add(new HookEvaluation.Candidate(binding, rule));
    }
  }

  /** Whether {@code binding} is its provider's binding in its session now. */
  static boolean isLive(Binding binding) {
    return binding.session.bindings().get(binding.provider) == binding;
  }

  /** Records the evaluation in the audit trail when it decides (docs/audit.md). */
  /**
   * The evaluation's result, once it is recorded: whoever waits for the decision hears of it after
   * the record (a gate's answer completes the result later, and a future runs its later dependents
   * first, so a call's own record came before its evaluation's).
   */
  private CompletableFuture<HookDecision> audit(HookEvaluation run, String callId) {
    Instant started = timers.now();
    run.gateAnswers = new ArrayList<>();
    return run.result.thenApply(
        decision -> {
          listener.decided(
              Decisions.preToolUse(
                  timers.now(),
                  started,
                  run.session.id,
                  run.tool,
                  callId,
                  run.original,
                  decision,
                  run.matched,
                  run.rewrites(),
                  run.gateAnswers,
                  listener.keepsArguments()));
          return decision;
        });
  }

  /** Evaluates rules until one needs a gate's answer, denies, or none is left. */
  private void advance(HookEvaluation run) {
    for (HookEvaluation.Candidate candidate = run.next();
        candidate != null;
        candidate = run.next()) {
      if (candidate.policy != null) {
        // Every call matches a policy; it answers for the arguments as they are now.
        run.unrun = false;
        run.matched++;
        policyTurn.ask(run, candidate.policy);
        return;
      }
      Binding binding = candidate.binding;
      HookRule rule = candidate.rule;
      GateResult known = run.knownAnswer(candidate);
      if (known != null) {
        // This gate rewrote the call to the arguments it now has, and its answer came with them:
        // it stands whether or not the gate's rule matches what the gate made (decision 37).
        if (!isLive(binding) && !Restarts.holds(binding)) {
          // Its provider left while other gates were asked: as a pending gate whose provider
          // leaves, it denies (design brief, decision 24), even if its answer was an allow.
          run.deny("Gate provider '" + binding.provider.name + "' disconnected.");
          return;
        }
        run.matched++;
        switch (known.decision()) {
          case ALLOW -> {}
          case CONTEXT -> run.addContext(known);
          case DENY -> { // cannot happen: a deny's arguments are ignored; fail closed all the same
            run.deny(
                "Denied by gate '"
                    + rule.gateId()
                    + "' of provider '"
                    + binding.provider.name
                    + "'");
            return;
          }
          case ASK -> {
            ask(run, binding.provider.name, binding, rule.gateId(), known, by -> {});
            return;
          }
        }
        continue;
      }
      if (!isLive(binding) && !Restarts.holds(binding)) {
        continue; // the provider left after the call began: its rules no longer apply
      }
      run.unrun = false;
      if (!matcher.matches(run, binding, rule)) {
        continue;
      }
      run.matched++;
      switch (rule.action()) {
        case DENY -> {
          run.deny(HookMatcher.denyReason(run, binding, rule));
          return;
        }
        case CONTEXT -> run.context.add(rule.content());
        case GATE -> {
          gates.ask(run, candidate);
          return;
        }
      }
    }
    if (run.waited && deniedByARuleAddedMeanwhile(run)) {
      return;
    }
    run.allow();
  }

  /**
   * A call that waited on a gate is checked once more, before it is allowed, against the deny rules
   * added while it waited (a provider's {@code hooks.update}, a provider that bound): the rules in
   * force decide the call, not only those in force when its evaluation began (decision 67). Gates
   * added meanwhile are not asked (no second question); rules taken away meanwhile still count, as
   * the evaluation already ran them.
   */
  private boolean deniedByARuleAddedMeanwhile(HookEvaluation run) {
    Set<HookRule> evaluated = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    for (HookEvaluation.Candidate candidate : run.candidates()) {
      evaluated.add(candidate.rule);
    }
    for (Binding binding : run.session.bindings().values()) {
      for (HookRule rule : binding.declared.hookRules) {
        if (rule.action() != HookAction.DENY || evaluated.contains(rule)) {
          continue;
        }
        run.unrun = false;
        if (matcher.matches(run, binding, rule)) {
          run.matched++;
          run.deny(HookMatcher.denyReason(run, binding, rule));
          return true;
        }
      }
    }
    return false;
  }

  // ---- the person (extension gate.ask) ----

  /**
   * A gate asks the person (extension {@code gate.ask}, decision 35): the evaluation waits for the
   * answer and goes on only if they allow the call; no answer by the deadline, a no, or the
   * question withdrawn denies it. A host that asks its person itself gets the question in its
   * decision instead, once no later rule denies. {@code binding} is the asking gate's, or null for
   * a policy's question (decision 77).
   */
  private void ask(
      HookEvaluation run,
      String provider,
      Binding binding,
      String gateId,
      GateResult result,
      java.util.function.Consumer<String> personAllowed) {
    String who = PersonAsks.describe(provider, gateId);
    String question =
        result.reason() == null || result.reason().isBlank()
            ? "May tool '" + run.tool + "' run? (" + who + " asks)"
            : result.reason();
    if (run.hostAsks) {
      String tooLong = asks.tooLong(who, question);
      if (tooLong != null) {
        run.deny(tooLong);
        return;
      }
      run.hostQuestions.add(question);
      advance(run);
      return;
    }
    if (run.caller.ended()) {
      run.deny("The call ended before " + who + " could ask the person.");
      return;
    }
    Duration timeout =
        result.askTimeout() == null ? limits.asks().askTimeout() : result.askTimeout();
    if (timeout.compareTo(limits.asks().maxAskTimeout()) > 0) {
      timeout = limits.asks().maxAskTimeout(); // capped: a gate must not hold a call for an hour
    }
    String refused =
        asks.ask(
            run.session,
            run.tool,
            run.args(),
            run.callId,
            provider,
            binding,
            gateId,
            question,
            timeout,
            new PersonAsks.Settled() {
              @Override
              public void allowed(String by) {
                run.caller.asked();
                personAllowed.accept(by);
                advance(run);
              }

              @Override
              public void denied(String reason) {
                run.caller.asked();
                run.deny(reason);
              }
            });
    if (refused != null) {
      run.deny(refused);
    } else {
      run.rewrites().personAsked();
      run.caller.asking();
    }
  }

  /** The call {@code callId} ended while its hooks ran: its question to the person is withdrawn. */
  void callEnded(String callId, String why) {
    asks.withdrawCall(callId, why);
  }

  /** The questions to the person of this gateway. */
  PersonAsks asks() {
    return asks;
  }

  /**
   * {@code binding} is gone (disconnect, rebind, session end): its questions to the person are
   * withdrawn and its pending gates deny, whatever {@code failOpen} says (design brief, decision
   * 24).
   */
  void bindingGone(Binding binding) {
    asks.withdrawAsked(
        binding,
        "Gate provider '"
            + binding.provider.name
            + "' disconnected; its question to the person was withdrawn.");
    gates.bindingGone(binding);
  }

  /** A provider's {@code gate.result}. */
  void onGateResult(Conn conn, GateResult result) {
    gates.onGateResult(conn, result);
  }
}
