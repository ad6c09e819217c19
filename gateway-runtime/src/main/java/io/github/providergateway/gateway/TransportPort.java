package io.github.providergateway.gateway;

import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.Limits;
import java.time.Clock;

/**
 * What a transport uses: it registers each connection it accepts, and reads the limits and the
 * clock it enforces them by. A transport gets it from {@link Gateway#transports()}; it never needs
 * the rest of the gateway. Every method is thread-safe and returns at once.
 */
public interface TransportPort {
  /**
   * Registers a new WebSocket connection. It starts in AwaitAuth: its first message must be {@code
   * auth}, and unless it has authenticated within {@link
   * io.github.providergateway.protocol.ConnectionLimits#authTimeout()} (or, pairing, before its
   * codes expire) it gets {@code AUTH_FAILED} and is closed.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @return the gateway's side, which the transport delivers to
   */
  ProviderLink acceptWebSocket(ProviderConnection connection);

  /**
   * Registers a connection from any other transport whose peer must prove who it is with {@code
   * auth}, exactly as a WebSocket connection does ({@link #acceptWebSocket}): for example an MCP
   * server bridged in as a provider, which authenticates with a spawn token ({@link
   * ProviderSpawning#issueSpawnToken}) and so gets project trust and one session, as a spawned
   * provider does.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @return the gateway's side, which the transport delivers to
   */
  ProviderLink acceptAuthenticating(ProviderConnection connection);

  /**
   * Registers the connection of a provider that the host spawned for {@code sessionId} and reaches
   * over a channel nobody else holds, such as the process's stdin and stdout: it is authenticated
   * by having been spawned. It gets exactly what a spawned provider presenting {@linkplain
   * ProviderSpawning#issueSpawnToken a spawn token} for that session gets: project trust, that one
   * session (a {@code hello} without {@code session} binds to it; one naming another session is
   * {@code INVALID_SESSION}), no token of its own. It starts in AwaitHello and is sent {@code
   * sessions} at once, as after a successful {@code auth}; its first message must be {@code hello},
   * and an {@code auth} is refused {@code UNAUTHORIZED} (it is authenticated already). When the
   * session is no longer active (it ended while the process started), the connection gets {@code
   * AUTH_FAILED} and is closed, as a spawn token of an ended session is refused.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @param sessionId the session that spawned the provider
   * @return the gateway's side, which the transport delivers to
   */
  ProviderLink acceptSpawned(ProviderConnection connection, String sessionId);

  /**
   * {@link #acceptSpawned(ProviderConnection, String)} for a provider the host spawned as {@code
   * spawnName} (a config entry's name): when the host later {@linkplain ProviderSpawning#restarting
   * restarts} it, this is the name it gives, and the {@code hello} of a connection spawned under it
   * ends that restart.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @param sessionId the session that spawned the provider
   * @param spawnName what the host spawned it as; not null
   * @return the gateway's side, which the transport delivers to
   */
  ProviderLink acceptSpawned(ProviderConnection connection, String sessionId, String spawnName);

  /**
   * Registers an in-process provider: internal trust, no {@code auth}, starting in AwaitHello.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @param homeSessionId the session a {@code hello} without {@code session} binds to; may be null
   * @return the gateway's side, which the transport delivers to
   */
  ProviderLink acceptLocal(ProviderConnection connection, String homeSessionId);

  /** {@return the limits this gateway enforces} */
  Limits limits();

  /**
   * {@return the clock this gateway reads (its {@link Gateway.Builder#backend}'s), for transports
   * that time their peers}
   */
  Clock clock();
}
