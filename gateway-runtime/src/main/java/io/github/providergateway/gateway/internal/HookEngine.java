package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Decision;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.json.JsStringifier;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
 * every person asked allowed; at most {@link #MAX_REWRITES_PER_CALL} rewrites, then the call is
 * denied (decision 37). A gate whose provider speaks {@code gate.ask} may answer {@code ask}
 * (decision 35): the person is asked ({@link PersonAsks}), and the evaluation goes on only if they
 * allow it; a host that asks its person itself gets the question back instead. Loop only.
 */
final class HookEngine {

  /** The decision when the session has no rule to run: allowed, by nobody. */
  private static final HookDecision NO_RULES = HookDecision.allow(List.of());

  private static final System.Logger LOG = System.getLogger(HookEngine.class.getName());

  private static final int MAX_LOGGED_OUT_OF_STEPS = 10_000;

  /**
   * How many times the gates may rewrite one call's arguments (decision 37). Each rewrite starts
   * the evaluation again from the first rule; gates that rewrite to a fixed point (pin a branch,
   * redact a secret) settle in one rewrite each, so four leaves room for several of them, while
   * gates that undo each other's rewrites cannot keep a call, and its person, going round for ever.
   */
  static final int MAX_REWRITES_PER_CALL = 4;

  private final Timers timers;
  private final Secrets secrets;
  private final Limits limits;
  private final Listeners listener;
  private final RegexGuard regex;
  private final PersonAsks asks;

  /** Gates waiting for {@code gate.result}, by the check's call id. */
  private final Map<String, PendingGate> gates = new HashMap<>();

  /** Rules whose regex has run out of steps once already: logged once each. */
  private final Set<String> loggedOutOfSteps = new HashSet<>();

  /**
   * The longest a session's evaluations wait for an {@code "all"}-bound provider's {@code
   * session.ready}: one in the gateway's process answers within a loop turn or two; one that never
   * does is taken as not there (its rules were never registered in the session), as before.
   */
  static final Duration READY_WAIT = Duration.ofSeconds(5);

  /**
   * Whether an {@code "all"}-bound provider awaits its {@code session.ready} in the session of this
   * id: its rules are not registered there yet.
   */
  private final java.util.function.Predicate<String> readyPending;

  /**
   * Evaluations held until no {@code "all"}-bound provider awaits its {@code session.ready} in
   * their session, by session id. Loop only.
   */
  private final Map<String, HeldForReady> heldForReady = new HashMap<>();

  /** A session's held evaluations, and the end of their wait. */
  private record HeldForReady(List<Runnable> evaluations, Scheduler.Cancellable giveUp) {}

  HookEngine(
      Timers timers,
      Secrets secrets,
      Limits limits,
      Listeners listener,
      PersonAsks asks,
      java.util.function.Predicate<String> readyPending) {
    this.timers = timers;
    this.asks = asks;
    this.secrets = secrets;
    this.limits = limits;
    this.listener = listener;
    this.readyPending = readyPending;
    this.regex = new RegexGuard(limits, timers::now);
  }

  /**
   * Some {@code "all"}-bound provider no longer awaits its {@code session.ready} somewhere (it
   * came, the session ends, the provider left): the evaluations held for a session none awaits any
   * more run now, in arrival order.
   */
  void readinessChanged() {
    for (String sessionId : new ArrayList<>(heldForReady.keySet())) {
      if (!readyPending.test(sessionId)) {
        release(sessionId);
      }
    }
  }

  private void release(String sessionId) {
    HeldForReady held = heldForReady.remove(sessionId);
    if (held != null) {
      held.giveUp().cancel();
      held.evaluations().forEach(Runnable::run);
    }
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
    if (readyPending.test(session.id)) {
      // An "all"-bound provider (the guard every home runs: issue 44) has been told of the session
      // and has not said session.ready: its rules are not registered here yet. Held until they are,
      // so that a session's first call meets the same rules as its later ones.
      CompletableFuture<HookDecision> later = new CompletableFuture<>();
      HeldForReady held =
          heldForReady.computeIfAbsent(
              session.id,
              id ->
                  new HeldForReady(new ArrayList<>(), timers.after(READY_WAIT, () -> release(id))));
      held.evaluations()
          .add(
              () ->
                  evaluateNow(session, tool, args, toolProvider, callId, check, caller, hostAsks)
                      .whenComplete(
                          (decision, failure) -> {
                            if (failure != null) {
                              later.completeExceptionally(failure);
                            } else {
                              later.complete(decision);
                            }
                          }));
      return later;
    }
    return evaluateNow(session, tool, args, toolProvider, callId, check, caller, hostAsks);
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
    List<Candidate> candidates = new ArrayList<>();
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
    Run run =
        new Run(
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

  private static void addRules(List<Candidate> candidates, Binding binding) {
    for (HookRule rule : binding.declared.hookRules) {
      candidates.add(new Candidate(binding, rule));
    }
  }

  /** Whether {@code binding} is its provider's binding in its session now. */
  private static boolean isLive(Binding binding) {
    return binding.session.bindings().get(binding.provider) == binding;
  }

  /** Records the evaluation in the audit trail when it decides (docs/audit.md). */
  /**
   * The evaluation's result, once it is recorded: whoever waits for the decision hears of it after
   * the record (a gate's answer completes the result later, and a future runs its later dependents
   * first, so a call's own record came before its evaluation's).
   */
  private CompletableFuture<HookDecision> audit(Run run, String callId) {
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

  /** One rule of one binding, as it stood when the call began. Compared by identity. */
  private static final class Candidate {
    final Binding binding;
    final HookRule rule;

    Candidate(Binding binding, HookRule rule) {
      this.binding = binding;
      this.rule = rule;
    }
  }

  /** A gate's answer that rewrote the arguments to {@code args}: its answer about them. */
  private record KnownAnswer(JsonNode args, GateResult result) {}

  /** One evaluation in progress. */
  private static final class Run {
    final SessionState session;
    final String tool;

    /** The arguments the host gave. */
    final JsonNode original;

    /**
     * The arguments as rewritten so far (extension {@code gate.args}); {@link #original} if none.
     */
    private JsonNode args;

    final String toolProvider;
    final ArgsCheck check;

    /** Every rule that may apply, as they stood when the call began, in evaluation order. */
    private final List<Candidate> candidates;

    /** The rules of this pass not evaluated yet. */
    private Iterator<Candidate> remaining;

    /** The contexts of this pass: a rewrite starts them again, as it starts the rules again. */
    final List<String> context = new ArrayList<>();

    final CompletableFuture<HookDecision> result = new CompletableFuture<>();

    /** The regex steps all rules of this pass share: each pass after a rewrite has its own. */
    private RegexGuard.Spend regexSpend;

    private String argsText;

    /** Rules that matched in this pass. */
    int matched;

    /**
     * Whether a gate was asked: the call waited, and the rules in force may have changed meanwhile
     * (decision 67).
     */
    boolean waited;

    /**
     * Whether the rule being matched counted as matched only because its pattern could not be run
     * (its steps spent): its deny then says so, not the rule's own reason.
     */
    boolean unrun;

    /**
     * The gates asked and their answers, in every pass, when the audit trail is kept; else null.
     */
    List<Decision.GateAnswer> gateAnswers;

    /** Every rewrite so far, in order. */
    private final Rewrites rewrites = new Rewrites();

    /**
     * What each gate that rewrote the arguments answered, as its answer about the arguments it
     * returned: when the evaluation starts again it is not asked about its own result (decision
     * 37).
     */
    private final Map<Candidate, KnownAnswer> known = new IdentityHashMap<>();

    /** The call's id, or null for a host's {@code preToolUse}. */
    final String callId;

    final Caller caller;

    /** Whether the host asks the person itself (extension {@code gate.ask}). */
    final boolean hostAsks;

    /** With {@link #hostAsks}: the gates' questions of this pass, for the host to ask, in order. */
    final List<String> hostQuestions = new ArrayList<>();

    Run(
        SessionState session,
        String tool,
        JsonNode args,
        String toolProvider,
        ArgsCheck check,
        List<Candidate> candidates,
        RegexGuard.Spend regexSpend,
        String callId,
        Caller caller,
        boolean hostAsks) {
      this.regexSpend = regexSpend;
      this.callId = callId;
      this.caller = caller;
      this.hostAsks = hostAsks;
      this.session = session;
      this.tool = tool;
      this.original = args;
      this.args = args;
      this.toolProvider = toolProvider;
      this.check = check;
      this.candidates = candidates;
      this.remaining = candidates.iterator();
    }

    JsonNode args() {
      return args;
    }

    Rewrites rewrites() {
      return rewrites;
    }

    /** The next rule of this pass to evaluate, or null when the pass is over. */
    Candidate next() {
      return remaining.hasNext() ? remaining.next() : null;
    }

    /**
     * From now on the call's arguments are {@code replacement}, given by {@code gate}, and the
     * evaluation starts again from the first rule: what the rules matched and the gates and the
     * person allowed was about other arguments (decision 37).
     */
    void rewrite(
        JsonNode replacement, PendingGate gate, GateResult answer, RegexGuard.Spend freshSpend) {
      args = replacement;
      argsText = null;
      regexSpend =
          freshSpend; // a new evaluation of the call: the earlier passes' steps are not its
      rewrites.add(gate.who());
      known.put(gate.candidate, new KnownAnswer(replacement, answer));
      remaining = candidates.iterator();
      context.clear();
      hostQuestions.clear();
      matched = 0;
    }

    /** What {@code candidate}'s gate answered about the arguments as they are now, or null. */
    GateResult knownAnswer(Candidate candidate) {
      KnownAnswer answer = known.get(candidate);
      return answer != null && answer.args().equals(args) ? answer.result() : null;
    }

    /** A gate of {@code gate} ({@code provider/gateId}) is about to be asked. */
    void asking(String gate) {
      rewrites.asked(gate);
    }

    void allow() {
      JsonNode updated = args.equals(original) ? null : args;
      result.complete(
          hostQuestions.isEmpty()
              ? HookDecision.allow(context, updated)
              : HookDecision.ask(String.join("\n", hostQuestions), context, updated));
    }

    String argsText(int maxChars) {
      if (argsText == null) {
        argsText = JsStringifier.stringify(args, maxChars);
      }
      return argsText;
    }

    void deny(String reason) {
      result.complete(HookDecision.deny(reason, context));
    }
  }

  /** Evaluates rules until one needs a gate's answer, denies, or none is left. */
  private void advance(Run run) {
    for (Candidate candidate = run.next(); candidate != null; candidate = run.next()) {
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
          case CONTEXT -> addContext(run, known);
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
            ask(run, binding, rule, known);
            return;
          }
        }
        continue;
      }
      if (!isLive(binding) && !Restarts.holds(binding)) {
        continue; // the provider left after the call began: its rules no longer apply
      }
      run.unrun = false;
      if (!matches(run, binding, rule)) {
        continue;
      }
      run.matched++;
      switch (rule.action()) {
        case DENY -> {
          run.deny(denyReason(run, binding, rule));
          return;
        }
        case CONTEXT -> run.context.add(rule.content());
        case GATE -> {
          askGate(run, candidate);
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
  private boolean deniedByARuleAddedMeanwhile(Run run) {
    Set<HookRule> evaluated = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    for (Candidate candidate : run.candidates) {
      evaluated.add(candidate.rule);
    }
    for (Binding binding : run.session.bindings().values()) {
      for (HookRule rule : binding.declared.hookRules) {
        if (rule.action() != HookAction.DENY || evaluated.contains(rule)) {
          continue;
        }
        run.unrun = false;
        if (matches(run, binding, rule)) {
          run.matched++;
          run.deny(denyReason(run, binding, rule));
          return true;
        }
      }
    }
    return false;
  }

  private static void addContext(Run run, GateResult answer) {
    if (answer.reason() != null) {
      run.context.add(answer.reason());
    }
  }

  // ---- matching ----

  private boolean matches(Run run, Binding binding, HookRule rule) {
    HookMatch match = rule.match();
    if (match == null) {
      return true;
    }
    if (match.tool() != null && !match.tool().equals(run.tool)) {
      return false;
    }
    if (match.provider() != null && !match.provider().equals(run.toolProvider)) {
      return false;
    }
    if (match.file() != null) {
      String file = Globs.fileArgument(match.file(), run.args());
      if (file == null || !found(run, binding, rule, Globs.toRegex(match.file()), file)) {
        return false;
      }
    }
    return match.args() == null
        || found(run, binding, rule, match.args(), run.argsText(limits.regex().maxMatchedChars()));
  }

  /** One guarded match of a rule's pattern, paid from the run's and the rule owner's steps. */
  private boolean found(Run run, Binding binding, HookRule rule, String regexText, String text) {
    RegexGuard.Result found =
        regex.find(regexText, text, run.regexSpend, allowance(binding.provider));
    if (found == RegexGuard.Result.OUT_OF_STEPS) {
      logOutOfStepsOnce(binding, regexText);
      // Fail safe (design brief, decision 8): a deny or gate counts as matched, context not.
      run.unrun = true;
      return rule.action() != HookAction.CONTEXT;
    }
    return found == RegexGuard.Result.MATCHED;
  }

  /** What a deny rule that matched says: its reason, or that it could not be run. */
  private static String denyReason(Run run, Binding binding, HookRule rule) {
    if (run.unrun) {
      return notChecked(binding);
    }
    return rule.reason() != null
        ? rule.reason()
        : "Blocked by provider '" + binding.provider.name + "'";
  }

  /**
   * The reason of a deny rule that could not be run: a fail-safe denial says it is one, never the
   * rule's own reason (which would tell the agent its call holds what it does not).
   */
  private static String notChecked(Binding binding) {
    return "Not checked: a rule of provider '"
        + binding.provider.name
        + "' could not be run (its regex work for this call or this moment is spent), so the call"
        + " is denied to be safe; try again";
  }

  /** The provider's regex steps per second, whichever message runs its rules. */
  RegexGuard.Allowance allowance(ProviderState provider) {
    return provider.regexAllowance(regex);
  }

  private void logOutOfStepsOnce(Binding binding, String pattern) {
    if (loggedOutOfSteps.size() >= MAX_LOGGED_OUT_OF_STEPS) {
      loggedOutOfSteps.clear(); // bounded: a provider cycling patterns must not grow it forever
    }
    if (loggedOutOfSteps.add(binding.provider.name + "\u0000" + pattern)) {
      String message =
          "Hook regex of provider '"
              + binding.provider.name
              + "' ran out of steps (it failed safe): "
              + pattern;
      LOG.log(Level.WARNING, message);
      listener.warning(message);
    }
  }

  // ---- gates ----

  private void askGate(Run run, Candidate candidate) {
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
    gates.put(callId, gate);
    if (conn.state() != ConnectionState.BOUND
        || !conn.transport.send(
            new GateCheck(rule.gateId(), callId, run.session.id, run.tool, run.args()))) {
      gates.remove(callId);
      gate.timeout.cancel();
      // A gate that should be asked but cannot be reached denies (R-HOOK-17), as does one whose
      // provider the host is restarting (decision 34).
      String reason =
          isLive(binding)
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
    final Candidate candidate;
    final Binding binding;
    final HookRule rule;
    final Run run;
    final Instant askedAt;
    Scheduler.Cancellable timeout;

    PendingGate(String callId, Candidate candidate, Run run, Instant askedAt) {
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

  void onGateResult(Conn conn, GateResult result) {
    PendingGate gate = gates.get(result.callId());
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
          advance(gate.run);
          return;
        }
        case UNCHANGED -> {
          // the same arguments: the gate's decision stands as it is
        }
      }
    }
    switch (result.decision()) {
      case ALLOW -> advance(gate.run);
      case CONTEXT -> {
        addContext(gate.run, result);
        advance(gate.run);
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
      case ASK -> ask(gate.run, gate.binding, gate.rule, result);
    }
  }

  /**
   * A gate asks the person (extension {@code gate.ask}, decision 35): the evaluation waits for the
   * answer and goes on only if they allow the call; no answer by the deadline, a no, or the
   * question withdrawn denies it. A host that asks its person itself gets the question in its
   * decision instead, once no later rule denies.
   */
  private void ask(Run run, Binding binding, HookRule rule, GateResult result) {
    String who = PersonAsks.describe(binding.provider.name, rule.gateId());
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
            binding,
            rule.gateId(),
            question,
            timeout,
            new PersonAsks.Settled() {
              @Override
              public void allowed(String by) {
                run.caller.asked();
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
    Run run = gate.run;
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
    run.rewrite(replacement.deepCopy(), gate, answer, regex.spend());
    return Rewrite.TAKEN;
  }

  /** Fail closed: a silent gate denies, unless its rule opted into failing open (spec). */
  private void gateTimedOut(PendingGate gate) {
    if (gates.get(gate.callId) != gate) {
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
      advance(gate.run);
    } else {
      gate.run.deny("Gate provider '" + gate.binding.provider.name + "' did not respond in time.");
    }
  }

  private void settle(PendingGate gate) {
    gates.remove(gate.callId);
    if (gate.timeout != null) {
      gate.timeout.cancel();
    }
  }

  /**
   * {@code binding} is gone (disconnect, rebind, session end): its pending gates deny, whatever
   * {@code failOpen} says (design brief, decision 24).
   */
  void bindingGone(Binding binding) {
    asks.withdrawAsked(
        binding,
        "Gate provider '"
            + binding.provider.name
            + "' disconnected; its question to the person was withdrawn.");
    for (PendingGate gate : new ArrayList<>(gates.values())) {
      if (gate.binding == binding) {
        settle(gate);
        answered(gate, "gone", "its provider left", false, null);
        gate.run.deny("Gate provider '" + binding.provider.name + "' disconnected.");
      }
    }
  }
}
