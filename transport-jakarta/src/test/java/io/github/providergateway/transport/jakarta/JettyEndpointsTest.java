package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import io.github.providergateway.transport.testing.RawHttp;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter in Jetty 12 embedded, with real clients: the host endpoint, and the handshake and
 * memory rules the endpoints apply where {@code transport-ws}'s server applies its own.
 */
class JettyEndpointsTest {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final Duration WAIT = Duration.ofSeconds(10);

  /** One connection's share of the inbound budget, in chars (small, for speed). */
  private static final int SHARE = 256 << 10;

  /** Each flood message: a command nobody knows, padded. */
  private static final int FLOOD_MESSAGE = 16 << 10;

  /** 2 MiB in all: past the share and the allowance after it. */
  private static final int FLOOD_MESSAGES = 128;

  private Gateway gateway;
  private HostService hosts;
  private JakartaGatewayEndpoints endpoints;
  private EmbeddedJetty jetty;

  @BeforeEach
  void start() throws Exception {
    gateway =
        Gateway.builder()
            .limits(
                Limits.defaults().toBuilder()
                    .maxConnections(3)
                    .maxQueuedInboundBytes(4 * SHARE)
                    .maxQueuedInboundBytesPerConnection(SHARE)
                    .build())
            .build();
    hosts = HostService.builder(gateway).backend(Backend.system()).build();
    endpoints =
        JakartaGatewayEndpoints.builder(gateway)
            .hosts(hosts)
            .allowedOrigins(Set.of("http://localhost:3000"))
            .build();
    jetty = EmbeddedJetty.start(endpoints.all());
  }

  @AfterEach
  void stop() throws Exception {
    try {
      jetty.close();
    } finally {
      endpoints.close();
      hosts.close();
      gateway.close();
    }
  }

  @Test
  void aHostOnTheHostEndpointCallsTheToolOfAProviderOnTheProviderEndpoint() throws Exception {
    RecordingSessionHost host = new RecordingSessionHost();
    // GatewayClient checks host.challenge's proof of the address it dialled: Jetty reports it.
    try (GatewayClient client =
        GatewayClient.connect(url("/host"), gateway.credentials().providerToken())) {
      String session =
          await(client.startSession(SessionSpec.of("remote", "/code/remote"), host)).id();
      try (ProviderSession provider =
          WebSocketProviderClient.connect(
              url("/"),
              gateway.credentials().providerToken(),
              JavaProvider.builder("greeter")
                  .session(session)
                  .tool(
                      ToolDefinition.of(
                          "greet", "Say hello", CODEC.parseJson("{\"type\":\"object\"}")),
                      (args, call) ->
                          CompletableFuture.completedFuture(
                              TextNode.valueOf("Hello, " + args.path("name").asText() + "!")))
                  .build())) {
        await(provider.bound());

        CallResult result =
            await(
                client.callTool(
                    session,
                    "greet",
                    CODEC.parseJson("{\"name\":\"Ada\"}"),
                    Duration.ofSeconds(5)));

        assertThat(result.outcome())
            .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Ada!")));
      }
    }
  }

  @Test
  void aHandshakeFromAnOriginNotAllowListedGets403() throws Exception {
    assertThat(handshake(Map.of("Origin", "http://evil.example")).status()).isEqualTo(403);
    assertThat(handshake(Map.of("Origin", "http://localhost:3000")).status()).isEqualTo(101);
    assertThat(handshake(Map.of()).status()).isEqualTo(101);
  }

  @Test
  void aHandshakeNamingAnotherHostIsClosedWith1008BeforeAnyMessage() throws Exception {
    RawHttp http = handshake(Map.of("Host", "evil.example:" + jetty.port()));

    assertThat(http.status()).isEqualTo(101);
    http.headers();
    assertThat(closeCode(http)).isEqualTo(1008);
  }

  @Test
  void connectionsPastTheGatewaysCapAreClosedWith1013() throws Exception {
    List<RawHttp> connections = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      RawHttp connection = handshake(Map.of());
      assertThat(connection.status()).isEqualTo(101);
      connection.headers();
      connections.add(connection);
    }

    // The container opens the gateway's side of each connection on a thread of its own, after the
    // 101: on a busy machine the fourth can be counted before the third, and then the third is the
    // one past the cap. One of the four is closed with 1013; the others stay open.
    List<Integer> closed = new ArrayList<>();
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (closed.isEmpty() && System.nanoTime() < deadline) {
      for (RawHttp connection : connections) {
        connection.socket().setSoTimeout(100);
        try {
          closed.add(closeCode(connection));
        } catch (SocketTimeoutException stillOpen) {
          // admitted: it sends nothing until its authentication deadline
        }
      }
    }

