package io.github.providergateway.transport.local;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.testing.MessageTap;
import io.github.providergateway.provider.testing.ProviderTransportContractTest;
import java.time.Duration;

/**
 * The transport contract in-process: a gateway on a manual clock with a direct executor, providers
 * on a direct executor too, so every test runs on the test thread and every wait returns at once.
 */
class LocalProviderTransportContractTest extends ProviderTransportContractTest {

  private GatewayFixture fixture;
  private final MessageTap tap = new MessageTap();

  /** The transport side the gateway was handed for the last provider. */
  private ProviderConnection lastConnection;

  @Override
  protected void startTransport() {
    // Every tool.progress reaches the timeline: the contract is about order; the throttle that
    // coalesces them is the engine's, tested in ToolCallTest.
    fixture = GatewayFixture.withLimits(limits -> limits.progressInterval(java.time.Duration.ZERO));
  }

  @Override
  protected void stopTransport() {
    fixture.close();
  }

  @Override
  protected Gateway gateway() {
    return fixture.gateway;
  }

  @Override
  protected ProviderSession connect(JavaProvider provider) {
    return LocalProviderTransport.connect(this::acceptTapped, provider, null, Runnable::run);
  }

  /** Hands the connection to the gateway and records what the provider sends through it. */
  private ProviderLink acceptTapped(ProviderConnection connection, String homeSessionId) {
    lastConnection = connection;
    ProviderLink link = fixture.gateway.transports().acceptLocal(connection, homeSessionId);
    return new ProviderLink() {
      @Override
      public void receive(String text) {
        link.receive(text);
      }

      @Override
      public void receive(ProviderMessage message) {
        tap.record(message);
        link.receive(message);
      }

      @Override
      public void closed() {
        link.closed();
      }
    };
  }

  @Override
  protected MessageTap fromProviders() {
    return tap;
  }

  @Override
  protected void sendToProvider(String json) {
    lastConnection.send(CODEC.decodeGatewayMessage(json).messageOrNull());
  }

  @Override
  protected void advance(Duration duration) {
    fixture.clock.advance(duration);
  }

  @Override
  protected void dropConnection() {
    // The transport closes under both sides; the gateway did not ask for it.
    lastConnection.close(CloseReason.NORMAL);
  }
}
