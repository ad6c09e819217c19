package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.policy.PolicyCall;
import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ToolDefinition;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * The policies' turn in a call's pre-tool evaluation (decision 77): the policy is told the call as
 * the engine knows it on the loop ({@link PolicyCall}), asked on its own executor, and its answer
 * comes back to the loop, where the evaluation goes on. It fails closed as a gate does (decision
 * 61): a policy that throws, completes exceptionally, answers null, cannot be given the task or is
 * silent past the gate timeout denies, and the deny says which. Loop only, but for the policy's own
 * work.
 */
final class PolicyTurn {
  private static final System.Logger LOG = System.getLogger(PolicyTurn.class.getName());

  private final Timers timers;
  private final Limits limits;

  /** Where a policy's answer comes back to: the gateway's loop. */
  private final Executor loop;

  private final HookGates.Resume resume;

  PolicyTurn(Timers timers, Limits limits, Executor loop, HookGates.Resume resume) {
    this.timers = timers;
    this.limits = limits;
    this.loop = loop;
    this.resume = resume;
  }

  /** One question to a policy, until it is answered or given up. Loop only. */
  private static final class Pending {
    final RegisteredPolicy policy;
    final HookEvaluation run;

    /** The call as the policy was told of it: told again if the person allows its question. */
    final PolicyCall call;

    final Instant askedAt;
    Scheduler.Cancellable timeout;
    boolean settled;

    Pending(RegisteredPolicy policy, HookEvaluation run, PolicyCall call, Instant askedAt) {
      this.policy = policy;
      this.run = run;
      this.call = call;
      this.askedAt = askedAt;
    }
  }

  /** Asks {@code policy} about the call of {@code run}; the evaluation goes on once it answers. */
  void ask(HookEvaluation run, RegisteredPolicy policy) {
    PolicyCall call = callOf(run);
    Pending pending = new Pending(policy, run, call, timers.now());
    pending.timeout = timers.deadline(limits.calls().gateTimeout(), () -> timedOut(pending));
    run.waited = true;
    run.asking(policy.name() + "/" + policy.name());
    try {
      policy.executor().execute(() -> decide(pending, call));
    } catch (RuntimeException rejected) {
      answered(pending, null, rejected, "unreachable");
    }
  }

  /** On the policy's executor: its answer, or its failure, back to the loop. */
  private void decide(Pending pending, PolicyCall call) {
    CompletionStage<PolicyVerdict> answer;
    try {
      answer = pending.policy.policy().decide(call);
    } catch (RuntimeException | Error e) {
      loop.execute(() -> answered(pending, null, e, null));
      return;
    }
    if (answer == null) {
      loop.execute(() -> answered(pending, null, null, null));
      return;
    }
    answer.whenComplete(
        (verdict, failure) -> loop.execute(() -> answered(pending, verdict, failure, null)));
  }

  /**
   * The call as the policy is told of it: its session as the gateway knows it, and what the tool
   * declared of itself where a provider of the session offers it (a restarting one's too).
   */
  private static PolicyCall callOf(HookEvaluation run) {
    SessionState session = run.session;
    PolicyCall.Builder call = PolicyCall.builder(session.info, run.tool, run.args());
    for (Binding binding : session.bindings().values()) {
      ToolDefinition tool = binding.declared.tools.get(run.tool);
      if (tool != null) {
        return call.annotations(tool.annotations())
            .toolProvider(binding.provider.name, binding.provider.trust)
            .build();
      }
    }
    for (Restarts.Held held : session.restarts.values()) {
      for (HostTool tool : held.tools()) {
        if (tool.name().equals(run.tool)) {
          return call.annotations(tool.annotations()).toolProvider(tool.provider(), null).build();
        }
      }
    }
    return call.build();
  }

  /** Fail closed: a silent policy denies. */
  private void timedOut(Pending pending) {
    if (pending.settled) {
      return;
    }
    pending.settled = true;
    String name = pending.policy.name();
    record(pending, "timeout", "no answer in " + limits.calls().gateTimeout().toMillis() + " ms");
    pending.run.deny("Policy '" + name + "' did not respond in time.");
  }

  /**
   * The policy's answer, on the loop: the evaluation goes on, or is denied. {@code unreachable} is
   * the audit's word when the policy could not be asked at all.
   */
  private void answered(
      Pending pending, PolicyVerdict verdict, Throwable failure, String unreachable) {
    if (pending.settled) {
      return; // it answered after its timeout denied the call
    }
    pending.settled = true;
    pending.timeout.cancel();
    String name = pending.policy.name();
    HookEvaluation run = pending.run;
    if (verdict == null) {
      String reason =
          failure == null
              ? "Policy '" + name + "' gave no verdict; the call is denied."
              : unreachable != null
                  ? "Policy '" + name + "' cannot be reached (" + failure + "); the call is denied."
                  : "Policy '" + name + "' failed (" + failure + "); the call is denied.";
      record(pending, unreachable != null ? unreachable : "failed", reason);
      run.deny(reason);
      return;
    }
    switch (verdict.kind()) {
      case ALLOW -> {
        record(pending, "allow", null);
        resume.advance(run);
      }
      case DENY -> {
        record(pending, "deny", verdict.reason(), verdict.ruleId());
        run.deny(verdict.reason());
      }
      case ASK -> {
        record(pending, "ask", verdict.reason(), verdict.ruleId());
        resume.askPerson(
            run,
            name,
            null,
            name,
            new GateResult(name, "policy", GateDecision.ASK, verdict.reason(), null, null),
            by -> tellAllowed(pending, by));
      }
    }
  }

  /**
   * The person allowed the policy's question on one of the gateway's channels: the policy hears it
   * on its own executor (a grant it keeps, decision 82). Its failure changes nothing: the call has
   * been let go on already.
   */
  private static void tellAllowed(Pending pending, String by) {
    try {
      pending
          .policy
          .executor()
          .execute(
              () -> {
                try {
                  pending.policy.policy().personAllowed(pending.call, by);
                } catch (RuntimeException e) {
                  LOG.log(
                      System.Logger.Level.WARNING,
                      "policy " + pending.policy.name() + " failed to take the person's yes",
                      e);
                }
              });
    } catch (RuntimeException rejected) {
      LOG.log(
          System.Logger.Level.WARNING,
          "policy " + pending.policy.name() + " could not be told the person's yes",
          rejected);
    }
  }

  /** The policy's answer, for the audit trail when it is kept, as a gate {@code name/name}. */
  private void record(Pending pending, String decision, String reason) {
    record(pending, decision, reason, null);
  }

  /**
   * The policy's answer, as the gate {@code name/ruleId} when the verdict names the rule that
   * decided ({@code guard/git.push-force}: a SIEM filters by it), else {@code name/name}.
   */
  private void record(Pending pending, String decision, String reason, String ruleId) {
    if (pending.run.gateAnswers != null) {
      pending.run.gateAnswers.add(
          new Decision.GateAnswer(
              pending.policy.name(),
              ruleId != null ? ruleId : pending.policy.name(),
              decision,
              reason,
              Duration.between(pending.askedAt, timers.now()),
              false,
              null));
    }
  }
}
