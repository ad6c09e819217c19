package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.transport.testing.JdkProvider;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where and how the server listens (R-WS-01..03). */
class WebSocketServerTest {

  @Test
  void portZeroBindsAFreePortThatPortAndUrlReport() throws IOException {
    try (ServerFixture f = ServerFixture.start();
        Socket probe = new Socket("127.0.0.1", f.port())) {
      assertThat(f.port()).isPositive();
      assertThat(f.server.url()).isEqualTo(URI.create("ws://127.0.0.1:" + f.port()));
      assertThat(probe.isConnected()).isTrue();
    }
  }

  @Test
  void theDefaultPortIs9400() {
    assertThat(WebSocketServer.DEFAULT_PORT).isEqualTo(9400);
  }

  /**
   * A server built without a port listens on 9400, and a provider reaches it there. The rule fixes
   * the port, so the test is skipped when something else (another gateway, another build) holds it.
   */
  @Test
  void aServerBuiltWithoutAPortListensOn9400() throws IOException {
    try (Gateway gateway = Gateway.builder().build();
        WebSocketServer server = startOnItsDefaultPort(gateway);
        RawProvider provider = new RawProvider(RawWebSocket.connect(9400))) {
      provider.send(Auth.withToken(gateway.credentials().providerToken()));

      assertThat(provider.next(Sessions.class).active()).isEmpty();
      assertThat(server.port()).isEqualTo(9400);
      assertThat(server.url()).isEqualTo(URI.create("ws://127.0.0.1:9400"));
    }
  }

  private static WebSocketServer startOnItsDefaultPort(Gateway gateway) {
    try {
      return WebSocketServer.builder(gateway).build().start();
    } catch (IOException inUse) {
      assumeThat(inUse).as("the default port is taken: %s", inUse.getMessage()).isNull();
      throw new AssertionError("unreachable", inUse);
    }
  }

  @Test
  void portZeroGivesEachServerAFreePortOfItsOwnThatProvidersReach() throws IOException {
    try (ServerFixture first = ServerFixture.start();
        ServerFixture second = ServerFixture.start();
        RawProvider one = new RawProvider(RawWebSocket.connect(first.port()));
        RawProvider two = new RawProvider(RawWebSocket.connect(second.port()))) {
      one.send(Auth.withToken(first.gateway.credentials().providerToken()));
      two.send(Auth.withToken(second.gateway.credentials().providerToken()));

      assertThat(one.next(Sessions.class).active().get(0).id()).isEqualTo(first.sessionId);
      assertThat(two.next(Sessions.class).active().get(0).id()).isEqualTo(second.sessionId);
      assertThat(first.port()).isNotEqualTo(second.port());
      assertThat(second.server.url()).isEqualTo(URI.create("ws://127.0.0.1:" + second.port()));
    }
  }

  @Test
  void aPortInUseFailsStartWithAMessageNamingIt() throws IOException {
    try (ServerFixture f = ServerFixture.start();
        Gateway other = Gateway.builder().build()) {
      WebSocketServer second = WebSocketServer.builder(other).port(f.port()).build();

      assertThatThrownBy(second::start)
          .isInstanceOf(IOException.class)
          .hasMessageContaining(":" + f.port())
          .hasMessageContaining("in use");
    }
  }

  /**
   * The token file names a gateway that listens: written once the server has bound its port, and
   * never by a gateway whose server could not bind, so another gateway of the same home keeps its
   * file through our failed start and our close.
   */
  @Test
  void theTokenFileIsWrittenOnlyByAServerThatListens(@TempDir Path home) throws IOException {
    Path file = home.resolve(".provider-token");
    try (Gateway running = Gateway.builder().home(home).build()) {
      assertThat(file).doesNotExist();
      try (WebSocketServer server = WebSocketServer.builder(running).port(0).build().start()) {
        assertThat(Files.readString(file)).isEqualTo(running.credentials().providerToken() + "\n");

        try (Gateway second = Gateway.builder().home(home).build()) {
          WebSocketServer refused = WebSocketServer.builder(second).port(server.port()).build();
          assertThatThrownBy(refused::start).isInstanceOf(IOException.class);
        }

        assertThat(Files.readString(file)).isEqualTo(running.credentials().providerToken() + "\n");
      }
    }
    assertThat(file).doesNotExist();
  }

  @Test
  void portIsUnknownBeforeStartAndAServerStartsOnlyOnce() throws IOException {
    try (Gateway gateway = Gateway.builder().build()) {
      WebSocketServer server = WebSocketServer.builder(gateway).port(0).build();
      assertThatThrownBy(server::port).isInstanceOf(IllegalStateException.class);
      try (server) {
        server.start();
        assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class);
      }
    }
  }

  @Test
  void providersConnectOverIpv6LoopbackOnTheSamePort() throws Exception {
    assumeThat(ipv6LoopbackAvailable()).as("this machine has IPv6 loopback").isTrue();
    try (ServerFixture f = ServerFixture.start();
        JdkProvider provider = JdkProvider.connect(URI.create("ws://[::1]:" + f.port()))) {
      provider.send(Auth.withToken(f.gateway.credentials().providerToken()));

      assertThat(provider.next(Sessions.class).active()).hasSize(1);
    }
  }

  @Test
  void nothingListensOnTheMachinesOtherAddresses() throws IOException {
    Optional<InetAddress> external = nonLoopbackAddress();
    assumeThat(external).as("this machine has a non-loopback address").isPresent();
    try (ServerFixture f = ServerFixture.start();
        Socket socket = new Socket()) {
      assertThatThrownBy(
              () -> socket.connect(new InetSocketAddress(external.get(), f.port()), 2_000))
          .isInstanceOfAny(
              ConnectException.class, SocketTimeoutException.class, SocketException.class);
    }
  }

  private static boolean ipv6LoopbackAvailable() {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getByName("::1"), 0));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback()) {
        continue;
      }
      for (InetAddress address : Collections.list(nic.getInetAddresses())) {
        // Link-local IPv6 needs a scope to dial; any other address of the machine will do.
        if (!address.isLoopbackAddress()
            && !(address instanceof Inet6Address && address.isLinkLocalAddress())) {
          return Optional.of(address);
        }
      }
    }
    return Optional.empty();
  }
}
