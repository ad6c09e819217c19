package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.RawHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Plain HTTP routes on the server's port ({@link WebSocketServer.Builder#route}): the checks every
 * request passes, a route's admission from the headers, bodies and their budget of their own, late
 * answers, and event streams with theirs. A real
 * Tyrus/Grizzly server on a free port and raw sockets, so each test can send what a browser or an
 * attacker would.
 */
class HttpRoutesTest {

  /** Requests the echo route has seen. */
  private final List<HttpRequest> seen = new CopyOnWriteArrayList<>();

  /** Answers with what it was asked: method, path, the query's {@code q}, the body's length. */
  private final HttpRoute echo =
      (request, reply) -> {
        seen.add(request);
        reply.send(
            200,
            "text/plain; charset=utf-8",
            request.method() + " " + request.path() + " q=" + request.queryParameter("q").orElse("-")
                + " body=" + request.body().length);
      };

  @Test
  void aRouteAnswersItsPathAndEveryPathUnderItAndNothingElse() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/status?q=a%20b", Map.of()).body()).isEqualTo("GET /status q=a b body=0");
      assertThat(RawHttp.get(f.port(), "/status/app.js", Map.of()).body()).isEqualTo("GET /status/app.js q=- body=0");

      assertThat(RawHttp.get(f.port(), "/statusx", Map.of()).status()).isEqualTo(404);
      assertThat(RawHttp.get(f.port(), "/", Map.of()).status()).isEqualTo(404);
      assertThat(RawHttp.get(f.port(), "/host", Map.of()).status()).isEqualTo(404);
      assertThat(seen).hasSize(2);
    }
  }

  @Test
  void everyAnswerForbidsCachingAndSniffingAndNoneNamesTheServerSoftware() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      for (String target : List.of("/status", "/nothing")) {
        RawHttp.Answer answer = RawHttp.get(f.port(), target, Map.of());
        assertThat(answer.headers()).containsEntry("cache-control", "no-store").containsEntry("x-content-type-options", "nosniff");
        if (target.equals("/status")) {
          assertThat(answer.headers()).as("one request a connection").containsEntry("connection", "close");
        }
        assertThat(answer.body()).doesNotContainIgnoringCase("grizzly");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://evil.example", "http://127.0.0.1:1", "null", "https://127.0.0.1"})
  void aForeignOriginIsRefusedWith403BeforeTheRouteSeesIt(String origin) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/status", Map.of("Origin", origin)).status()).isEqualTo(403);
      assertThat(seen).isEmpty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:%d", "http://localhost:%d", "http://[::1]:%d"})
  void theServersOwnOriginIsAccepted(String origin) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/status", Map.of("Origin", origin.formatted(f.port()))).status()).isEqualTo(200);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"evil.example:%d", "127.0.0.1:1", "192.168.1.1:%d"})
  void aHostNotNamingThisLoopbackServerIsRefusedWith403(String host) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/status", Map.of("Host", host.formatted(f.port()))).status()).isEqualTo(403);
      assertThat(seen).isEmpty();
    }
  }

  @Test
  void aBodyIsReadWholeUpToTheRoutesLimitAndOneByteMoreGets413() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, echo).route("/status", echo))) {
      assertThat(post(f, "/api", "x".repeat(1024)).body()).isEqualTo("POST /api q=- body=1024");
      assertThat(post(f, "/api", "x".repeat(1025)).status()).isEqualTo(413);
      assertThat(post(f, "/status", "x").status()).as("a route without bodies").isEqualTo(413);
      assertThat(seen).hasSize(1);
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
    }
  }

  @Test
  void aChunkedBodyIsCountedAsItArrivesAndCutAtTheLimit() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, echo));
        RawHttp http = RawHttp.connect(f.port())) {
      String chunk = "x".repeat(600);
      String chunked = Integer.toHexString(600) + "\r\n" + chunk + "\r\n" + Integer.toHexString(600) + "\r\n" + chunk + "\r\n0\r\n\r\n";
      http.send("POST", "/api", f.port(), Map.of("Transfer-Encoding", "chunked"), null);
      http.socket().getOutputStream().write(chunked.getBytes(StandardCharsets.US_ASCII));
      assertThat(http.answer().status()).isEqualTo(413);
      assertThat(seen).isEmpty();
      awaitTrue("its bytes given back", () -> f.server.unfinishedHttpBodyBytes() == 0);
    }
  }

  @Test
  void aLargeBodyArrivesWhole() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 100_000, echo))) {
      assertThat(post(f, "/api", "y".repeat(100_000)).body()).isEqualTo("POST /api q=- body=100000");
    }
  }

  @org.junit.jupiter.api.RepeatedTest(10) // a body whose headers came alone once lost its second half
  void aBodySentInPiecesArrivesWhole() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 100_000, echo));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("POST", "/api", f.port(), Map.of("Content-Length", "100000"), "y".repeat(40_000));
      http.socket().getOutputStream().write("y".repeat(60_000).getBytes(StandardCharsets.US_ASCII));
      assertThat(http.answer().body()).isEqualTo("POST /api q=- body=100000");
      assertThat(new String(seen.get(0).body(), StandardCharsets.US_ASCII)).isEqualTo("y".repeat(100_000));
    }
  }

  @Test
  void aBodyPastTheServersHttpBodyBudgetGets503AndOthersAreStillServed() throws IOException {
    try (ServerFixture f =
        ServerFixture.start(b -> b.route("/api", 100_000, echo).route("/status", echo).maxUnfinishedHttpBodyBytes(10_000))) {
      assertThat(post(f, "/api", "x".repeat(10_001)).status()).isEqualTo(503);
      assertThat(post(f, "/api", "x".repeat(10_000)).status()).isEqualTo(200);
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
      awaitTrue("every body given back", () -> f.server.unfinishedHttpBodyBytes() == 0);
    }
  }

  // ---- admission (issue 32) ----

  /** What {@link #guarded} was asked to admit. */
  private final List<HttpRequest> admissions = new CopyOnWriteArrayList<>();

  /**
   * Takes a request only with {@code Authorization: Bearer good}, decided from the headers as a
   * route guarding a token does; answers as {@link #echo}.
   */
  private final HttpRoute guarded =
      new HttpRoute() {
        @Override
        public Optional<HttpRefusal> admit(HttpRequest head) {
          admissions.add(head);
          return head.header("Authorization").filter("Bearer good"::equals).isPresent()
              ? Optional.empty()
              : Optional.of(new HttpRefusal(401, "text/plain; charset=utf-8", Map.of("WWW-Authenticate", "Bearer"), "who are you?\n".getBytes(StandardCharsets.UTF_8)));
        }

        @Override
        public void handle(HttpRequest request, HttpReply reply) {
          echo.handle(request, reply);
        }
      };

  @Test
  void aRequestTheRouteRefusesFromItsHeadersGetsTheRefusalAtOnceAndItsBodyIsNeverRead() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1 << 20, guarded).maxUnfinishedHttpBodyBytes(1 << 20));
        RawHttp stranger = RawHttp.connect(f.port())) {
      // Announces 1 MiB and sends one byte: the answer cannot have waited for the body.
      stranger.send("POST", "/api", f.port(), Map.of("Content-Length", Integer.toString(1 << 20)), "x");

      RawHttp.Answer refused = stranger.answer();
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.body()).isEqualTo("who are you?\n");
      assertThat(refused.headers())
          .containsEntry("www-authenticate", "Bearer")
          .containsEntry("connection", "close")
          .containsEntry("cache-control", "no-store");
      assertThat(stranger.closedByServer()).isTrue();
      assertThat(admissions).singleElement().satisfies(head -> assertThat(head.body()).isEmpty());
      assertThat(seen).as("the route's handler").isEmpty();
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
      assertThat(f.server.unfinishedInboundBytes()).isZero();
      assertThat(post(f, "/api", "x", "Bearer good").body()).isEqualTo("POST /api q=- body=1");
    }
  }

  @Test
  void admissionComesBeforeTheBodyLimitAndTheBudgetSoAStrangerLearnsNeither() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, guarded).maxUnfinishedHttpBodyBytes(1024))) {
      assertThat(post(f, "/api", "x".repeat(2048), null).status()).as("over the route's limit").isEqualTo(401);
      assertThat(post(f, "/api", "x".repeat(2048), "Bearer good").status()).isEqualTo(413);
      assertThat(seen).isEmpty();
    }
  }

  @Test
  void aTokenHolderPastTheHttpBodyBudgetGets503AndAStrangerStill401() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 8_000, guarded).maxUnfinishedHttpBodyBytes(10_000));
        RawHttp holder = RawHttp.connect(f.port())) {
      holder.send("POST", "/api", f.port(), Map.of("Authorization", "Bearer good", "Content-Length", "6000"), "x");
      awaitTrue("the first body is charged", () -> f.server.unfinishedHttpBodyBytes() == 6000);

      RawHttp.Answer second = post(f, "/api", "y".repeat(6000), "Bearer good");
      assertThat(second.status()).isEqualTo(503);
      assertThat(second.headers()).containsEntry("connection", "close");
      assertThat(post(f, "/api", "y".repeat(6000), "Bearer wrong").status()).isEqualTo(401);

      holder.socket().getOutputStream().write("x".repeat(5999).getBytes(StandardCharsets.US_ASCII));
      assertThat(holder.answer().body()).isEqualTo("POST /api q=- body=6000");
      awaitTrue("its bytes given back", () -> f.server.unfinishedHttpBodyBytes() == 0);
    }
  }

  @Test
  void aRequestWhoseHeadersPassEightKiBGets400BeforeAnyRouteIsAsked() throws IOException {
    // What a stranger can make the server hold before admission: a request line and headers of
    // at most 8 KiB (Grizzly's limit), on one of the 64 sockets that may wait for their answer.
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 1024, guarded));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/api", f.port(), Map.of("X-Padding", "p".repeat(8 * 1024)), null);
      assertThat(http.status()).isEqualTo(400);
      assertThat(admissions).isEmpty();
      assertThat(RawHttp.get(f.port(), "/api", Map.of("X-Padding", "p".repeat(7 * 1024))).status()).as("within it").isEqualTo(401);
    }
  }

  @Test
  void aRouteThatThrowsWhileAdmittingGets500AndItsHandlerNeverRuns() throws IOException {
    HttpRoute broken =
        new HttpRoute() {
          @Override
          public Optional<HttpRefusal> admit(HttpRequest head) {
            throw new IllegalStateException("a bug in the route");
          }

          @Override
          public void handle(HttpRequest request, HttpReply reply) {
            echo.handle(request, reply);
          }
        };
    try (ServerFixture f = ServerFixture.start(b -> b.route("/broken", 1024, broken).route("/status", echo));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("POST", "/broken", f.port(), Map.of("Content-Length", "1024"), "x");
      assertThat(http.answer().status()).isEqualTo(500);
      assertThat(http.closedByServer()).isTrue();
      assertThat(seen).isEmpty();
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
    }
  }

  @Test
  void anAdmittedBodyThatDoesNotArriveLosesItsConnectionAndItsChargeAtTheHandshakeTimeout() throws IOException {
    ManualClock time = new ManualClock();
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.clock(time).scheduler(time), b -> b.route("/api", 8_000, guarded).handshakeTimeout(Duration.ofSeconds(5)));
        RawHttp slow = RawHttp.connect(f.port())) {
      slow.send("POST", "/api", f.port(), Map.of("Authorization", "Bearer good", "Content-Length", "4096"), "x");
      awaitTrue("the body is charged", () -> f.server.unfinishedHttpBodyBytes() == 4096);

      time.advance(Duration.ofSeconds(5).minusMillis(1));
      f.server.sweepDeadlines();
      assertThat(f.server.unfinishedHttpBodyBytes()).as("not yet overdue").isEqualTo(4096);
      time.advance(Duration.ofMillis(1));
      f.server.sweepDeadlines();

      assertThat(slow.closedByServer()).isTrue();
      awaitTrue("its charge given back", () -> f.server.unfinishedHttpBodyBytes() == 0);
      assertThat(seen).isEmpty();
    }
  }

  @Test
  void httpBodiesHaveABudgetOfTheirOwnAndFillingItCostsWebSocketPeersNothing() throws Exception {
    // A route that checks nothing before the body: any local process can fill the HTTP budget.
    try (ServerFixture f =
            ServerFixture.start(b -> b.route("/api", 1 << 20, echo).maxUnfinishedHttpBodyBytes(1 << 20).maxUnfinishedInboundBytes(4 << 20));
        RawHttp filler = RawHttp.connect(f.port())) {
      filler.send("POST", "/api", f.port(), Map.of("Content-Length", Integer.toString(1 << 20)), "x");
      awaitTrue("the HTTP budget is full", () -> f.server.unfinishedHttpBodyBytes() == 1 << 20);
      assertThat(post(f, "/api", "y", null).status()).as("the next body").isEqualTo(503);

      assertThat(f.server.unfinishedInboundBytes()).isZero();
      // A provider's message of 3 MiB still fits the WebSocket budget whole.
      try (RawProvider provider = f.boundRaw(RawWebSocket.connect(f.port()), "worker", "dump")) {
        CompletableFuture<CallResult> result = f.call("dump", "{}");
        ToolCall call = provider.next(ToolCall.class);
        provider.send(ToolResult.success(call.id(), TextNode.valueOf("z".repeat(3 << 20))));
        assertThat(ServerFixture.await(result).outcome()).isInstanceOf(ToolOutcome.Success.class);
      }
      HostileTransportTest.assertAnotherProviderIsServed(f);
    }
  }

  @Test
  void aRequestNotAnsweredWithinTheHandshakeTimeoutLosesItsConnection() throws Exception {
    ManualClock time = new ManualClock();
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.clock(time).scheduler(time),
                b -> b.route("/never", (request, reply) -> {}).route("/status", echo).handshakeTimeout(Duration.ofSeconds(5)));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/never", f.port(), Map.of(), null);
      awaitTrue("the request is held", () -> f.server.pendingHandshakes() == 1);

      time.advance(Duration.ofSeconds(5).minusMillis(1));
      f.server.sweepDeadlines();
      assertThat(f.server.pendingHandshakes()).isEqualTo(1);
      time.advance(Duration.ofMillis(1));
      f.server.sweepDeadlines();

      assertThat(http.closedByServer()).isTrue();
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
    }
  }

  @Test
  void aRouteThatThrowsGets500AndTheServerGoesOn() throws IOException {
    HttpRoute broken = (request, reply) -> {
      throw new IllegalStateException("a bug in the route");
    };
    try (ServerFixture f = ServerFixture.start(b -> b.route("/broken", broken).route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/broken", Map.of()).status()).isEqualTo(500);
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
    }
  }

  @Test
  void aRouteMayAnswerLaterFromAnotherThreadButOnlyOnce() throws Exception {
    CompletableFuture<HttpReply> pending = new CompletableFuture<>();
    try (ServerFixture f = ServerFixture.start(b -> b.route("/later", (request, reply) -> pending.complete(reply)));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/later", f.port(), Map.of(), null);
      HttpReply reply = ServerFixture.await(pending);
      CompletableFuture.runAsync(() -> reply.send(202, "text/plain; charset=utf-8", "done")).get();

      assertThat(http.answer()).extracting(RawHttp.Answer::status, RawHttp.Answer::body).containsExactly(202, "done");
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> reply.send(200, "text/plain", "again"))
          .isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void theBuilderRefusesPathsThatAreNotARouteOfTheirOwn() {
    WebSocketServer.Builder builder = WebSocketServer.builder(io.github.providergateway.gateway.Gateway.builder().build());
    for (String path : List.of("", "/", "status", "/status/", "/host")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> builder.route(path, echo))
          .isInstanceOf(IllegalArgumentException.class);
    }
    builder.route("/status", echo);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> builder.route("/status", echo))
        .hasMessageContaining("routed already");
  }

  // ---- event streams ----

  /** Opens an event stream per request and hands it to the test. */
  private static final class StreamRoute implements HttpRoute {
    final List<ServerSentEvents> streams = new CopyOnWriteArrayList<>();

    @Override
    public void handle(HttpRequest request, HttpReply reply) {
      reply.openEvents(Map.of()).ifPresent(streams::add);
    }
  }

  @Test
  void eventsReachTheClientInOrderAndLineBreaksSurvive() throws IOException {
    StreamRoute route = new StreamRoute();
    try (ServerFixture f = ServerFixture.start(b -> b.route("/events", route));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/events", f.port(), Map.of(), null);
      assertThat(http.status()).isEqualTo(200);
      assertThat(http.headers()).containsEntry("content-type", "text/event-stream; charset=utf-8");
      awaitTrue("the stream is open", () -> route.streams.size() == 1);
      ServerSentEvents stream = route.streams.get(0);

      assertThat(stream.send("1", "snapshot", "{\"a\":1}")).isTrue();
      assertThat(stream.send(null, null, "two\nlines")).isTrue();

      assertThat(http.nextEventData()).isEqualTo("{\"a\":1}");
      assertThat(http.nextEventData()).isEqualTo("two\nlines");
    }
  }

  @Test
  void streamsPastTheCapGet503UntilOneCloses() throws IOException {
    StreamRoute route = new StreamRoute();
    try (ServerFixture f = ServerFixture.start(b -> b.route("/events", route).route("/status", echo).maxEventStreams(2));
        RawHttp first = RawHttp.connect(f.port());
        RawHttp second = RawHttp.connect(f.port())) {
      first.send("GET", "/events", f.port(), Map.of(), null);
      second.send("GET", "/events", f.port(), Map.of(), null);
      awaitTrue("two open", () -> f.server.openEventStreams() == 2);

      assertThat(RawHttp.get(f.port(), "/events", Map.of()).status()).isEqualTo(503);
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).as("others still served").isEqualTo(200);

      first.close();
      awaitTrue("the first's slot is free", () -> f.server.openEventStreams() == 1);
      try (RawHttp third = RawHttp.connect(f.port())) {
        third.send("GET", "/events", f.port(), Map.of(), null);
        assertThat(third.status()).isEqualTo(200);
      }
    }
  }

  @Test
  void aStreamOutlivesTheHandshakeDeadlineAndIsKeptAliveWithAComment() throws IOException {
    ManualClock time = new ManualClock();
    StreamRoute route = new StreamRoute();
    try (ServerFixture f =
            ServerFixture.start(g -> g.clock(time).scheduler(time), b -> b.route("/events", route).handshakeTimeout(Duration.ofSeconds(5)));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/events", f.port(), Map.of(), null);
      assertThat(http.status()).isEqualTo(200);
      awaitTrue("the stream is open", () -> route.streams.size() == 1);
      assertThat(f.server.pendingHandshakes()).as("a stream is not a pending handshake").isZero();

      time.advance(Duration.ofSeconds(15).minusMillis(1));
      f.server.sweepDeadlines();
      assertThat(route.streams.get(0).isOpen()).isTrue();
      assertThat(route.streams.get(0).send(null, "tick", "before")).isTrue();
      assertThat(http.nextEventData()).isEqualTo("before");

      time.advance(Duration.ofSeconds(15));
      f.server.sweepDeadlines();
      assertThat(http.lineStartingWith(":")).isEqualTo(": keep-alive");
    }
  }

  @Test
  void aClientThatStopsReadingLosesItsStreamAndOthersAreStillServed() throws IOException {
    StreamRoute route = new StreamRoute();
    AtomicReference<Boolean> closeActionRan = new AtomicReference<>(false);
    try (ServerFixture f = ServerFixture.start(b -> b.route("/events", route).route("/status", echo));
        RawHttp stalled = RawHttp.connect(f.port())) {
      stalled.socket().setReceiveBufferSize(4096);
      stalled.send("GET", "/events", f.port(), Map.of(), null);
      awaitTrue("the stream is open", () -> route.streams.size() == 1);
      ServerSentEvents stream = route.streams.get(0);
      stream.onClose(() -> closeActionRan.set(true));

      String event = "z".repeat(64 * 1024);
      int sent = 0;
      while (stream.send(null, null, event)) {
        sent++;
        assertThat(sent).as("closed before the server held far more than its bound").isLessThan(4096);
      }

      assertThat(stream.isOpen()).isFalse();
      // The close actions run on whichever thread marked it closed: Grizzly's close listener may
      // be a selector thread's.
      awaitTrue("its close action ran", closeActionRan::get);
      awaitTrue("its slot is free", () -> f.server.openEventStreams() == 0);
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
    }
  }

  @Test
  void aClientLeavingClosesItsStream() throws IOException {
    StreamRoute route = new StreamRoute();
    try (ServerFixture f = ServerFixture.start(b -> b.route("/events", route))) {
      RawHttp http = RawHttp.connect(f.port());
      http.send("GET", "/events", f.port(), Map.of(), null);
      awaitTrue("the stream is open", () -> route.streams.size() == 1);
      List<String> closed = new ArrayList<>();
      route.streams.get(0).onClose(() -> closed.add("closed"));

      http.close();

      awaitTrue("the stream noticed", () -> !route.streams.get(0).isOpen() || !route.streams.get(0).send(null, null, "x"));
      awaitTrue("its close action ran", () -> closed.size() == 1);
    }
  }

  @Test
  void stoppingTheServerClosesEveryStream() throws IOException {
    StreamRoute route = new StreamRoute();
    ServerFixture f = ServerFixture.start(b -> b.route("/events", route));
    try (RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/events", f.port(), Map.of(), null);
      awaitTrue("the stream is open", () -> route.streams.size() == 1);

      f.close();

      assertThat(route.streams.get(0).isOpen()).isFalse();
      assertThat(http.closedByServer()).isTrue();
    }
  }

  private static RawHttp.Answer post(ServerFixture f, String target, String body) throws IOException {
    return post(f, target, body, null);
  }

  /** A whole {@code POST} on a connection of its own, with {@code Authorization} unless null. */
  private static RawHttp.Answer post(ServerFixture f, String target, String body, String authorization) throws IOException {
    Map<String, String> headers = new java.util.LinkedHashMap<>();
    headers.put("Content-Type", "text/plain");
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    try (RawHttp http = RawHttp.connect(f.port())) {
      http.send("POST", target, f.port(), headers, body);
      return http.answer();
    }
  }
}
