package io.github.providergateway.agent.guard;

import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;

/**
 * What decides one call for the guard's runtime ({@link GuardJudge#judge}): a {@link
 * io.github.providergateway.guard.Guard} itself ({@link GuardJudge#of}), or the app's guard of a
 * home, which reads the call's project's own file first. It may throw; {@link GuardJudge} turns
 * that into a deny.
 */
@FunctionalInterface
public interface Judge {

  /**
   * Decides {@code call} in a session that has seen {@code past}.
   *
   * @param call the call as the guard reads it
   * @param past what the call's session has seen, or null to read the call alone (no flow rules)
   * @return the verdict and what the call adds to the session's past
   */
  SessionVerdict judge(GuardCall call, SessionPast past);
}
