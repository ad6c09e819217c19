package io.github.providergateway.protocol;

import java.util.List;

/** {@code sessions.updated}: the session list changed; shaped like {@code sessions}. */
public record SessionsUpdated(List<SessionInfo> active) implements GatewayMessage {

  public SessionsUpdated {
    active = List.copyOf(Require.present(active, "active"));
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.SESSIONS_UPDATED;
  }
}
