/**
 * Test fixtures for code built on the gateway, for test scope:
 *
 * <ul>
 *   <li>{@code io.github.providergateway.loop.testing}: {@link
 *       io.github.providergateway.loop.testing.ManualClock}, a clock that is also the scheduler, so
 *       that a test drives every timeout by advancing time, and {@link
 *       io.github.providergateway.loop.testing.Await}, the bounded wait for what real threads and
 *       processes do;
 *   <li>{@code io.github.providergateway.gateway.testing}: {@link
 *       io.github.providergateway.gateway.testing.GatewayFixture} (a gateway on a manual clock and
 *       providers speaking raw protocol to it), the recording fakes of the gateway's SPIs and
 *       {@link io.github.providergateway.gateway.testing.FreePorts};
 *   <li>{@code io.github.providergateway.host.testing}: {@link
 *       io.github.providergateway.host.testing.RecordingHostConnection}, a carrier of the host
 *       protocol that keeps what the gateway sends, {@link
 *       io.github.providergateway.host.testing.FakeGateway}, a process that is not the gateway but
 *       answers where hosts look for one, {@link
 *       io.github.providergateway.host.testing.RecordingRelay}, one that passes a host's connection
 *       on to the gateway on another port, and {@link
 *       io.github.providergateway.host.testing.LinkSwap}, a link on the way to a home pointed
 *       elsewhere between a file's check and its read;
 *   <li>{@code io.github.providergateway.provider.testing}: {@link
 *       io.github.providergateway.provider.testing.ProviderTransportContractTest}, the contract a
 *       transport for Java providers runs against itself, and {@link
 *       io.github.providergateway.provider.testing.MessageTap};
 *   <li>{@code io.github.providergateway.transport.testing}: {@link
 *       io.github.providergateway.transport.testing.RawHttp}, an HTTP client on a raw socket, for
 *       requests no well-behaved client would send, {@link
 *       io.github.providergateway.transport.testing.RawWebSocket}, a WebSocket client on a raw
 *       socket, for frames no well-behaved client would send, {@link
 *       io.github.providergateway.transport.testing.ClientFrames}, the frames themselves, and
 *       {@link io.github.providergateway.transport.testing.RawProvider}, the provider protocol over
 *       one, {@link io.github.providergateway.transport.testing.JdkProvider}, a provider on the
 *       JDK's own WebSocket client, for a real server, and {@link
 *       io.github.providergateway.transport.testing.Processes}, the pids real processes recorded
 *       and a bounded wait for each to be gone.
 * </ul>
 */
module io.github.providergateway.testing {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.github.providergateway.host;
  requires transitive io.github.providergateway.provider;
  requires transitive org.junit.jupiter.api;
  requires org.assertj.core;
  // JdkProvider: the JDK's WebSocket client, an RFC 6455 implementation independent of ours.
  requires java.net.http;

  exports io.github.providergateway.loop.testing;
  exports io.github.providergateway.gateway.testing;
  exports io.github.providergateway.host.testing;
  exports io.github.providergateway.provider.testing;
  exports io.github.providergateway.transport.testing;

  // JUnit runs the contract's test methods, which a transport's test class inherits, by reflection.
  opens io.github.providergateway.provider.testing to
      org.junit.platform.commons;
}
