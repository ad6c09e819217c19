package io.github.providergateway.benchmarks;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A production-configured gateway with its WebSocket server on a free loopback port and one active
 * session, as an embedding host would run it: default loop thread, system clock and scheduler.
 */
final class WsHarness implements AutoCloseable {

  final Gateway gateway;
  final WebSocketServer server;
  final String sessionId;

  private WsHarness(Gateway gateway, WebSocketServer server, String sessionId) {
    this.gateway = gateway;
    this.server = server;
    this.sessionId = sessionId;
  }

  static WsHarness start()
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    Gateway gateway = Gateway.builder().build();
    WebSocketServer server;
    try {
      server = WebSocketServer.builder(gateway).port(0).build().start();
    } catch (IOException | RuntimeException e) {
      gateway.close();
      throw e;
    }
    String sessionId =
        gateway
            .startSession(SessionSpec.of("bench", "/tmp/bench"), new BenchHost())
            .get(10, TimeUnit.SECONDS)
            .id();
    return new WsHarness(gateway, server, sessionId);
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
