package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.internal.Engine;
import io.github.providergateway.protocol.StreamEntry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** The {@link GatewayMonitor} of a {@link Gateway}: reads its engine's numbers and streams. */
final class EngineMonitor implements GatewayMonitor {

  private final Engine engine;
  private final LoopRequests requests;

  EngineMonitor(Engine engine, LoopRequests requests) {
    this.engine = engine;
    this.requests = requests;
  }

  @Override
  public void addListener(GatewayListener listener) {
    engine.addListener(requireNonNull(listener, "listener"));
  }

  @Override
  public void record(Decision decision) {
    requireNonNull(decision, "decision");
    requests.tell(() -> engine.record(decision));
  }

  @Override
  public int callsInFlight() {
    return engine.calls().callsInFlight();
  }

  @Override
  public int callsQueued() {
    return engine.calls().callsQueued();
  }

  @Override
  public long pushesAccepted() {
    return engine.pushes().pushesAccepted();
  }

  @Override
  public CompletableFuture<Map<String, List<StreamEntry>>> streams(String sessionId, int last) {
    return requests.get(() -> engine.pushes().hostStreams(sessionId, last));
  }
}
