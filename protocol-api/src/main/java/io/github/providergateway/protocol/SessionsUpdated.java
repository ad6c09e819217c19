package io.github.providergateway.protocol;

import java.util.List;

/**
 * {@code sessions.updated}: the session list changed; shaped like {@code sessions}.
 *
 * @param active the active sessions
 */
public record SessionsUpdated(List<SessionInfo> active) implements GatewayMessage {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param active the active sessions; copied
   * @throws NullPointerException when {@code active} is null
   */
  public SessionsUpdated {
    active = List.copyOf(Require.present(active, "active"));
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.SESSIONS_UPDATED;
  }
}
