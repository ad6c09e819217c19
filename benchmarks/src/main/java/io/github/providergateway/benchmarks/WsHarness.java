package io.github.providergateway.benchmarks;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A production-configured gateway with its WebSocket server on a free loopback port and one or more
 * active sessions, as an embedding host would run it: default loop thread, system clock and
 * scheduler.
 */
final class WsHarness implements AutoCloseable {

  final Gateway gateway;
  final WebSocketServer server;

  /** The sessions' ids, in start order (the order providers see them in). */
  final List<String> sessionIds;

  private WsHarness(Gateway gateway, WebSocketServer server, List<String> sessionIds) {
    this.gateway = gateway;
    this.server = server;
    this.sessionIds = sessionIds;
  }

  /**
   * With {@code sessions} sessions, started one after another, for {@code connections} providers:
   * past the spec's connection cap ({@link
   * io.github.providergateway.protocol.ConnectionLimits#maxConnections()}, 50) the cap is raised to
   * admit them, all else at the defaults.
   */
  static WsHarness start(int sessions, int connections)
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    Limits limits = Limits.defaults();
    if (connections > limits.connections().maxConnections()) {
      limits = limits.toBuilder().maxConnections(connections).build();
    }
    Gateway gateway = Gateway.builder().limits(limits).build();
    WebSocketServer server;
    try {
      server = WebSocketServer.builder(gateway).port(0).build().start();
    } catch (IOException | RuntimeException e) {
      gateway.close();
      throw e;
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < sessions; i++) {
      String label = sessions == 1 ? "bench" : "bench-" + i;
      ids.add(
          gateway
              .startSession(SessionSpec.of(label, "/tmp/bench"), new BenchHost())
              .get(10, TimeUnit.SECONDS)
              .id());
    }
    return new WsHarness(gateway, server, List.copyOf(ids));
  }

  URI url() {
    return server.url();
  }

  @Override
  public void close() {
    server.close();
    gateway.close();
  }
}
