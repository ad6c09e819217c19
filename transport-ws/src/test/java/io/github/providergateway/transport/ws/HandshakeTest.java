package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which handshakes a real server accepts (R-WS-05, R-WS-08..10), seen from a raw client. */
class HandshakeTest {

  private static final String ALLOWED = "http://localhost:3000";
  private static ServerFixture f;

  @BeforeAll
  static void startServer() throws IOException {
    f = ServerFixture.start(b -> b.allowedOrigins(Set.of(ALLOWED)));
  }

  @AfterAll
  static void stopServer() {
    f.close();
  }

  @Test
  void aHandshakeWithoutOriginIsAccepted() throws IOException {
    assertThat(status(Map.of())).isEqualTo(101);
  }

  @Test
  void anAllowListedOriginIsAccepted() throws IOException {
    assertThat(status(Map.of("Origin", ALLOWED))).isEqualTo(101);
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://evil.example", "http://localhost:3001", "null", "HTTP://LOCALHOST:3000",
      "http://localhost:3000.evil.example", "http://localhost:300"})
  void anyOtherOriginIsRefusedWith403(String origin) throws IOException {
    assertThat(status(Map.of("Origin", origin))).isEqualTo(403);
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1:%d", "localhost:%d", "LocalHost:%d", "[::1]:%d"})
  void aHostNamingThisLoopbackServerIsAccepted(String host) throws IOException {
    assertThat(status(Map.of("Host", host.formatted(f.port())))).isEqualTo(101);
  }

  @ParameterizedTest
  @ValueSource(strings = {"evil.example:%d", "127.0.0.1", "127.0.0.1:1%d", "localhost", "192.168.1.10:%d", ""})
  void anyOtherHostIsRefusedWith403(String host) throws IOException {
    assertThat(status(Map.of("Host", host.formatted(f.port())))).isEqualTo(403);
  }

  @Test
  void theFiftyFirstConnectionIsRefusedUntilAnotherCloses() throws IOException {
    // A server of its own: the slots this test fills free up asynchronously as sockets close.
    try (ServerFixture capped = ServerFixture.start()) {
      int cap = capped.gateway.limits().maxConnections();
      List<RawWebSocket> open = new ArrayList<>();
      try {
        for (int i = 0; i < cap; i++) {
          RawWebSocket socket = RawWebSocket.connect(capped.port());
          open.add(socket);
          assertThat(socket.status()).as("connection %d", i + 1).isEqualTo(101);
        }

        assertThat(status(capped, Map.of())).as("connection %d", cap + 1).isEqualTo(503);

        open.remove(0).close();
        awaitTrue("a slot is free again", () -> statusQuietly(capped) == 101);
      } finally {
        for (RawWebSocket socket : open) {
          socket.close();
        }
      }
    }
  }

  /** The handshake status with the default headers, {@code overrides} replacing or adding some. */
  private static int status(Map<String, String> overrides) throws IOException {
    return status(f, overrides);
  }

  private static int status(ServerFixture server, Map<String, String> overrides) throws IOException {
    Map<String, String> headers = RawWebSocket.defaultHeaders(server.port());
    headers.putAll(overrides);
    try (RawWebSocket socket = RawWebSocket.connect("127.0.0.1", server.port(), headers, 0)) {
      return socket.status();
    }
  }

  private static int statusQuietly(ServerFixture server) {
    try {
      return status(server, Map.of());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