    assertThat(closed).containsExactly(1013);
  }

  @Test
  void aMessageLargerThanTheUnauthenticatedLimitIsClosedWith1009() throws Exception {
    CompletableFuture<Integer> closed = new CompletableFuture<>();
    WebSocket socket =
        HttpClient.newHttpClient()
            .newWebSocketBuilder()
            .buildAsync(
                url("/"),
                new WebSocket.Listener() {
                  @Override
                  public CompletionStage<?> onClose(
                      WebSocket webSocket, int statusCode, String reason) {
                    closed.complete(statusCode);
                    return null;
                  }
                })
            .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

    socket.sendText(
        "x".repeat(gateway.limits().messages().maxUnauthenticatedMessageBytes() + 1), true);

    assertThat(await(closed)).isEqualTo(1009);
  }

  /**
   * A host flooding the host endpoint while the gateway loop is busy is held back by the container
   * thread that delivered, as a provider is (issue 47, row 8): the gateway holds its share and the
   * message that passed it, no more, and answers every command once the loop is free.
   */
  @Test
  void aHostFloodingTheHostEndpointIsHeldBackNotCut() throws Exception {
    RawWebSocket flooder =
        RawWebSocket.connect(
            "127.0.0.1", jetty.port(), "/host", RawWebSocket.defaultHeaders(jetty.port()), 0);
    flooder.sendText(
        "{\"id\":1,\"cmd\":\"host.auth\",\"token\":\""
            + gateway.credentials().providerToken()
            + "\"}");
    assertThat((String) flooder.readMessage(WAIT)).contains("\"ok\":true");
    CountDownLatch busy = new CountDownLatch(1);
    gateway.loop().execute(() -> awaitQuietly(busy)); // the loop is busy until told
    CompletableFuture<Integer> sent =
        CompletableFuture.supplyAsync(
            () -> {
              for (int i = 0; i < FLOOD_MESSAGES; i++) {
                String head = "{\"id\":" + (10 + i) + ",\"cmd\":\"flood\",\"pad\":\"";
                try {
                  flooder.sendText(head + "p".repeat(FLOOD_MESSAGE - head.length() - 2) + "\"}");
                } catch (IOException cut) {
                  return i;
                }
              }
              return FLOOD_MESSAGES;
            });
    try {
      Await.until(
          WAIT, () -> gateway.inboundBacklog().total() > SHARE, () -> "the flood passes its share");
      busy.countDown();

      assertThat(sent.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isEqualTo(FLOOD_MESSAGES);
      for (int i = 0; i < FLOOD_MESSAGES; i++) {
        assertThat(flooder.readMessage(WAIT))
            .as("an answer to each flood command; a flooder cut as too fast gets none")
            .isInstanceOf(String.class);
      }
      assertThat(gateway.inboundBacklog().highWaterMark())
          .as("its share and the message that passed it")
          .isLessThanOrEqualTo(SHARE + FLOOD_MESSAGE);
    } finally {
      busy.countDown();
      flooder.close();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- helpers ----

  private URI url(String path) {
    return URI.create("ws://127.0.0.1:" + jetty.port() + path);
  }

  /**
   * Sends a WebSocket handshake for {@code /} on a raw socket, with {@code headers} added or
   * replaced.
   */
  private RawHttp handshake(Map<String, String> headers) throws IOException {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("Upgrade", "websocket");
    all.put("Connection", "Upgrade");
    all.put("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==");
    all.put("Sec-WebSocket-Version", "13");
    all.putAll(headers);
    RawHttp http = RawHttp.connect(jetty.port());
    http.send("GET", "/", jetty.port(), all, null);
    return http;
  }

  /** Reads one server frame, which must be a close frame, and returns its status code. */
  private static int closeCode(RawHttp http) throws IOException {
    InputStream in = http.socket().getInputStream();
    int opcode = in.read() & 0x0f;
    int length = in.read() & 0x7f;
    byte[] payload = in.readNBytes(length);
    assertThat(opcode).as("a close frame").isEqualTo(0x8);
    return ((payload[0] & 0xff) << 8) | (payload[1] & 0xff);
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }
}
