package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.HostService;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hosts on {@code /host} through a real server, with raw clients: what a stranger-proof carrier
 * owes.
 */
class HostTrafficTest {
  /** The gateway's clock only (its timers run on the system scheduler): it ages writes. */
  private final ManualClock clock = new ManualClock();

  /**
   * One connection's share of the inbound budget, in chars (a quarter of the default, for speed).
   */
  private static final int PER_HOST = 1 << 20;

  /** Each flood message: a command nobody knows, padded. */
  private static final int FLOOD_MESSAGE = 64 << 10;

  /**
   * The least the flood sends, 16 MiB: far more than the share, and more than loopback's socket
   * buffers hold. It goes on until the honest host is done.
   */
  private static final int FLOOD_MESSAGES = 256;

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private Gateway gateway;
  private WebSocketServer server;

  @BeforeEach
  void start() throws IOException {
    gateway =
        Gateway.builder()
            .backend(clock.backend().threaded().withScheduler(new SystemScheduler()))
            .limits(
                Limits.defaults().toBuilder()
                    .maxQueuedInboundBytes(4 * PER_HOST)
                    .maxQueuedInboundBytesPerConnection(PER_HOST)
                    .build())
            .build();
    HostService hosts = HostService.builder(gateway).backend(Backend.system()).build();
    server =
        WebSocketServer.builder(gateway)
            .port(0)
            .maxQueuedBytes(256 << 10)
            .hosts(hosts)
            .build()
            .start();
  }

  @AfterEach
  void stop() {
    threads.shutdownNow();
    server.close();
    gateway.close();
  }

  /**
   * A host that stops reading while large results arrive is closed once more than the byte bound
   * waits for it and no write has finished for {@code STALL}, rather than having the gateway hold
   * every result: the count bound alone (4,096 messages) would let 300 results of 64 KiB pile up to
   * 19 MiB.
   */
  @Test
  void aHostThatStopsReadingIsClosedByTheByteBoundWhileProvidersCarryOn() throws Exception {
    RawWebSocket host = host(4096);
    String session = startSession(host);
    try (RawProvider provider = bulkProvider(session)) {
      // From here on the host only writes: 300 results of 64 KiB pile up behind a write that
      // cannot finish.
      String blob = "\"" + "b".repeat(64 << 10) + "\"";
      callAndAnswer(host, session, provider, 100, 300, blob);
      // Every result is queued for the host before its write ages: a result still on its way
      // after the clock moves would close the host before the next call reaches the provider.
      handled(provider);
      // As long as the stuck write is young, a large queue may be a burst the host is reading.
      clock.advance(Duration.ofSeconds(3));
      callAndAnswer(host, session, provider, 1000, 1, blob);

      // Whatever was written before the overflow, the host's socket then ends: close frame or cut.
      assertThat(host.awaitClose(ServerFixture.WAIT).code()).isIn(1008, -1);
      // The provider and the gateway carry on.
      ServerFixture.await(gateway.sessions());
    } finally {
      host.close();
    }
  }

