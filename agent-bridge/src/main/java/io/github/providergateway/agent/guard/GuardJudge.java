package io.github.providergateway.agent.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one entry of the guard's runtime: every path that asks the guard about a call comes here, the
 * engine's policy for a call with a session (the reference app's {@code GuardPolicy}) and the
 * hook's paths with no session or no gateway ({@code HookDecisions}, {@code HookAdapter}). It is
 * also the one fail-closed path around the guard: whatever the judge throws, or a judge that gives
 * nothing, is a deny by rule {@value #UNREADABLE} at once, never an allow and never a wait for a
 * gate's timeout (docs/conformance.md, FC-34). The guard itself catches what fails inside its own
 * reading (FC-33); this catches the work around it, such as reading a project's file.
 *
 * <pre>{@code
 * SessionVerdict judged = GuardJudge.judge(GuardJudge.of(guard), call, () -> flows.past(key, project));
 * String reason = judged.verdict().message();
 * }</pre>
 */
public final class GuardJudge {

  /** The rule that denies what the guard could not read or decide. */
  public static final String UNREADABLE = "guard.unreadable";

  private GuardJudge() {}

  /**
   * Decides {@code call} by {@code judge}, in a session that has seen {@code past}; never throws.
   *
   * @param judge what decides: {@link #of(Guard)}, or a home's guard
   * @param call the call as the guard reads it
   * @param past what the call's session has seen, read inside the fail-closed path; it may give
   *     null to read the call alone
   * @return the verdict and the call's flow; a deny of {@value #UNREADABLE} with {@link
   *     CallFlow#NONE} when anything failed
   */
  public static SessionVerdict judge(Judge judge, GuardCall call, Supplier<SessionPast> past) {
    try {
      return requireNonNull(judge.judge(call, past.get()), "the judge gave no verdict");
    } catch (RuntimeException e) {
      // Fail closed at once rather than by the gate's timeout: what the guard could not read is
      // denied. Guard.explain catches its own failures (FC-33), but the work around it (a
      // project's file, its reporter, the session's past) runs outside that catch (FC-34).
      return new SessionVerdict(
          new GuardVerdict(
              GuardVerdict.Outcome.DENY,
              UNREADABLE,
              "the guard could not decide this call (" + e + ")",
              null),
          CallFlow.NONE);
    }
  }

  /**
   * {@code guard} as a judge: with a session's past, its own {@link Guard#judge}; with none, the
   * call alone ({@link Guard#decide(GuardCall)}), whose flow nobody keeps ({@link CallFlow#NONE}).
   *
   * @param guard the guard
   * @return the judge
   */
  public static Judge of(Guard guard) {
    requireNonNull(guard, "guard");
    return (call, past) ->
        past == null
            ? new SessionVerdict(guard.decide(call), CallFlow.NONE)
            : guard.judge(call, past);
  }

  /**
   * {@code call} by {@code guard} while no gateway runs to hold its session's past: the last
   * gateway's record of it is read (the home's {@value SessionFlowsFile#NAME}, {@link
   * SessionFlowsFile#pastOf}); a session it does not hold starts clean with the project's remotes,
   * an unreadable record unknown. Never throws.
   *
   * @param guard the home's guard
   * @param call the call as the guard reads it with no gateway
   * @param gatewayHome the gateway's home
   * @param agentKey the agent session's key ({@link SessionFlows#agentKey}), or null
   * @return the verdict
   */
  public static GuardVerdict withoutGateway(
      Guard guard, GuardCall call, Path gatewayHome, String agentKey) {
    return judge(
            of(guard),
            call,
            () ->
                SessionFlowsFile.pastOf(
                    gatewayHome,
                    agentKey,
                    call.project() == null ? Map.of() : GitRemotes.of(call.project())))
        .verdict();
  }

  /**
   * The call alone, by {@code guard}: no session's past, so no flow rules; never throws.
   *
   * @param guard the guard
   * @param call the call as the guard reads it
   * @return the verdict
   */
  public static GuardVerdict alone(Guard guard, GuardCall call) {
    return judge(of(guard), call, () -> null).verdict();
  }
}
