package io.github.providergateway.protocol;

import java.time.Duration;

/**
 * {@code session.lifecycle}: a bound session's state changed. Always sent, no subscription needed.
 *
 * @param sessionId the session
 * @param state its new state
 * @param deadline for {@code shutdown.pending}: how long the provider has to clean up ({@code
 *     deadline} in ms on the wire)
 */
public record SessionLifecycle(String sessionId, LifecycleState state, Duration deadline)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param sessionId the session
   * @param state its new state
   * @param deadline for {@code shutdown.pending}: how long the provider has to clean up ({@code
   *     deadline} in ms on the wire)
   * @throws NullPointerException when {@code sessionId} or {@code state} is null
   * @throws IllegalArgumentException when {@code sessionId} is empty, or {@code deadline} is
   *     negative or not whole milliseconds
   */
  public SessionLifecycle {
    Require.nonEmpty(sessionId, "sessionId");
    Require.present(state, "state");
    if (deadline != null && (deadline.isNegative() || deadline.getNano() % 1_000_000 != 0)) {
      throw new IllegalArgumentException("deadline must be whole non-negative ms, was " + deadline);
    }
  }

  /**
   * {@code started}.
   *
   * @param sessionId the session
   * @return the message
   */
  public static SessionLifecycle started(String sessionId) {
    return new SessionLifecycle(sessionId, LifecycleState.STARTED, null);
  }

  /**
   * {@code idle}.
   *
   * @param sessionId the session
   * @return the message
   */
  public static SessionLifecycle idle(String sessionId) {
    return new SessionLifecycle(sessionId, LifecycleState.IDLE, null);
  }

  /**
   * {@code shutdown.pending} with a deadline.
   *
   * @param sessionId the session
   * @param deadline how long the provider has to clean up; whole milliseconds
   * @return the message
   */
  public static SessionLifecycle shutdownPending(String sessionId, Duration deadline) {
    return new SessionLifecycle(
        sessionId, LifecycleState.SHUTDOWN_PENDING, Require.present(deadline, "deadline"));
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.SESSION_LIFECYCLE;
  }
}
