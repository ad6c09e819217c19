package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.internal.Engine;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.Limits;
import java.time.Clock;

/** The {@link TransportPort} of a {@link Gateway}: registers connections with its engine. */
final class EngineTransportPort implements TransportPort {

  private final Engine engine;
  private final Clock clock;

  EngineTransportPort(Engine engine, Clock clock) {
    this.engine = engine;
    this.clock = clock;
  }

  @Override
  public ProviderLink acceptWebSocket(ProviderConnection connection) {
    return engine.acceptWebSocket(connection);
  }

  @Override
  public ProviderLink acceptAuthenticating(ProviderConnection connection) {
    // The same path as a WebSocket's: what makes it one is that its peer must say auth first.
    return engine.acceptWebSocket(connection);
  }

  @Override
  public ProviderLink acceptSpawned(ProviderConnection connection, String sessionId) {
    return engine.acceptSpawned(connection, requireNonNull(sessionId, "sessionId"), null);
  }

  @Override
  public ProviderLink acceptSpawned(
      ProviderConnection connection, String sessionId, String spawnName) {
    return engine.acceptSpawned(
        connection, requireNonNull(sessionId, "sessionId"), requireNonNull(spawnName, "spawnName"));
  }

  @Override
  public ProviderLink acceptLocal(ProviderConnection connection, String homeSessionId) {
    return engine.acceptLocal(connection, homeSessionId);
  }

  @Override
  public Limits limits() {
    return engine.limits();
  }

  @Override
  public Clock clock() {
    return clock;
  }
}
