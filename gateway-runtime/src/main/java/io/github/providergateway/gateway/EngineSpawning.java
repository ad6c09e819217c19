package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.internal.Engine;
import io.github.providergateway.loop.base.Durations;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** The {@link ProviderSpawning} of a {@link Gateway}: each request runs on its loop. */
final class EngineSpawning implements ProviderSpawning {

  private final Engine engine;
  private final LoopRequests requests;

  EngineSpawning(Engine engine, LoopRequests requests) {
    this.engine = engine;
    this.requests = requests;
  }

  @Override
  public CompletableFuture<String> issueSpawnToken(String sessionId) {
    return requests.get(() -> engine.issueSpawnToken(sessionId, null));
  }

  @Override
  public CompletableFuture<String> issueSpawnToken(String sessionId, String spawnName) {
    requireNonNull(spawnName, "spawnName");
    return requests.get(() -> engine.issueSpawnToken(sessionId, spawnName));
  }

  @Override
  public CompletableFuture<String> issueSharedSpawnToken(
      String group, String sessionId, String spawnName) {
    requireNonNull(group, "group");
    requireNonNull(sessionId, "sessionId");
    requireNonNull(spawnName, "spawnName");
    return requests.get(() -> engine.issueSharedSpawnToken(group, sessionId, spawnName));
  }

  @Override
  public CompletableFuture<Void> shareSpawned(String group, String sessionId, String spawnName) {
    requireNonNull(group, "group");
    requireNonNull(sessionId, "sessionId");
    requireNonNull(spawnName, "spawnName");
    return requests.run(() -> engine.shareSpawned(group, sessionId, spawnName));
  }

  @Override
  public CompletableFuture<Void> restarting(String sessionId, String spawnName, Duration grace) {
    requireNonNull(spawnName, "spawnName");
    Durations.requirePositive(grace, "grace");
    return requests.run(() -> engine.restarting(sessionId, spawnName, grace));
  }

  @Override
  public void expectProviders(String sessionId, List<String> spawnNames) {
    requireNonNull(sessionId, "sessionId");
    List<String> names = List.copyOf(spawnNames);
    requests.tell(() -> engine.expectProviders(sessionId, names));
  }

  @Override
  public void startProvidersWhenWanted(String sessionId, Supplier<List<String>> start) {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(start, "start");
    requests.tell(() -> engine.startProvidersWhenWanted(sessionId, start));
  }

  @Override
  public void providerNotStarted(String sessionId, String spawnName) {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(spawnName, "spawnName");
    requests.tell(() -> engine.providerNotStarted(sessionId, spawnName));
  }

  @Override
  public void log(String sessionId, String source, String message) {
    requests.tell(() -> engine.log(sessionId, source, message));
  }
}
