package io.github.providergateway.protocol;

import java.util.List;

/**
 * {@code sessions}: the active sessions, sent right after a successful {@code auth} (or pairing).
 *
 * @param token the external token issued by a successful pairing, for later connections; absent for
 *     every other provider
 * @param active the active sessions
 */
public record Sessions(String token, List<SessionInfo> active) implements GatewayMessage {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param token the external token issued by a successful pairing, for later connections; absent
   *     for every other provider
   * @param active the active sessions; copied
   * @throws NullPointerException when {@code active} is null
   */
  public Sessions {
    active = List.copyOf(Require.present(active, "active"));
  }

  /**
   * {@code sessions} without a token.
   *
   * @param active the active sessions
   * @return the message
   */
  public static Sessions of(List<SessionInfo> active) {
    return new Sessions(null, active);
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.SESSIONS;
  }

  /** Hides the external token, a credential. */
  @Override
  public String toString() {
    return "Sessions[" + (token == null ? "" : "token=<redacted>, ") + "active=" + active + "]";
  }
}
