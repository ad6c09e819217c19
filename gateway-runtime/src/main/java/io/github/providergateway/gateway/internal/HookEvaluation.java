package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.json.JsStringifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One evaluation of a call's pre-tool hooks in progress ({@link HookEngine}): the rules that may
 * apply, where the current pass is in them, the arguments as the gates have rewritten them so far
 * (extension {@code gate.args}, decision 37), the contexts and questions gathered, and the result
 * the call waits for. The engine decides; this holds what it has decided so far. Loop only.
 */
final class HookEvaluation {

  /**
   * One rule of one binding, as it stood when the call began, or a policy (decision 77; binding and
   * rule null). Compared by identity.
   */
  static final class Candidate {
    final Binding binding;
    final HookRule rule;
    final RegisteredPolicy policy;

    Candidate(Binding binding, HookRule rule) {
      this.binding = binding;
      this.rule = rule;
      this.policy = null;
    }

    Candidate(RegisteredPolicy policy) {
      this.binding = null;
      this.rule = null;
      this.policy = policy;
    }
  }

  /** A gate's answer that rewrote the arguments to {@code args}: its answer about them. */
  private record KnownAnswer(JsonNode args, GateResult result) {}

  final SessionState session;
  final String tool;

  /** The arguments the host gave. */
  final JsonNode original;

  /** The arguments as rewritten so far (extension {@code gate.args}); {@link #original} if none. */
  private JsonNode args;

  final String toolProvider;
  final HookEngine.ArgsCheck check;

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

  /** The gates asked and their answers, in every pass, when the audit trail is kept; else null. */
  List<Decision.GateAnswer> gateAnswers;

  /** Every rewrite so far, in order. */
  private final Rewrites rewrites = new Rewrites();

  /**
   * What each gate that rewrote the arguments answered, as its answer about the arguments it
   * returned: when the evaluation starts again it is not asked about its own result (decision 37).
   */
  private final Map<Candidate, KnownAnswer> known = new IdentityHashMap<>();

  /** The call's id, or null for a host's {@code preToolUse}. */
  final String callId;

  final HookEngine.Caller caller;

  /** Whether the host asks the person itself (extension {@code gate.ask}). */
  final boolean hostAsks;

  /** With {@link #hostAsks}: the gates' questions of this pass, for the host to ask, in order. */
  final List<String> hostQuestions = new ArrayList<>();

  HookEvaluation(
      SessionState session,
      String tool,
      JsonNode args,
      String toolProvider,
      HookEngine.ArgsCheck check,
      List<Candidate> candidates,
      RegexGuard.Spend regexSpend,
      String callId,
      HookEngine.Caller caller,
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

  /** Every rule that may apply, as they stood when the call began, in evaluation order. */
  List<Candidate> candidates() {
    return candidates;
  }

  /** The regex steps the rules of this pass share. */
  RegexGuard.Spend regexSpend() {
    return regexSpend;
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
      JsonNode replacement,
      Candidate gate,
      String who,
      GateResult answer,
      RegexGuard.Spend freshSpend) {
    args = replacement;
    argsText = null;
    regexSpend = freshSpend; // a new evaluation of the call: the earlier passes' steps are not its
    rewrites.add(who);
    known.put(gate, new KnownAnswer(replacement, answer));
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

  /** Adds a gate's reason, if it gave one, to the contexts of this pass. */
  void addContext(GateResult answer) {
    if (answer.reason() != null) {
      context.add(answer.reason());
    }
  }

  void deny(String reason) {
    result.complete(HookDecision.deny(reason, context));
  }
}
