package io.github.providergateway.provider.client;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.testing.MessageTap;
import io.github.providergateway.provider.testing.ProviderTransportContractTest;
import java.time.Duration;

/**
 * The transport contract over real sockets: the Java provider client against a Tyrus test server in
 * front of a gateway on its own loop thread. The gateway's time is manual, so no tool timeout can
 * fire while a test waits; the client reconnects fast (10 ms) after a drop.
 */
class WebSocketProviderClientContractTest extends ProviderTransportContractTest {

  private Gateway gateway;
  private ManualClock clock;
  private WebSocketProviderClientTestServer server;

  @Override
  protected void startTransport() throws Exception {
    clock = new ManualClock();
    // Every tool.progress reaches the timeline: the contract is about order; the throttle that
    // coalesces them is the engine's, tested in ToolCallTest.
    gateway =
        Gateway.builder()
            .backend(clock.backend().threaded())
            .limits(Limits.defaults().toBuilder().progressInterval(Duration.ZERO).build())
            .build();
    server = WebSocketProviderClientTestServer.start(gateway);
  }

  @Override
  protected void stopTransport() {
    try {
      server.close();
    } finally {
      gateway.close();
    }
  }

  @Override
  protected Gateway gateway() {
    return gateway;
  }

  @Override
  protected ProviderSession connect(JavaProvider provider) {
    return WebSocketProviderClient.connect(
        server.uri(),
        gateway.credentials().providerToken(),
        provider,
        WebSocketProviderClient.Options.builder()
            .initialBackoff(Duration.ofMillis(10))
            .maxBackoff(Duration.ofMillis(100))
            .build());
  }

  @Override
  protected MessageTap fromProviders() {
    return server.fromProviders();
  }

  @Override
  protected void sendToProvider(String json) {
    server.last().sendRaw(json);
  }

  @Override
  protected void advance(Duration duration) {
    clock.advance(duration); // due timers hop onto the gateway's loop thread
  }

  @Override
  protected void dropConnection() {
    server.last().drop();
  }
}
