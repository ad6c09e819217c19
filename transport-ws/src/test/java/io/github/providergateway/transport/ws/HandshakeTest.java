package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.transport.testing.RawHttp;
import io.github.providergateway.transport.testing.RawWebSocket;
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
  @ValueSource(
      strings = {
        "http://evil.example",
        "http://localhost:3001",
        "null",
        "HTTP://LOCALHOST:3000",
        "http://localhost:3000.evil.example",
        "http://localhost:300"
      })
  void anyOtherOriginIsRefusedWith403(String origin) throws IOException {
    assertThat(status(Map.of("Origin", origin))).isEqualTo(403);
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1:%d", "localhost:%d", "LocalHost:%d", "[::1]:%d"})
  void aHostNamingThisLoopbackServerIsAccepted(String host) throws IOException {
    assertThat(status(Map.of("Host", host.formatted(f.port())))).isEqualTo(101);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "evil.example:%d",
        "127.0.0.1",
        "127.0.0.1:1%d",
        "localhost",
        "192.168.1.10:%d",
        ""
      })
  void anyOtherHostIsRefusedWith403(String host) throws IOException {
    assertThat(status(Map.of("Host", host.formatted(f.port())))).isEqualTo(403);
  }

  @Test
  void theFiftyFirstConnectionIsRefusedUntilAnotherCloses() throws IOException {
    // A server of its own: the slots this test fills free up asynchronously as sockets close.
    try (ServerFixture capped = ServerFixture.start()) {
      int cap = capped.gateway.limits().connections().maxConnections();
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

  @Test
  void aHandshakeOfAnotherVersionGets426AndOneWithoutAKeyGets400() throws IOException {
    RawHttp.Answer otherVersion = handshake("/", "dGhlIHNhbXBsZSBub25jZQ==", "8", "Upgrade");
    assertThat(otherVersion.status()).isEqualTo(426);
    assertThat(otherVersion.headers()).containsEntry("sec-websocket-version", "13");

    assertThat(handshake("/", null, "13", "Upgrade").status()).as("no key").isEqualTo(400);
    assertThat(handshake("/", "c2hvcnQ=", "13", "Upgrade").status())
        .as("a key of 5 bytes")
        .isEqualTo(400);
    assertThat(handshake("/", "dGhlIHNhbXBsZSBub25jZQ==", "13", "keep-alive").status())
        .as("no Connection: Upgrade")
        .isEqualTo(400);
    assertThat(handshake("/nowhere", "dGhlIHNhbXBsZSBub25jZQ==", "13", "Upgrade").status())
        .as("no such endpoint")
        .isEqualTo(404);
  }

  @Test
  void theAcceptKeyIsTheOneOfRfc6455() throws IOException {
    // RFC 6455 §1.3's own example.
    RawHttp.Answer accepted =
        handshake("/", "dGhlIHNhbXBsZSBub25jZQ==", "13", "keep-alive, Upgrade");
    assertThat(accepted.status()).isEqualTo(101);
    assertThat(accepted.headers())
        .containsEntry("sec-websocket-accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        .containsEntry("upgrade", "websocket");
  }

  /** A handshake with exactly these headers (a null key is left out), and its answer's head. */
  private static RawHttp.Answer handshake(
      String path, String key, String version, String connection) throws IOException {
    Map<String, String> headers = new java.util.LinkedHashMap<>();
    headers.put("Upgrade", "websocket");
    headers.put("Connection", connection);
    if (key != null) {
      headers.put("Sec-WebSocket-Key", key);
    }
    headers.put("Sec-WebSocket-Version", version);
    try (RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", path, f.port(), headers, null);
      int status = http.status();
      return new RawHttp.Answer(status, http.headers(), "");
    }
  }

  /** The handshake status with the default headers, {@code overrides} replacing or adding some. */
  private static int status(Map<String, String> overrides) throws IOException {
    return status(f, overrides);
  }

  private static int status(ServerFixture server, Map<String, String> overrides)
      throws IOException {
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
