package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.http.ServerSentEvents;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.RawHttp;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Plain HTTP routes on the server's port ({@link WebSocketServer.Builder#route}): the checks every
 * request passes, a route's admission from the headers, bodies and their budget of their own, what
 * a body answered without being read still costs, late answers, and event streams with theirs. A
 * real Tyrus/Grizzly server on a free port and raw sockets, so each test can send what a browser or
 * an attacker would.
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
            request.method()
                + " "
                + request.path()
                + " q="
                + request.queryParameter("q").orElse("-")
                + " body="
                + request.body().length);
      };

  @Test
  void aRouteAnswersItsPathAndEveryPathUnderItAndNothingElse() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/status?q=a%20b", Map.of()).body())
          .isEqualTo("GET /status q=a b body=0");
      assertThat(RawHttp.get(f.port(), "/status/app.js", Map.of()).body())
          .isEqualTo("GET /status/app.js q=- body=0");

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
        assertThat(answer.headers())
            .containsEntry("cache-control", "no-store")
            .containsEntry("x-content-type-options", "nosniff");
        if (target.equals("/status")) {
          assertThat(answer.headers())
              .as("one request a connection")
              .containsEntry("connection", "close");
        }
        assertThat(answer.body()).doesNotContainIgnoringCase("grizzly");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://evil.example", "http://127.0.0.1:1", "null", "https://127.0.0.1"})
  void aForeignOriginIsRefusedWith403BeforeTheRouteSeesIt(String origin) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/status", Map.of("Origin", origin)).status())
          .isEqualTo(403);
      assertThat(seen).isEmpty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:%d", "http://localhost:%d", "http://[::1]:%d"})
  void theServersOwnOriginIsAccepted(String origin) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(
              RawHttp.get(f.port(), "/status", Map.of("Origin", origin.formatted(f.port())))
                  .status())
          .isEqualTo(200);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"evil.example:%d", "127.0.0.1:1", "192.168.1.1:%d"})
  void aHostNotNamingThisLoopbackServerIsRefusedWith403(String host) throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/status", echo))) {
      assertThat(
              RawHttp.get(f.port(), "/status", Map.of("Host", host.formatted(f.port()))).status())
          .isEqualTo(403);
      assertThat(seen).isEmpty();
    }
  }

  @Test
  void aBodyIsReadWholeUpToTheRoutesLimitAndOneByteMoreGets413() throws IOException {
    try (ServerFixture f =
        ServerFixture.start(b -> b.route("/api", 1024, echo).route("/status", echo))) {
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
      String chunked =
          Integer.toHexString(600)
              + "\r\n"
              + chunk
              + "\r\n"
              + Integer.toHexString(600)
              + "\r\n"
              + chunk
              + "\r\n0\r\n\r\n";
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
      assertThat(post(f, "/api", "y".repeat(100_000)).body())
          .isEqualTo("POST /api q=- body=100000");
    }
  }

  @org.junit.jupiter.api.RepeatedTest(
      10) // a body whose headers came alone once lost its second half
  void aBodySentInPiecesArrivesWhole() throws IOException {
    try (ServerFixture f = ServerFixture.start(b -> b.route("/api", 100_000, echo));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("POST", "/api", f.port(), Map.of("Content-Length", "100000"), "y".repeat(40_000));
      http.socket().getOutputStream().write("y".repeat(60_000).getBytes(StandardCharsets.US_ASCII));
      assertThat(http.answer().body()).isEqualTo("POST /api q=- body=100000");
      assertThat(new String(seen.get(0).body(), StandardCharsets.US_ASCII))
          .isEqualTo("y".repeat(100_000));
    }
  }

  @Test
  void aBodyPastTheServersHttpBodyBudgetGets503AndOthersAreStillServed() throws IOException {
    try (ServerFixture f =
        ServerFixture.start(
            b ->
                b.route("/api", 100_000, echo)
                    .route("/status", echo)
                    .maxUnfinishedHttpBodyBytes(10_000))) {
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
              : Optional.of(
                  new HttpRefusal(
                      401,
                      "text/plain; charset=utf-8",
                      Map.of("WWW-Authenticate", "Bearer"),
                      "who are you?\n".getBytes(StandardCharsets.UTF_8)));
        }

        @Override
        public void handle(HttpRequest request, HttpReply reply) {
          echo.handle(request, reply);
        }
      };

  @Test
  void aRequestTheRouteRefusesFromItsHeadersGetsTheRefusalAtOnceAndItsBodyIsDroppedUncharged()
      throws IOException {
    try (ServerFixture f =
            ServerFixture.start(
                b -> b.route("/api", 1 << 20, guarded).maxUnfinishedHttpBodyBytes(1 << 20));
        RawHttp stranger = RawHttp.connect(f.port())) {
      // Announces 1 MiB and sends one byte: the answer cannot have waited for the body.
      stranger.send(
          "POST", "/api", f.port(), Map.of("Content-Length", Integer.toString(1 << 20)), "x");

      RawHttp.Answer refused = stranger.answer();
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.body()).isEqualTo("who are you?\n");
      assertThat(refused.headers())
          .containsEntry("www-authenticate", "Bearer")
          .containsEntry("connection", "close")
          .containsEntry("cache-control", "no-store");
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
      // The rest of the body is dropped as it comes, and then the connection closes.
      stranger.socket().getOutputStream().write(new byte[(1 << 20) - 1]);
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
    try (ServerFixture f =
        ServerFixture.start(b -> b.route("/api", 1024, guarded).maxUnfinishedHttpBodyBytes(1024))) {
      assertThat(post(f, "/api", "x".repeat(2048), null).status())
          .as("over the route's limit")
          .isEqualTo(401);
      assertThat(post(f, "/api", "x".repeat(2048), "Bearer good").status()).isEqualTo(413);
      assertThat(seen).isEmpty();
    }
  }

  @Test
  void aTokenHolderPastTheHttpBodyBudgetGets503AndAStrangerStill401() throws IOException {
    try (ServerFixture f =
            ServerFixture.start(
                b -> b.route("/api", 8_000, guarded).maxUnfinishedHttpBodyBytes(10_000));
        RawHttp holder = RawHttp.connect(f.port())) {
      holder.send(
          "POST",
          "/api",
          f.port(),
          Map.of("Authorization", "Bearer good", "Content-Length", "6000"),
          "x");
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
      assertThat(RawHttp.get(f.port(), "/api", Map.of("X-Padding", "p".repeat(7 * 1024))).status())
          .as("within it")
          .isEqualTo(401);
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
    try (ServerFixture f =
            ServerFixture.start(b -> b.route("/broken", 1024, broken).route("/status", echo));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("POST", "/broken", f.port(), Map.of(), "x".repeat(1024));
      assertThat(http.answer().status()).isEqualTo(500);
      assertThat(http.closedByServer()).isTrue();
      assertThat(seen).isEmpty();
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
    }
  }

  // ---- bodies answered without being read ----

  /**
   * A client that writes its whole body before reading anything, as simple HTTP clients do, gets
   * the whole refusal, twenty times over on one server. A refusal used to close over the unread
   * body, Linux then reset the connection, and the client failed on its own write ("broken pipe")
   * before it could read the 401 and its {@code WWW-Authenticate}: both 401 cases failed so. 413
   * and 503 already let Grizzly read the rest; they are here so that the cap keeps them working.
   */
  @ParameterizedTest(name = "{0}, written {1} bytes at a time")
  @CsvSource({"401, 1048576", "401, 16384", "413, 16384", "503, 16384"})
  void aClientThatSendsItsWholeBodyBeforeReadingReadsTheWholeRefusal(int status, int writeBytes)
      throws IOException {
    int body = 1 << 20;
    Map<String, String> headers = new java.util.LinkedHashMap<>();
    headers.put("Content-Length", Integer.toString(body));
    if (status != 401) {
      headers.put("Authorization", "Bearer good");
    }
    String target = status == 413 ? "/small" : "/mcp";
    try (ServerFixture f =
        ServerFixture.start(
            b ->
                b.route("/mcp", 4 << 20, guarded)
                    .route("/small", 1024, guarded)
                    .maxUnfinishedHttpBodyBytes(body / 2))) {
      for (int attempt = 0; attempt < 20; attempt++) {
        try (RawHttp client = RawHttp.connect(f.port())) {
          client.send("POST", target, f.port(), headers, null);
          byte[] piece = new byte[writeBytes];
          for (int sent = 0; sent < body; sent += writeBytes) {
            client.socket().getOutputStream().write(piece);
          }

          RawHttp.Answer refused = client.answer();
          assertThat(refused.status()).as("try %d", attempt).isEqualTo(status);
          assertThat(refused.headers()).containsEntry("connection", "close");
          if (status == 401) {
            assertThat(refused.headers()).containsEntry("www-authenticate", "Bearer");
            assertThat(refused.body()).isEqualTo("who are you?\n");
          }
          assertThat(client.closedByServer()).as("closed once the body was dropped").isTrue();
        }
      }
      assertThat(seen).as("the route's handler").isEmpty();
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
      assertThat(f.server.unfinishedInboundBytes()).isZero();
    }
  }

  /**
   * A refused client that goes on sending is cut off by the byte cap alone (the clock never moves,
   * so no deadline can be what cuts it): a chunked body once 64 KiB were dropped (the least cap;
   * the route takes 1 KiB), a body announced as 1 TiB at once, its remainder being past the cap.
   * What the client gets written before its write fails is that plus what the two sockets' kernel
   * buffers took (about 80 KiB and 3 MiB here).
   */
  @ParameterizedTest
  @ValueSource(strings = {"chunked", "announced"})
  void aRefusedClientThatKeepsSendingIsCutOffOnceTheBytesDroppedPassTheCap(String framing)
      throws IOException {
    ManualClock time = new ManualClock();
    long giveUpBytes = 256L << 20;
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.backend(time.backend().threaded()), b -> b.route("/api", 1024, guarded));
        RawHttp stranger = RawHttp.connect(f.port())) {
      boolean chunked = framing.equals("chunked");
      byte[] data = new byte[16 * 1024];
      byte[] piece =
          chunked
              ? (Integer.toHexString(data.length)
                      + "\r\n"
                      + new String(data, StandardCharsets.US_ASCII)
                      + "\r\n")
                  .getBytes(StandardCharsets.US_ASCII)
              : data;
      stranger.send(
          "POST",
          "/api",
          f.port(),
          Map.of(
              chunked ? "Transfer-Encoding" : "Content-Length",
              chunked ? "chunked" : Long.toString(1L << 40)),
          null);
      java.io.OutputStream out = stranger.socket().getOutputStream();
      out.write(piece); // Grizzly hands a chunked request on with its first chunk
      assertThat(stranger.answer().status()).isEqualTo(401);

      // On a thread of its own: should the server stop reading without closing, the write would
      // block, and the bounded wait below fails instead (closing the socket then frees it).
      CompletableFuture<Long> written =
          CompletableFuture.supplyAsync(
              () -> {
                long bytes = 0;
                try {
                  while (bytes < giveUpBytes) {
                    out.write(piece);
                    bytes += piece.length;
                  }
                } catch (IOException cut) {
                  return bytes;
                }
                return bytes;
              });

      long bytes = ServerFixture.await(written);
      assertThat(bytes).as("written before the connection was cut").isLessThan(giveUpBytes);
      awaitTrue("its socket is let go", () -> f.server.pendingHandshakes() == 0);
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
      assertThat(seen).isEmpty();
    }
  }

  @Test
  void aRefusedClientThatTricklesItsBodyIsCutAtTheHandshakeDeadlineAndNotOneTickBefore()
      throws IOException {
    ManualClock time = new ManualClock();
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.backend(time.backend().threaded()),
                b -> b.route("/mcp", 4 << 20, guarded).handshakeTimeout(Duration.ofSeconds(5)));
        RawHttp stranger = RawHttp.connect(f.port())) {
      stranger.send(
          "POST", "/mcp", f.port(), Map.of("Content-Length", Integer.toString(1 << 20)), "x");
      assertThat(stranger.answer().status()).isEqualTo(401);
      stranger.socket().getOutputStream().write(new byte[64 * 1024]);

      time.advance(Duration.ofSeconds(5).minusMillis(1));
      f.server.sweepDeadlines();
      assertThat(f.server.pendingHandshakes()).as("its body still being dropped").isEqualTo(1);
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
      assertThat(f.server.unfinishedInboundBytes()).isZero();
      time.advance(Duration.ofMillis(1));
      f.server.sweepDeadlines();

      assertThat(stranger.closedByServer()).isTrue();
      assertThat(f.server.pendingHandshakes()).isZero();
    }
  }

  /**
   * A route that holds an admitted request past the handshake deadline ({@link
   * HttpReply#holdPastDeadline}, the hooks waiting for gates) answers it however late; one that
   * does not loses the connection at the deadline, as before.
   */
  @Test
  void aRequestTheRouteHoldsIsAnsweredAfterTheHandshakeDeadlineAndOneItDoesNotIsCut()
      throws Exception {
    ManualClock time = new ManualClock();
    List<HttpReply> replies = new CopyOnWriteArrayList<>();
    HttpRoute slow =
        (request, reply) -> {
          if (request.path().equals("/held")) {
            reply.holdPastDeadline();
          }
          replies.add(reply);
        };
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.backend(time.backend().threaded()),
                b ->
                    b.route("/held", 1024, slow)
                        .route("/plain", 1024, slow)
                        .handshakeTimeout(Duration.ofSeconds(5)));
        RawHttp held = RawHttp.connect(f.port());
        RawHttp plain = RawHttp.connect(f.port())) {
      held.send("POST", "/held", f.port(), Map.of(), "{}");
      plain.send("POST", "/plain", f.port(), Map.of(), "{}");
      awaitTrue("both reach the route", () -> replies.size() == 2);
      assertThat(f.server.pendingHandshakes()).as("only the one not held").isEqualTo(1);

      time.advance(Duration.ofSeconds(6));
      f.server.sweepDeadlines();
      assertThat(plain.closedByServer()).as("not held: cut at the deadline").isTrue();
      replies.forEach(
          reply -> {
            try {
              reply.send(200, "text/plain; charset=utf-8", "late\n");
            } catch (IllegalStateException alreadyCut) {
              // the plain one's connection is gone
            }
          });

      RawHttp.Answer answer = held.answer();
      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("late\n");
    }
  }

  /**
   * Thirty-two refused clients each send all but the last byte of a 4 MiB body, 128 MiB together,
   * and stay connected (the clock does not move). Once the kernel holds none of it for the server
   * (every byte read by the server's process), the heap has not grown by anything near that: each
   * read was dropped as it came. Reads the kernel's socket queues from {@code /proc/net/tcp}.
   */
  @Test
  void bytesDroppedFromRefusedBodiesAreNotHeld() throws IOException {
    Assumptions.assumeTrue(
        Files.isReadable(Path.of("/proc/net/tcp")), "Linux: the kernel's socket queues");
    ManualClock time = new ManualClock();
    int clients = 32;
    int body = 4 << 20;
    List<RawHttp> strangers = new ArrayList<>();
    try (ServerFixture f =
        ServerFixture.start(
            g -> g.backend(time.backend().threaded()), b -> b.route("/mcp", body, guarded))) {
      long before = heapAfterGc();
      for (int i = 0; i < clients; i++) {
        RawHttp stranger = RawHttp.connect(f.port());
        strangers.add(stranger);
        stranger.send(
            "POST", "/mcp", f.port(), Map.of("Content-Length", Integer.toString(body)), "x");
        assertThat(stranger.answer().status()).isEqualTo(401);
        stranger.socket().getOutputStream().write(new byte[body - 2]);
      }
      awaitTrue("the server's process has read every byte", () -> unreadBytesFor(f.port()) == 0);
      assertThat(f.server.pendingHandshakes()).as("all still connected").isEqualTo(clients);

      long grown = heapAfterGc() - before;
      assertThat(grown)
          .as("heap grown, after dropping %d MiB", (long) clients * body >> 20)
          .isLessThan(16L << 20);
      assertThat(f.server.unfinishedHttpBodyBytes()).isZero();
      assertThat(f.server.unfinishedInboundBytes()).isZero();
    } finally {
      for (RawHttp stranger : strangers) {
        stranger.close();
      }
    }
  }

  private static long heapAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    System.gc(); // a full collection with the default collector: what is left is what is held
    return runtime.totalMemory() - runtime.freeMemory();
  }

  /**
   * Bytes the kernel has received for the server's side of connections to {@code port} that the
   * server has not read yet (the {@code rx_queue} of {@code /proc/net/tcp} and {@code tcp6}).
   */
  private static long unreadBytesFor(int port) {
    String local = String.format(":%04X ", port);
    long unread = 0;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      try {
        for (String line : Files.readAllLines(Path.of(table))) {
          String[] fields = line.trim().split("\\s+");
          if ((fields[1] + " ").endsWith(local)) { // the server's side: its local port
            unread += Long.parseLong(fields[4].substring(fields[4].indexOf(':') + 1), 16);
          }
        }
      } catch (IOException e) {
        // No IPv6 table on this machine.
      }
    }
    return unread;
  }

  @Test
  void anAdmittedBodyThatDoesNotArriveLosesItsConnectionAndItsChargeAtTheHandshakeTimeout()
      throws IOException {
    ManualClock time = new ManualClock();
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.backend(time.backend().threaded()),
                b -> b.route("/api", 8_000, guarded).handshakeTimeout(Duration.ofSeconds(5)));
        RawHttp slow = RawHttp.connect(f.port())) {
      slow.send(
          "POST",
          "/api",
          f.port(),
          Map.of("Authorization", "Bearer good", "Content-Length", "4096"),
          "x");
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
            ServerFixture.start(
                b ->
                    b.route("/api", 1 << 20, echo)
                        .maxUnfinishedHttpBodyBytes(1 << 20)
                        .maxUnfinishedInboundBytes(4 << 20));
        RawHttp filler = RawHttp.connect(f.port())) {
      filler.send(
          "POST", "/api", f.port(), Map.of("Content-Length", Integer.toString(1 << 20)), "x");
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
                g -> g.backend(time.backend().threaded()),
                b ->
                    b.route("/never", (request, reply) -> {})
                        .route("/status", echo)
                        .handshakeTimeout(Duration.ofSeconds(5)));
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

  /**
   * Issue 35, row 7: a stranger opening sockets and sending half a request line, more than the 64
   * that may wait, pushes out the oldest waiting socket, but never a request its route admitted: a
   * slow call over the MCP front door used to fail so under 100 such sockets a second.
   */
  @Test
  void anAdmittedRequestIsNotPushedOutByStrangersSocketsPastTheCapAndIsAnswered() throws Exception {
    CompletableFuture<HttpReply> held = new CompletableFuture<>();
    HttpRoute slow = (request, reply) -> held.complete(reply);
    try (ServerFixture f =
            ServerFixture.start(b -> b.route("/slow", slow).maxPendingHandshakes(8));
        RawHttp honest = RawHttp.connect(f.port())) {
      honest.send("GET", "/slow", f.port(), Map.of(), null);
      HttpReply reply =
          held.get(ServerFixture.WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
      List<java.net.Socket> strangers = new ArrayList<>();
      try {
        for (int i = 0; i < 3 * 8; i++) {
          java.net.Socket stranger =
              new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), f.port());
          stranger.getOutputStream().write("GET /sl".getBytes(StandardCharsets.US_ASCII));
          strangers.add(stranger);
        }
        awaitTrue(
            "the strangers fill the waiting sockets", () -> f.server.pendingHandshakes() == 8 + 1);

        reply.send(200, "text/plain; charset=utf-8", "late but whole");

        assertThat(honest.answer().body()).isEqualTo("late but whole");
        assertThat(f.server.admittedRequests()).as("answered: no longer held").isZero();
      } finally {
        for (java.net.Socket stranger : strangers) {
          stranger.close();
        }
      }
    }
  }

  /**
   * As many admitted requests may be served at once as sockets may wait; one more is refused, not
   * queued.
   */
  @Test
  void pastTheAdmittedRequestsCapANewRequestGets503AndTheServedOnesAreAnswered() throws Exception {
    List<HttpReply> held = new CopyOnWriteArrayList<>();
    HttpRoute slow = (request, reply) -> held.add(reply);
    List<RawHttp> clients = new ArrayList<>();
    try (ServerFixture f =
        ServerFixture.start(b -> b.route("/slow", slow).maxPendingHandshakes(2))) {
      try {
        for (int i = 0; i < 2; i++) {
          RawHttp client = RawHttp.connect(f.port());
          clients.add(client);
          client.send("GET", "/slow", f.port(), Map.of(), null);
        }
        awaitTrue("both are served", () -> held.size() == 2);

        assertThat(RawHttp.get(f.port(), "/slow", Map.of()).status()).isEqualTo(503);
        held.forEach(reply -> reply.send(200, "text/plain; charset=utf-8", "done"));
        for (RawHttp client : clients) {
          assertThat(client.answer().body()).isEqualTo("done");
        }
      } finally {
        for (RawHttp client : clients) {
          client.close();
        }
      }
    }
  }

  @Test
  void aRouteThatThrowsGets500AndTheServerGoesOn() throws IOException {
    HttpRoute broken =
        (request, reply) -> {
          throw new IllegalStateException("a bug in the route");
        };
    try (ServerFixture f =
        ServerFixture.start(b -> b.route("/broken", broken).route("/status", echo))) {
      assertThat(RawHttp.get(f.port(), "/broken", Map.of()).status()).isEqualTo(500);
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status()).isEqualTo(200);
    }
  }

  @Test
  void aRouteMayAnswerLaterFromAnotherThreadButOnlyOnce() throws Exception {
    CompletableFuture<HttpReply> pending = new CompletableFuture<>();
    try (ServerFixture f =
            ServerFixture.start(
                b -> b.route("/later", (request, reply) -> pending.complete(reply)));
        RawHttp http = RawHttp.connect(f.port())) {
      http.send("GET", "/later", f.port(), Map.of(), null);
      HttpReply reply = ServerFixture.await(pending);
      CompletableFuture.runAsync(() -> reply.send(202, "text/plain; charset=utf-8", "done")).get();

      assertThat(http.answer())
          .extracting(RawHttp.Answer::status, RawHttp.Answer::body)
          .containsExactly(202, "done");
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> reply.send(200, "text/plain", "again"))
          .isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void theBuilderRefusesPathsThatAreNotARouteOfTheirOwn() {
    WebSocketServer.Builder builder =
        WebSocketServer.builder(io.github.providergateway.gateway.Gateway.builder().build());
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
    try (ServerFixture f =
            ServerFixture.start(
                b -> b.route("/events", route).route("/status", echo).maxEventStreams(2));
        RawHttp first = RawHttp.connect(f.port());
        RawHttp second = RawHttp.connect(f.port())) {
      first.send("GET", "/events", f.port(), Map.of(), null);
      second.send("GET", "/events", f.port(), Map.of(), null);
      awaitTrue("two open", () -> f.server.openEventStreams() == 2);

      assertThat(RawHttp.get(f.port(), "/events", Map.of()).status()).isEqualTo(503);
      assertThat(RawHttp.get(f.port(), "/status", Map.of()).status())
          .as("others still served")
          .isEqualTo(200);

      first.close();
      awaitTrue("the first's slot is free", () -> f.server.openEventStreams() == 1);
      try (RawHttp third = RawHttp.connect(f.port())) {
        third.send("GET", "/events", f.port(), Map.of(), null);
        assertThat(third.status()).isEqualTo(200);
      }
    }
  }

  /**
   * Issue 35, row 8: a route's reserved event streams are its own. One client holding every other
   * stream (an MCP client with a GET stream and slow calls in 32 sessions) gets 503 past them,
   * while the reserving route (the status page) still opens its streams.
   */
  @Test
  void streamsReservedForARouteStayItsWhileAnotherRouteTakesEveryOther() throws IOException {
    StreamRoute mcp = new StreamRoute();
    StreamRoute status = new StreamRoute();
    List<RawHttp> clients = new ArrayList<>();
    try (ServerFixture f =
        ServerFixture.start(
            b ->
                b.route("/mcp", mcp)
                    .route("/status", status)
                    .maxEventStreams(4)
                    .reserveEventStreams("/status", 1))) {
      try {
        for (int i = 0; i < 3; i++) {
          RawHttp client = RawHttp.connect(f.port());
          clients.add(client);
          client.send("GET", "/mcp", f.port(), Map.of(), null);
          assertThat(client.status()).isEqualTo(200);
        }

        assertThat(RawHttp.get(f.port(), "/mcp", Map.of()).status())
            .as("the fourth is the status page's")
            .isEqualTo(503);
        RawHttp viewer = RawHttp.connect(f.port());
        clients.add(viewer);
        viewer.send("GET", "/status", f.port(), Map.of(), null);
        assertThat(viewer.status()).isEqualTo(200);
      } finally {
        for (RawHttp client : clients) {
          client.close();
        }
      }
    }
  }

  @Test
  void reservingMoreStreamsThanThereAreOrForNoRouteIsRefused() {
    HttpRoute none = (request, reply) -> {};
    try (io.github.providergateway.gateway.Gateway gateway =
        io.github.providergateway.gateway.Gateway.builder().build()) {
      assertThatThrownBy(
              () ->
                  WebSocketServer.builder(gateway)
                      .route("/a", none)
                      .maxEventStreams(2)
                      .reserveEventStreams("/a", 3)
                      .build())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("reserve 3 event streams, more than the 2");
      assertThatThrownBy(() -> WebSocketServer.builder(gateway).reserveEventStreams("/b", 1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("no route at /b");
    }
  }

  @Test
  void aStreamOutlivesTheHandshakeDeadlineAndIsKeptAliveWithAComment() throws IOException {
    ManualClock time = new ManualClock();
    StreamRoute route = new StreamRoute();
    try (ServerFixture f =
            ServerFixture.start(
                g -> g.backend(time.backend().threaded()),
                b -> b.route("/events", route).handshakeTimeout(Duration.ofSeconds(5)));
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
    try (ServerFixture f =
            ServerFixture.start(b -> b.route("/events", route).route("/status", echo));
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
        assertThat(sent)
            .as("closed before the server held far more than its bound")
            .isLessThan(4096);
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

      awaitTrue(
          "the stream noticed",
          () -> !route.streams.get(0).isOpen() || !route.streams.get(0).send(null, null, "x"));
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

  private static RawHttp.Answer post(ServerFixture f, String target, String body)
      throws IOException {
    return post(f, target, body, null);
  }

  /** A whole {@code POST} on a connection of its own, with {@code Authorization} unless null. */
  private static RawHttp.Answer post(
      ServerFixture f, String target, String body, String authorization) throws IOException {
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
