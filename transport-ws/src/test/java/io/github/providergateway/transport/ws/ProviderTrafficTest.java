package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.await;
import static io.github.providergateway.transport.ws.ServerFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.loop.testing.RecordingBackend;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.JdkProvider;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Providers talking to the gateway through a real server, with real clients. */
class ProviderTrafficTest {

  /** 5 × 2^20: the largest tool.result (R-LIMIT-11). */
  private static final int FIVE_MIB = 5 << 20;

  @Test
  void aProviderAuthenticatesBindsAndAnswersTheHostsCall() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        JdkProvider provider = JdkProvider.connect(f.server.url())) {
      provider.send(Auth.withToken(f.gateway.credentials().providerToken()));
      assertThat(provider.next(Sessions.class).active()).hasSize(1);
      provider.send(
          Hello.builder("greeter")
              .session(f.sessionId)
              .tools(ServerFixture.definitions("greet"))
              .build());
      provider.next(HelloAck.class);
      provider.next(SessionLifecycle.class);

      CompletableFuture<CallResult> result = f.call("greet", "{\"name\":\"Alice\"}");
      ToolCall call = provider.next(ToolCall.class);
      assertThat(call.args().get("name").asText()).isEqualTo("Alice");
      provider.send(ToolResult.success(call.id(), json("\"Hello, Alice!\"")));

      assertThat(await(result).outcome()).isEqualTo(ToolOutcome.success(json("\"Hello, Alice!\"")));
    }
  }

  @Test
  void aWrongTokenGetsAuthFailedAndThenTheSocketClosesWith1008() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = new RawProvider(RawWebSocket.connect(f.port()))) {
      provider.send(Auth.withToken("not-the-token"));

      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
      assertThat(provider.awaitCloseCode()).isEqualTo(1008);
    }
  }

  @Test
  void messagesToAProviderArriveInTheOrderTheGatewaySentThem() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "counter", "count")) {
      for (int i = 0; i < 200; i++) {
        f.call("count", "{\"n\":" + i + "}");
      }
      for (int i = 0; i < 200; i++) {
        assertThat(provider.next(ToolCall.class).args().get("n").asInt()).isEqualTo(i);
      }
    }
  }

  /**
   * The production server's side of R-ORDER-01 (the transport contract test runs the Java client
   * against a test server): progress lines reach the timeline in the order sent, all before the
   * result that follows them on the same connection.
   */
  @Test
  void messagesFromAProviderAreHandledInTheOrderItSentThem() throws Exception {
    try (ServerFixture f =
            ServerFixture.start(
                g ->
                    g.limits(
                        ServerFixture.PATIENT_LIMITS.toBuilder()
                            .progressInterval(Duration.ZERO)
                            .build()),
                b -> {});
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "counter", "count")) {
      CompletableFuture<CallResult> result = f.call("count", "{}");
      String id = provider.next(ToolCall.class).id();
      List<String> sent = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        sent.add("step " + i);
        provider.send(new ToolProgress(id, "step " + i));
      }
      provider.send(ToolResult.success(id, json("\"counted\"")));

      assertThat(await(result).outcome()).isEqualTo(ToolOutcome.success(json("\"counted\"")));
      assertThat(f.host.logs)
          .extracting(line -> line.text())
          .filteredOn(text -> text.startsWith("step "))
          .containsExactlyElementsOf(sent);
    }
  }

  @Test
  void aFiveMebibyteToolResultInOneFrameArrivesWhole() throws Exception {
    assertFiveMebibyteResultArrives(1);
  }

  @Test
  void aFiveMebibyteToolResultInFragmentsArrivesWhole() throws Exception {
    assertFiveMebibyteResultArrives(7);
  }

  private static void assertFiveMebibyteResultArrives(int fragments) throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      ToolCall call = provider.next(ToolCall.class);
      String text = toolResultOfExactly(call.id(), FIVE_MIB, 'x');

      provider.socket.sendFragmented(text, fragments);

      ToolOutcome outcome = await(result).outcome();
      assertThat(outcome).isInstanceOf(ToolOutcome.Success.class);
      assertThat(((ToolOutcome.Success) outcome).data().asText())
          .hasSize(FIVE_MIB - emptyResultBytes(call.id()));
    }
  }

  @Test
  void aMessageFarOverTheLimitInFragmentsClosesWith1009AndEndsThePendingCall() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      ToolCall call = provider.next(ToolCall.class);

      provider.socket.sendFragmented(
          toolResultOfExactly(call.id(), FIVE_MIB + (1 << 20) + 1, 'x'), 6);

      // Beyond the 1 MiB slack Tyrus refuses the assembled message (1009) unseen: the provider is
      // gone, so its call ends DISCONNECTED rather than INTERNAL.
      assertThat(provider.awaitCloseCode()).isEqualTo(1009);
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
      assertServerStillServes(f);
    }
  }

  @Test
  void aToolResultOneByteOverTheLimitInFragmentsGetsPayloadTooLargeAndFailsThePendingCall()
      throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      ToolCall call = provider.next(ToolCall.class);

      provider.socket.sendFragmented(toolResultOfExactly(call.id(), FIVE_MIB + 1, 'x'), 6);

      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL));
    }
  }

  @Test
  void aToolResultOneByteOverTheLimitInOneFrameGetsPayloadTooLargeAndFailsThePendingCall()
      throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      ToolCall call = provider.next(ToolCall.class);

      provider.socket.sendText(toolResultOfExactly(call.id(), FIVE_MIB + 1, 'x'));

      // Within the transport's slack, so the gateway judges it:
      // PAYLOAD_TOO_LARGE (R-LIMIT-11) and, with one call pending, that call fails INTERNAL.
      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> {
                assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL);
                assertThat(failure.error()).contains("PAYLOAD_TOO_LARGE");
              });
    }
  }

  @Test
  void aFrameAnnouncedLargerThanTheTransportLimitClosesWith1009BeforeItIsBuffered()
      throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      provider.next(ToolCall.class);

      // The header alone announces one byte past 5 MiB + 1 MiB of slack; a kilobyte follows.
      provider.socket.sendTextFrameStart(FIVE_MIB + (1 << 20) + 1, 1024);

      // 1009, "message too big" (RFC 6455 §7.4.1), at the header: no 6 MiB is ever buffered.
      assertThat(provider.awaitCloseCode()).isEqualTo(1009);
      assertThat(f.server.unfinishedInboundBytes()).isZero();
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
      assertServerStillServes(f);
    }
  }

  @Test
  void aFrameOfExactlyTheTransportLimitIsReadAndJudgedByTheGateway() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      ToolCall call = provider.next(ToolCall.class);

      provider.socket.sendText(toolResultOfExactly(call.id(), FIVE_MIB + (1 << 20), 'x'));

      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL));
    }
  }

  @Test
  void aFragmentedResultWithinTheCharLimitButOverFiveMebibytesGetsPayloadTooLarge()
      throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "big", "dump")) {
      CompletableFuture<CallResult> result = f.call("dump", "{}");
      ToolCall call = provider.next(ToolCall.class);
      // 'é' is two bytes: fewer chars than Tyrus's limit, one byte more than the gateway's.
      String text = toolResultOfExactly(call.id(), FIVE_MIB + 1, 'é');

      provider.socket.sendFragmented(text, 5);

      // The gateway counts the assembled message in bytes (R-LIMIT-03) and, with one call
      // pending, fails that call INTERNAL naming PAYLOAD_TOO_LARGE (R-TOOL-26).
      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> {
                assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL);
                assertThat(failure.error()).contains("PAYLOAD_TOO_LARGE");
              });
    }
  }

  @Test
  void aProviderVanishingMidCallEndsTheCallDisconnected() throws Exception {
    try (ServerFixture f = ServerFixture.start()) {
      RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "flaky", "work");
      CompletableFuture<CallResult> result = f.call("work", "{}");
      provider.next(ToolCall.class);

      provider.socket.vanish(); // TCP reset: no close frame

      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
    }
  }

  @Test
  void aBinaryMessageClosesWith1003AndEndsThePendingCall() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "binary", "work")) {
      CompletableFuture<CallResult> result = f.call("work", "{}");
      provider.next(ToolCall.class);

      provider.socket.sendBinary(new byte[] {1, 2, 3});

      assertThat(provider.awaitCloseCode()).isEqualTo(1003);
      assertThat(await(result).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
    }
  }

  @Test
  void aProviderThatStopsReadingIsClosedAndItsCallsEndDisconnectedWhileAnotherKeepsWorking()
      throws Exception {
    try (ServerFixture f = ServerFixture.start(b -> b.maxQueuedBytes(256 << 10));
        RawProvider slow =
            f.boundRaw(
                RawWebSocket.connect(
                    "127.0.0.1", f.port(), RawWebSocket.defaultHeaders(f.port()), 4096),
                "slow",
                "sink");
        JdkProvider healthy = boundJdk(f, "healthy", "echo")) {
      CompletableFuture<CallResult> first = f.call("sink", "{}");
      slow.next(ToolCall.class); // from here on the slow provider never reads again

      String bulky = "{\"blob\":\"" + "b".repeat(64 << 10) + "\"}";
      List<CompletableFuture<CallResult>> flood = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        flood.add(f.call("sink", bulky));
      }
      // The gateway loop is not held up by the stuck socket (R-WS-07).
      assertEchoWorks(f, healthy);

      assertThat(await(first).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
      for (CompletableFuture<CallResult> call : flood) {
        assertThat(((ToolOutcome.Failure) await(call).outcome()).code())
            .isIn(ToolErrorCode.DISCONNECTED, ToolErrorCode.NOT_FOUND);
      }
      assertEchoWorks(f, healthy);
      // Whatever was written before the overflow, the socket then ends: close frame or cut.
      assertThat(slow.socket.awaitClose(ServerFixture.WAIT).code()).isIn(1008, -1);
    }
  }

  /** The other bound of the outbound queue: a count of messages, whatever their bytes. */
  @Test
  void aProviderThatStopsReadingIsClosedWhenItsQueueHoldsTooManyMessages() throws Exception {
    try (ServerFixture f =
            ServerFixture.start(
                b ->
                    b.maxQueuedMessages(32)
                        .maxQueuedBytes(1L << 30)
                        .maxQueuedBytesTotal(1L << 30));
        RawProvider slow =
            f.boundRaw(
                RawWebSocket.connect(
                    "127.0.0.1", f.port(), RawWebSocket.defaultHeaders(f.port()), 4096),
                "slow",
                "sink")) {
      CompletableFuture<CallResult> first = f.call("sink", "{}");
      slow.next(ToolCall.class); // from here on the slow provider never reads again

      String args = "{\"blob\":\"" + "b".repeat(16 << 10) + "\"}";
      List<CompletableFuture<CallResult>> flood = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        flood.add(f.call("sink", args));
      }

      assertThat(await(first).outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
      for (CompletableFuture<CallResult> call : flood) {
        assertThat(((ToolOutcome.Failure) await(call).outcome()).code())
            .isIn(ToolErrorCode.DISCONNECTED, ToolErrorCode.NOT_FOUND);
      }
      assertThat(slow.socket.awaitClose(ServerFixture.WAIT).code()).isIn(1008, -1);
    }
  }

  @Test
  void aSilentPeerIsClosedAfterTheIdleTimeoutWhileAPeerAnsweringPingsStays() throws Exception {
    // Real sockets, manual time: the gateway's clock measures silence, and the server's backend
    // schedules the heartbeat on it, every 15 s for a 45 s idle timeout (issue 50). A timer of the
    // server's own would beat 15 s of real time apart, past every wait here: only the backend's
    // beats close the silent peer in time.
    ManualClock time = new ManualClock();
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.backend(time.backend().threaded()),
                b -> b.idleTimeout(Duration.ofSeconds(45)).backend(time.backend()));
        RawProvider silent = f.boundRaw(RawWebSocket.connect(f.port()), "silent", "nap");
        JdkProvider live = boundJdk(f, "live", "echo")) {
      CompletableFuture<CallResult> napping = f.call("nap", "{}");
      // The raw client answers pings only while reading: from here on it is silent. The JDK
      // client answers each ping by itself; the test waits until the server has read each answer.
      time.advance(Duration.ofSeconds(15));
      live.awaitPingAnswered();
      time.advance(Duration.ofSeconds(15));
      live.awaitPingAnswered();

      time.advance(Duration.ofSeconds(15).minusMillis(1));
      await(f.gateway.sessions()); // whatever a close would have queued on the loop has run
      assertThat(napping).as("silent one tick before the idle timeout: still open").isNotDone();

      time.advance(Duration.ofMillis(1));

      assertThat(((ToolOutcome.Failure) await(napping).outcome()).code())
          .isEqualTo(ToolErrorCode.DISCONNECTED);
      // The JDK client answered the pings, so it outlived the same timeout.
      assertEchoWorks(f, live);
    }
  }

  /** The heartbeat's scheduler is the server's own, taken from its backend (issue 50). */
  @Test
  void theServerTakesItsHeartbeatsSchedulerFromItsBackendAndItsCloseReleasesIt() throws Exception {
    ManualClock time = new ManualClock();
    RecordingBackend backend = new RecordingBackend(time.backend());
    ServerFixture f =
        ServerFixture.start(g -> g.backend(time.backend().threaded()), b -> b.backend(backend));
    try {
      assertThat(backend.schedulersMade()).isEqualTo(1);
      assertThat(backend.schedulersReleased()).isZero();
    } finally {
      f.close();
    }

    assertThat(backend.schedulersReleased()).isEqualTo(1);
  }

  @Test
  void closingTheServerClosesProvidersWith1001AndEndsTheirCalls() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        JdkProvider provider = boundJdk(f, "worker", "work")) {
      CompletableFuture<CallResult> result = f.call("work", "{}");
      provider.next(ToolCall.class);

      f.server.close();

      assertThat(await(provider.closeCode())).isEqualTo(1001);
      assertThat(((ToolOutcome.Failure) await(result).outcome()).code())
          .isEqualTo(ToolErrorCode.DISCONNECTED);
    }
  }

  // ---- helpers ----

  static JdkProvider boundJdk(ServerFixture f, String name, String... tools) throws Exception {
    JdkProvider provider = JdkProvider.connect(f.server.url());
    provider.send(Auth.withToken(f.gateway.credentials().providerToken()));
    provider.next(Sessions.class);
    provider.send(
        Hello.builder(name).session(f.sessionId).tools(ServerFixture.definitions(tools)).build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
    return provider;
  }

  private static void assertEchoWorks(ServerFixture f, JdkProvider provider) throws Exception {
    CompletableFuture<CallResult> echoed = f.call("echo", "{\"say\":\"hi\"}");
    ToolCall call = provider.next(ToolCall.class);
    provider.send(ToolResult.success(call.id(), call.args()));
    assertThat(await(echoed).outcome()).isEqualTo(ToolOutcome.success(json("{\"say\":\"hi\"}")));
  }

  /** A new connection still completes its handshake and authenticates. */
  private static void assertServerStillServes(ServerFixture f) throws Exception {
    try (RawProvider again = f.authenticatedRaw(RawWebSocket.connect(f.port()))) {
      assertThat(again.socket.status()).isEqualTo(101);
    }
  }

  /** A successful tool.result for {@code callId} whose JSON text is exactly {@code bytes} long. */
  static String toolResultOfExactly(String callId, int bytes, char filler) {
    String empty = ServerFixture.CODEC.encode(ToolResult.success(callId, TextNode.valueOf("")));
    int fillerBytes = String.valueOf(filler).getBytes(StandardCharsets.UTF_8).length;
    int missing = bytes - empty.getBytes(StandardCharsets.UTF_8).length;
    StringBuilder padding =
        new StringBuilder(filler == 'x' ? "" : "x".repeat(missing % fillerBytes));
    padding.append(String.valueOf(filler).repeat(missing / fillerBytes));
    String text = empty.replace("\"data\":\"\"", "\"data\":\"" + padding + "\"");
    assertThat(text.getBytes(StandardCharsets.UTF_8)).hasSize(bytes);
    return text;
  }

  private static int emptyResultBytes(String callId) {
    return ServerFixture.CODEC
        .encode(ToolResult.success(callId, TextNode.valueOf("")))
        .getBytes(StandardCharsets.UTF_8)
        .length;
  }
}