  /**
   * A host that reads is not closed by the byte bound when several results, each larger than the
   * bound, arrive at once (file results travel base64-encoded and may be much larger).
   */
  @Test
  void aReadingHostGetsEveryResultLargerThanTheBound() throws Exception {
    RawWebSocket host = host(0);
    String session = startSession(host);
    try (RawProvider provider = bulkProvider(session)) {
      String blob = "\"" + "r".repeat(300 << 10) + "\""; // each over the 256 KiB bound
      int calls = 6;
      CompletableFuture<List<JsonNode>> replies =
          CompletableFuture.supplyAsync(
              () -> {
                List<JsonNode> got = new ArrayList<>();
                try {
                  while (got.size() < calls) {
                    Object next = host.readMessage(ServerFixture.WAIT);
                    assertThat(next).as("host connection still open").isInstanceOf(String.class);
                    JsonNode line = ServerFixture.json((String) next);
                    if (line.has("ok")) {
                      got.add(line);
                    }
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
                return got;
              });

      callAndAnswer(host, session, provider, 100, calls, blob);

      List<JsonNode> got = replies.get(ServerFixture.WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(got)
          .hasSize(calls)
          .allSatisfy(reply -> assertThat(reply.get("ok").asBoolean()).isTrue());
    } finally {
      host.close();
    }
  }

  /**
   * A raw host on {@code /host}, authenticated; {@code receiveBuffer} > 0 shrinks its socket
   * buffer.
   */
  private RawWebSocket host(int receiveBuffer) throws IOException {
    int port = server.port();
    RawWebSocket host =
        RawWebSocket.connect(
            "127.0.0.1", port, "/host", RawWebSocket.defaultHeaders(port), receiveBuffer);
    assertThat(host.status()).isEqualTo(101);
    host.sendText(
        "{\"id\":1,\"cmd\":\"host.auth\",\"token\":\""
            + gateway.credentials().providerToken()
            + "\"}");
    assertThat(reply(host, 1).get("ok").asBoolean()).isTrue();
    return host;
  }

  private static String startSession(RawWebSocket host) throws IOException {
    host.sendText("{\"id\":2,\"cmd\":\"session.start\",\"label\":\"bulk\",\"cwd\":\"/tmp\"}");
    return reply(host, 2).get("sessionId").asText();
  }

  private RawProvider bulkProvider(String session) throws IOException {
    RawProvider provider = new RawProvider(RawWebSocket.connect(server.port()));
    provider.send(Auth.withToken(gateway.credentials().providerToken()));
    provider.next(Sessions.class);
    provider.send(
        Hello.builder("bulk").session(session).tools(ServerFixture.definitions("bulk")).build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
    return provider;
  }

  /**
   * The host asks for {@code calls} calls of {@code bulk} (ids from {@code firstId}); the provider
   * answers each with {@code data}.
   */
  private static void callAndAnswer(
      RawWebSocket host, String session, RawProvider provider, int firstId, int calls, String data)
      throws IOException {
    for (int i = 0; i < calls; i++) {
      host.sendText(
          "{\"id\":"
              + (firstId + i)
              + ",\"cmd\":\"tool.call\",\"sessionId\":\""
              + session
              + "\",\"tool\":\"bulk\",\"args\":{}}");
    }
    for (int i = 0; i < calls; i++) {
      ToolCall call = provider.next(ToolCall.class);
      provider.send(ToolResult.success(call.id(), ServerFixture.json(data)));
    }
  }

  /**
   * Returns once the gateway has handled everything {@code provider} sent: it handles one
   * connection's messages in order, and queues a call's reply for its host as it handles the
   * result.
   */
  private static void handled(RawProvider provider) throws IOException {
    provider.send(new StreamQuery("handled", null, List.of("bulk"), 1));
    assertThat(provider.next(StreamHistory.class).queryId()).isEqualTo("handled");
  }

  /**
   * A host flooding {@code /host} (issue 47, row 8): its text waits for the gateway loop counted
   * against the hosts' budget, past which the server stops reading its socket, so the flood waits
   * in the flooder's own socket while an honest host and a provider are answered.
   */
  @Test
  void aFloodingHostIsHeldInItsSocketWhileAnHonestHostAndAProviderAreAnswered() throws Exception {
    RawWebSocket honest = host(0);
    String session = startSession(honest);
    RawWebSocket flooder = host(0);
    try (RawProvider provider = bulkProvider(session)) {
      // The loop is busy (a burst of rules, a slow disk) until the flood has passed the budget.
      CountDownLatch busy = new CountDownLatch(1);
      gateway.loop().execute(() -> awaitQuietly(busy));
      AtomicInteger answered = new AtomicInteger();
      AtomicBoolean stop = new AtomicBoolean();
      threads(() -> readReplies(flooder, answered));
      CompletableFuture<Integer> sent = threads(() -> flood(flooder, stop));
      ServerFixture.awaitTrue(
          "the flood passes the host's share", () -> gateway.inboundBacklog().total() > PER_HOST);
      busy.countDown();

      // The flood goes on; the honest host's calls and the provider's queries are answered.
      for (int round = 0; round < 10; round++) {
        honest.sendText(
            "{\"id\":"
                + (100 + round)
                + ",\"cmd\":\"tool.call\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"bulk\",\"args\":{}}");
        ToolCall call = provider.next(ToolCall.class);
        provider.send(ToolResult.success(call.id(), ServerFixture.json("\"ok\"")));
        assertThat(reply(honest, 100 + round).get("ok").asBoolean()).isTrue();
        provider.send(new StreamQuery("q" + round, null, List.of("bulk"), 1));
        assertThat(provider.next(StreamHistory.class).queryId()).isEqualTo("q" + round);
      }
      assertThat(sent).as("the flood went on all along, never cut").isNotDone();
      stop.set(true);

      // Held back, never cut: every flood message arrived and was answered.
      int flooded = sent.get(ServerFixture.WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(flooded).isGreaterThanOrEqualTo(FLOOD_MESSAGES);
      ServerFixture.awaitTrue(
          "the flooder's commands answered (a flooder cut as too fast gets none)",
          () -> answered.get() == flooded);
      // What the gateway held for it: its share, the message that passed it, and what the server
      // had already read from the socket when it stopped reading.
      assertThat(gateway.inboundBacklog().highWaterMark())
          .isGreaterThan(PER_HOST)
          .isLessThanOrEqualTo(PER_HOST + FLOOD_MESSAGE + (256 << 10));
    } finally {
      honest.close();
      flooder.close();
    }
  }

  private <T> CompletableFuture<T> threads(java.util.concurrent.Callable<T> work) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return work.call();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        },
        threads);
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(ServerFixture.WAIT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Sends the flood, at least {@link #FLOOD_MESSAGES} and on until {@code stop}; returns how many
   * messages went out before it stopped or the socket failed.
   */
  private static int flood(RawWebSocket flooder, AtomicBoolean stop) {
    String start = "\",\"cmd\":\"flood\",\"pad\":\"";
    int i = 0;
    for (; i < FLOOD_MESSAGES || !stop.get(); i++) {
      String head = "{\"id\":\"f" + i + start;
      try {
        flooder.sendText(head + "p".repeat(FLOOD_MESSAGE - head.length() - 2) + "\"}");
      } catch (IOException cut) {
        return i;
      }
    }
    return i;
  }

  /** Counts the replies to flood commands in {@code replies} until the connection ends. */
  private static Void readReplies(RawWebSocket flooder, AtomicInteger replies) throws IOException {
    Object next;
    while (!((next = flooder.readMessage(ServerFixture.WAIT)) instanceof RawWebSocket.Closed)) {
      if (ServerFixture.json((String) next).path("id").asText().startsWith("f")) {
        replies.incrementAndGet();
      }
    }
    return null;
  }

  private static JsonNode reply(RawWebSocket host, int id) throws IOException {
    while (true) {
      Object next = host.readMessage(ServerFixture.WAIT);
      assertThat(next).as("a reply to %s", id).isInstanceOf(String.class);
      JsonNode line = ServerFixture.json((String) next);
      if (line.path("id").asInt(-1) == id) {
        return line;
      }
    }
  }
}
