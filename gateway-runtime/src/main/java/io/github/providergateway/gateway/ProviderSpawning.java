package io.github.providergateway.gateway;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What a host that starts providers for its sessions uses (the reference app's project providers, a
 * federated MCP server): a spawn token for each process, the names it announces before starting
 * them so that {@link io.github.providergateway.host.api.HostApi#providersSettled} waits for them,
 * its restarts, and lines it writes into a session's timeline. Get it from {@link
 * Gateway#spawning()}. Any thread; each takes effect on the loop, in order.
 */
public interface ProviderSpawning {
  /**
   * Issues a fresh project token scoped to {@code sessionId}, for a provider the host spawns (its
   * {@code TAP_PROVIDER_TOKEN}). It dies with the session.
   *
   * @param sessionId the session the token is scoped to
   * @return the token; fails with {@link io.github.providergateway.host.api.HostException} for an
   *     unknown session
   */
  CompletableFuture<String> issueSpawnToken(String sessionId);

  /**
   * {@link #issueSpawnToken(String)} for a provider the host spawns as {@code spawnName} (a config
   * entry's name), so that it can {@linkplain #restarting restart} it later.
   *
   * @param sessionId the session the token is scoped to
   * @param spawnName what the host spawns the provider as; not null
   * @return the token; fails with {@link io.github.providergateway.host.api.HostException} for an
   *     unknown session
   */
  CompletableFuture<String> issueSpawnToken(String sessionId, String spawnName);

  /**
   * Issues a fresh project token for a provider the host spawns as {@code spawnName} to serve a
   * group of sessions at once, the group named {@code group} by the host, adding the active session
   * {@code sessionId} to the group first (this gateway's extension to the spec's binding, decision
   * 72: the reference app's {@code "session": "project"}). The token grants project trust over the
   * group's sessions and no other:
   *
   * <ul>
   *   <li>its provider's {@code hello} with {@code "session": "all"}, or without {@code session},
   *       binds every active session of the group, as {@code "all"} binds every session;
   *   <li>a session that joins later ({@link #shareSpawned}) is told to it with {@code
   *       sessions.updated}, and its tools are registered there once it sends {@code session.ready}
   *       for it, as the spec says for an {@code "all"}-bound provider when a session starts;
   *   <li>a session that ends leaves the group ({@code shutdown.pending} for it, as for {@code
   *       "all"}); when the last one has ended the group is over and its tokens are refused.
   * </ul>
   *
   * <p>A new token for a group replaces its older ones (the host's previous run of it, which
   * crashed or stopped). The provider's identity is the group's: one config entry shared by two
   * groups is two providers.
   *
   * @param group the host's name for the group; a new name makes a new group
   * @param sessionId an active session, added to the group
   * @param spawnName what the host spawns the provider as (a config entry's name); not null
   * @return the token; fails with {@link io.github.providergateway.host.api.HostException} for a
   *     session that is not active
   */
  CompletableFuture<String> issueSharedSpawnToken(String group, String sessionId, String spawnName);

  /**
   * Adds the active session {@code sessionId} to {@code group}, the sessions a provider spawned as
   * {@code spawnName} with {@link #issueSharedSpawnToken} serves: its provider hears {@code
   * sessions.updated}, and when it is bound {@code "all"} its tools are registered in the session
   * once it sends {@code session.ready} for it (decision 72). Until then, or 30 s, the session
   * counts the provider as starting ({@link
   * io.github.providergateway.host.api.HostApi#providersSettled}).
   *
   * @param group the group's name, as given to {@link #issueSharedSpawnToken}
   * @param sessionId an active session
   * @param spawnName what the host spawned the group's provider as; not null
   * @return completes on the loop once the session is in the group; fails with {@link
   *     io.github.providergateway.host.api.HostException} for a session that is not active
   */
  CompletableFuture<Void> shareSpawned(String group, String sessionId, String spawnName);

  /**
   * Tells the gateway that the host is about to restart what it spawned as {@code spawnName} for
   * {@code sessionId} ({@link #issueSpawnToken(String, String)}, {@link
   * TransportPort#acceptSpawned(ProviderConnection, String, String)}), so that the session's host
   * hears of the restart once (architecture, decision 34). Call it before stopping the old process:
   *
   * <ul>
   *   <li>until a connection spawned as {@code spawnName} for that session says {@code hello}, or
   *       {@code grace} has passed, the session's tool registration waits: the provider's tools
   *       stay listed ({@link io.github.providergateway.host.api.HostApi#tools}), and the host is
   *       not told of them leaving;
   *   <li>a call to one of them fails {@code DISCONNECTED} at once, as do its calls in flight when
   *       its connection ends;
   *   <li>the new run's {@code hello} may take the old run's name while its connection is still
   *       open (the old one is closed; no {@code DUPLICATE_INSTANCE});
   *   <li>when the last restart of the session has ended (its provider is back, or its grace has
   *       passed and its tools are gone, which the session's timeline says), the host's {@link
   *       io.github.providergateway.host.api.SessionHost#registerTools} is called once with the
   *       list then, even an unchanged one.
   * </ul>
   *
   * <p>Providers see none of it. Calling it again for a restart under way starts its grace again.
   *
   * @param sessionId an active session
   * @param spawnName what the host spawned the provider as; not null
   * @param grace how long the registration may wait for it; positive
   * @return completes on the loop once the tools are held; fails with {@link
   *     io.github.providergateway.host.api.HostException} {@code INVALID_SESSION} for a session
   *     that is not active
   * @throws IllegalArgumentException when {@code grace} is not positive
   */
  CompletableFuture<Void> restarting(String sessionId, String spawnName, Duration grace);

  /**
   * Tells the gateway that the host is about to start {@code spawnNames} for {@code sessionId} (its
   * config's entries), so that {@link io.github.providergateway.host.api.HostApi#providersSettled}
   * waits for them from now, before their processes run: call it from {@link
   * io.github.providergateway.gateway.event.GatewayListener#sessionStarted}, before a client of the
   * session can ask. Each counts as starting until a provider spawned under that name binds, its
   * connection closes unbound, {@link #providerNotStarted} says so, or 30 s pass.
   *
   * @param sessionId the session
   * @param spawnNames what the host will spawn, by the names it passes to {@link
   *     #issueSpawnToken(String, String)} or {@link TransportPort#acceptSpawned(ProviderConnection,
   *     String, String)}
   */
  void expectProviders(String sessionId, List<String> spawnNames);

  /**
   * Tells the gateway that the host starts {@code sessionId}'s providers only once they are wanted:
   * the first time someone waits for them ({@link
   * io.github.providergateway.host.api.HostApi#providersSettled}: an MCP front door's first {@code
   * tools/list} or {@code tools/call}, a hook deciding a call in the session), the gateway calls
   * {@code start} on its loop, and the spawn names it returns count as {@linkplain #expectProviders
   * announced} before that wait is answered, so it waits for them. A session that only initializes
   * (an agent's health check) and ends is never started (issue 46). Call it from {@link
   * io.github.providergateway.gateway.event.GatewayListener#sessionStarted}, instead of {@link
   * #expectProviders}.
   *
   * @param sessionId the session
   * @param start starts the session's providers (it must return at once: hand the spawning to a
   *     thread of the host's) and returns the names it spawns them under; called at most once
   */
  void startProvidersWhenWanted(String sessionId, Supplier<List<String>> start);

  /**
   * Tells the gateway that what the host announced ({@link #expectProviders}) as {@code spawnName}
   * for {@code sessionId} could not start (its command failed): nobody need wait for it.
   *
   * @param sessionId the session
   * @param spawnName the name it was announced under
   */
  void providerNotStarted(String sessionId, String spawnName);

  /**
   * Writes a line to a session's timeline ({@link
   * io.github.providergateway.host.api.SessionHost#log}) on behalf of {@code source}: for
   * components beside the gateway that report into sessions, such as the reference app's spawner of
   * project providers. Once the gateway has stopped it does nothing: the sessions are gone, and a
   * reporter on another thread must not get an exception for a line nobody can read.
   *
   * @param sessionId the session
   * @param source who reports, shown as the line's source
   * @param message the line
   */
  void log(String sessionId, String source, String message);
}
