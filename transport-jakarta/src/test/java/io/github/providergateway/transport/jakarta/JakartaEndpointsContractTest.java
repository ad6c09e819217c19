package io.github.providergateway.transport.jakarta;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import io.github.providergateway.provider.testing.MessageTap;
import io.github.providergateway.provider.testing.ProviderTransportContractTest;
import jakarta.websocket.CloseReason;
import jakarta.websocket.server.ServerEndpointConfig;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The transport contract over {@link JakartaGatewayEndpoints} mounted in a real container, with the
 * real Java provider client: each subclass brings one container, listening on 127.0.0.1 on a free
 * port. The gateway's time is manual, so no tool timeout fires while a test waits.
 */
abstract class JakartaEndpointsContractTest extends ProviderTransportContractTest {

  private ManualClock clock;
  private Gateway gateway;
  private JakartaGatewayEndpoints endpoints;
  private URI url;
  private final MessageTap fromProviders = new MessageTap();
  private final List<JakartaProviderConnection> connections = new CopyOnWriteArrayList<>();

  /**
   * Starts the container with {@code endpoints} added, on 127.0.0.1 and a free port.
   *
   * @return where providers connect, {@code ws://127.0.0.1:<port>/}
   */
  abstract URI startContainer(List<ServerEndpointConfig> endpoints) throws Exception;

  abstract void stopContainer() throws Exception;

  @Override
  protected void startTransport() throws Exception {
    clock = new ManualClock();
    // Every tool.progress reaches the timeline: the contract is about order.
    gateway =
        Gateway.builder()
            .backend(clock.backend().threaded())
            .limits(Limits.defaults().toBuilder().progressInterval(Duration.ZERO).build())
            .build();
    endpoints = JakartaGatewayEndpoints.builder(gateway).build(this::accept);
    url = startContainer(endpoints.all());
  }

  @Override
  protected void stopTransport() throws Exception {
    try {
      stopContainer();
    } finally {
      endpoints.close();
      gateway.close();
    }
  }

  /**
   * Registers a connection with the gateway, recording what its provider sends once the gateway has
   * it.
   */
  private ProviderLink accept(JakartaProviderConnection connection) {
    connections.add(connection);
    ProviderLink link = gateway.transports().acceptWebSocket(connection);
    return new ProviderLink() {
      @Override
      public void receive(String text) {
        link.receive(text);
        ProviderMessage decoded = CODEC.decodeProviderMessage(text).messageOrNull();
        if (decoded != null) {
          fromProviders.record(decoded);
        }
      }

      @Override
      public void receive(ProviderMessage message) {
        link.receive(message);
      }

      @Override
      public void closed() {
        link.closed();
      }
    };
  }

  @Override
  protected Gateway gateway() {
    return gateway;
  }

  @Override
  protected ProviderSession connect(JavaProvider provider) {
    return WebSocketProviderClient.connect(
        url,
        gateway.credentials().providerToken(),
        provider,
        WebSocketProviderClient.Options.builder()
            .initialBackoff(Duration.ofMillis(10))
            .maxBackoff(Duration.ofMillis(100))
            .build());
  }

  @Override
  protected MessageTap fromProviders() {
    return fromProviders;
  }

  @Override
  protected void sendToProvider(String json) {
    last().sendRaw(json);
  }

  @Override
  protected void dropConnection() throws Exception {
    // Behind the gateway's back: the container reports the session closed, as for a dead peer.
    last()
        .session()
        .close(new CloseReason(CloseReason.CloseCodes.GOING_AWAY, "dropped by the test"));
  }

  @Override
  protected void advance(Duration duration) {
    clock.advance(duration);
  }

  private JakartaProviderConnection last() {
    return connections.get(connections.size() - 1);
  }
}
