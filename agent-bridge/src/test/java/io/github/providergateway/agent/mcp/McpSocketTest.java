package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.internal.SocketClients;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.http.ServerSentEvents;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio windows' Unix socket ({@link McpSocket}) over real Unix domain sockets, spoken to as
 * curl speaks to it: the real MCP front door served through it (a session, its notification, its
 * {@code GET} stream; a request without the token refused before its body), and each bound pushed
 * past (headers, a body, the bodies held, the request's deadline, the connections, an event stream
 * its client does not read) while the socket still answers another client. Deadlines and
 * keep-alives run on a manual clock.
 */
class McpSocketTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path temp;
  private Path home;
  private final ManualClock clock = new ManualClock();
  private McpSocket socket;
  private LiveMcpHttp live;
  private final SocketClients sockets = new SocketClients();

  /** Requests the stand-in route got, each with the reply that answers it. */
  private final List<HttpRequest> requests = new CopyOnWriteArrayList<>();

  private final List<HttpReply> replies = new CopyOnWriteArrayList<>();

  @BeforeEach
  void ownerOnlyHome() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  @AfterEach
  void close() throws IOException {
    sockets.close();
    if (socket != null) {
      socket.close();
    }
    if (live != null) {
      live.close();
    }
  }

  /**
   * A socket in front of a stand-in route: it admits what has {@code Authorization}, refuses the
   * rest with 401, and holds each request's reply in {@link #replies} for the test to answer.
   */
  private McpSocket heldSocket(long maxBodyBytes) throws IOException {
    HttpRoute route =
        new HttpRoute() {
          @Override
          public Optional<HttpRefusal> admit(HttpRequest head) {
            return head.header("Authorization").isPresent()
                ? Optional.empty()
                : Optional.of(HttpRefusal.text(401, "no token"));
          }

          @Override
          public void handle(HttpRequest request, HttpReply reply) {
            requests.add(request);
            replies.add(reply);
          }
        };
    socket = McpSocket.open(home, route, maxBodyBytes, clock).orElseThrow();
    return socket;
  }

  /** curl's request: {@code POST /mcp} with a Content-Length body and the given headers. */
  private static String post(String headers, String body) {
    return "POST /mcp HTTP/1.1\r\nHost: gateway\r\nUser-Agent: curl/7.88.1\r\n"
        + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        + headers
        + "Content-Length: "
        + body.getBytes(StandardCharsets.UTF_8).length
        + "\r\n\r\n"
        + body;
  }

  private static String post(String body) {
    return post("Authorization: Bearer t\r\n", body);
  }

  private void awaitRequests(int count) {
    Await.until(
        WAIT,
        () -> requests.size() >= count,
        () -> count + " requests reach the route, " + requests.size() + " did");
  }

  /** A request the test answers at once, on another client: the socket still serves others. */
  private void anotherClientIsAnswered() throws Exception {
    int before = requests.size();
    SocketChannel other = sockets.connect(socket.path());
    SocketClients.write(other, post("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}"));
    Future<String> answer = sockets.answerOf(other);
    awaitRequests(before + 1);
    replies.get(before).send(200, "application/json", "{\"jsonrpc\":\"2.0\",\"id\":9}");
    assertThat(SocketClients.done(answer))
        .startsWith("HTTP/1.1 200 OK")
        .endsWith("{\"jsonrpc\":\"2.0\",\"id\":9}");
  }

  // ---- the front door through it ----

  @Test
  void theFrontDoorIsServedThroughTheSocketAsOnThePort() throws Exception {
    live = new LiveMcpHttp(temp.resolve("gateway-home"), b -> {});
    socket = McpSocket.open(home, live.door.route(), live.door.maxBodyBytes(), clock).orElseThrow();
    String token = "Authorization: Bearer " + live.token + "\r\n";

    String init =
        sockets.ask(socket.path(), post(token, LiveMcpHttp.initializeRequest("socket-agent")));
    assertThat(init)
        .startsWith("HTTP/1.1 200 OK\r\n")
        .contains("Content-Type: application/json")
        .contains("Cache-Control: no-store")
        .contains("Connection: close")
        .contains("\"serverInfo\"");
    String session = init.replaceAll("(?s).*Mcp-Session-Id: ([^\r]*)\r.*", "$1");
    assertThat(session).matches("[A-Za-z0-9_-]{43}");
    String inSession =
        token + "Mcp-Session-Id: " + session + "\r\nMCP-Protocol-Version: 2025-06-18\r\n";
    assertThat(
            sockets.ask(
                socket.path(),
                post(inSession, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")))
        .startsWith("HTTP/1.1 202 ");
    assertThat(sockets.ask(socket.path(), post(inSession, LiveMcpHttp.call(2, "ping", "{}"))))
        .startsWith("HTTP/1.1 200 OK")
        .contains("\"id\":2");

    SocketChannel stream = sockets.connect(socket.path());
    SocketClients.write(
        stream,
        "GET /mcp HTTP/1.1\r\nHost: gateway\r\nAccept: text/event-stream\r\n" + inSession + "\r\n");
    ByteBuffer first = ByteBuffer.allocate(4096);
    Await.until(
        WAIT,
        () -> {
          stream.read(first);
          return new String(first.array(), 0, first.position(), StandardCharsets.UTF_8)
              .contains(": open");
        },
        () -> "the GET stream opens");
    assertThat(new String(first.array(), 0, first.position(), StandardCharsets.UTF_8))
        .startsWith("HTTP/1.1 200 OK")
        .contains("Content-Type: text/event-stream");

    assertThat(sockets.ask(socket.path(), post(LiveMcpHttp.call(3, "ping", "{}"))))
        .as("a token the home did not issue")
        .startsWith("HTTP/1.1 401 ");
    assertThat(
            sockets.ask(
                socket.path(),
                post(
                    "",
                    "x"
                        .repeat(
                            (int)
                                Math.min(
                                    live.door.maxBodyBytes() + 1, McpSocket.MAX_UNSENT_BYTES)))))
        .as("no token: refused from the headers, whatever the body")
        .startsWith("HTTP/1.1 401 ");
  }

  // ---- bounds ----

  @Test
  void aRequestWithoutTheTokenIsRefusedFromItsHeadersAndTheRouteNeverSeesIt() throws Exception {
    heldSocket(1 << 20);
    assertThat(
            sockets.ask(
                socket.path(), post("", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")))
        .startsWith("HTTP/1.1 401 ")
        .contains("X-Content-Type-Options: nosniff")
        .endsWith("no token");
    assertThat(requests).isEmpty();
  }

  @Test
  void headersPastTheirLimitGet431AndOthersAreStillAnswered() throws Exception {
    heldSocket(1 << 20);
    String big = "X-Filler: " + "x".repeat(McpSocket.MAX_HEADER_BYTES) + "\r\n";
    assertThat(sockets.ask(socket.path(), post(big, "{}"))).startsWith("HTTP/1.1 431 ");
    assertThat(requests).isEmpty();
    anotherClientIsAnswered();
  }

  @Test
  void aBodyOverTheLimitIsRefusedFromItsLengthBeforeItIsRead() throws Exception {
    heldSocket(4096);
    SocketChannel channel = sockets.connect(socket.path());
    SocketClients.write(
        channel,
        "POST /mcp HTTP/1.1\r\nAuthorization: Bearer t\r\nContent-Length: 4097\r\n\r\n{\"a\"");
    Future<String> answer = sockets.answerOf(channel);
    channel.shutdownOutput();
    assertThat(SocketClients.done(answer))
        .startsWith("HTTP/1.1 413 ")
        .contains("at most 4096 bytes");
    assertThat(requests).isEmpty();
    anotherClientIsAnswered();
  }

  @Test
  void bodiesBeingReadPastTheBudgetGet503WhileOthersAreAnswered() throws Exception {
    long largest = McpSocket.MAX_HELD_BODY_BYTES / 4;
    heldSocket(largest);
    // Four clients announce the largest body and send a byte of it: the budget is spent.
    for (int i = 0; i < 4; i++) {
      SocketChannel slow = sockets.connect(socket.path());
      SocketClients.write(
          slow,
          "POST /mcp HTTP/1.1\r\nAuthorization: Bearer t\r\nContent-Length: "
              + largest
              + "\r\n\r\n{");
    }
    Await.until(
        WAIT,
        () -> socket.heldBodyBytes() == McpSocket.MAX_HELD_BODY_BYTES,
        () -> "the four slow clients' bodies are charged");
    assertThat(
            sockets.ask(socket.path(), post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")))
        .as("a fifth body is turned away at once while four are being read")
        .startsWith("HTTP/1.1 503 ");
    assertThat(requests).isEmpty();

    clock.advance(McpSocket.DEADLINE); // the four slow ones are closed, their budget given back
    anotherClientIsAnswered();
  }

  @Test
  void aClientThatDoesNotFinishItsRequestIsClosedAtTheDeadlineWhileOthersAreAnswered()
      throws Exception {
    heldSocket(1 << 20);
    SocketChannel slow = sockets.connect(socket.path());
    SocketClients.write(
        slow, "POST /mcp HTTP/1.1\r\nAuthorization: Bearer t\r\nContent-Length: 100\r\n\r\n{");
    Future<String> slowAnswer = sockets.answerOf(slow);
    Await.until(WAIT, () -> clock.pendingTasks() >= 1, () -> "its deadline is set");

    anotherClientIsAnswered();
    assertThat(slowAnswer.isDone()).isFalse();

    clock.advance(McpSocket.DEADLINE);
    assertThat(SocketClients.done(slowAnswer)).as("closed without an answer").isEmpty();
    assertThat(requests).hasSize(1);
  }

  @Test
  void anAnswerMayTakeLongerThanTheDeadline() throws Exception {
    heldSocket(1 << 20);
    SocketChannel call = sockets.connect(socket.path());
    SocketClients.write(call, post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}"));
    Future<String> answer = sockets.answerOf(call);
    awaitRequests(1);

    clock.advance(Duration.ofMinutes(10)); // a gate asks the person
    replies.get(0).send(200, "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1}");

    assertThat(SocketClients.done(answer))
        .startsWith("HTTP/1.1 200 OK")
        .endsWith("{\"jsonrpc\":\"2.0\",\"id\":1}");
  }

  @Test
  void connectionsPastTheCapWaitUnacceptedUntilOneCloses() throws Exception {
    heldSocket(1 << 20);
    List<Future<String>> silent = new ArrayList<>();
    for (int i = 0; i < McpSocket.MAX_CONNECTIONS; i++) {
      silent.add(sockets.answerOf(sockets.connect(socket.path())));
    }
    Await.until(
        WAIT,
        () -> clock.pendingTasks() >= McpSocket.MAX_CONNECTIONS,
        () -> "a deadline for each connection, " + clock.pendingTasks() + " were");

    SocketChannel queued = sockets.connect(socket.path());
    SocketClients.write(queued, post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"));
    Future<String> queuedAnswer = sockets.answerOf(queued);
    Await.until(WAIT, McpSocketTest::acceptorWaits, () -> "the acceptor waits for a place");
    assertThat(clock.pendingTasks()).isEqualTo(McpSocket.MAX_CONNECTIONS);
    assertThat(requests).as("a request past the cap reaches the route").isEmpty();

    clock.advance(McpSocket.DEADLINE);
    for (Future<String> closed : silent) {
      assertThat(SocketClients.done(closed))
          .as("closed at its deadline without an answer")
          .isEmpty();
    }
    awaitRequests(1);
    replies.get(0).send(200, "application/json", "{}");
    assertThat(SocketClients.done(queuedAnswer)).startsWith("HTTP/1.1 200 OK");
  }

  /** A client that asked for an event stream ({@code GET /mcp}), as a window's stream asks. */
  private SocketChannel streamRequested() throws IOException {
    SocketChannel channel = sockets.connect(socket.path());
    SocketClients.write(
        channel,
        "GET /mcp HTTP/1.1\r\nAuthorization: Bearer t\r\nAccept: text/event-stream\r\n\r\n");
    return channel;
  }

  private static boolean acceptorWaits() {
    return SocketClients.acceptorWaits("gateway-mcp-socket");
  }

  @Test
  void anEventStreamLastsWithKeepAlivesAndOneItsClientDoesNotReadIsClosed() throws Exception {
    heldSocket(1 << 20);
    // One after the other: each connection has a thread of its own, so two sent at once may reach
    // the route in either order, and the reader's answer would then be the unread stream.
    SocketChannel reader = streamRequested();
    awaitRequests(1);
    SocketChannel idle = streamRequested();
    awaitRequests(2);
    ServerSentEvents read = replies.get(0).openEvents(Map.of()).orElseThrow();
    ServerSentEvents unread = replies.get(1).openEvents(Map.of()).orElseThrow();
    CountDownLatch unreadClosed = new CountDownLatch(1);
    unread.onClose(unreadClosed::countDown);

    // Past the deadline of a request, and of a write: a stream lasts, and gets a comment.
    clock.advance(McpSocket.KEEP_ALIVE);
    assertThat(read.send("7", null, "{\"jsonrpc\":\"2.0\",\"method\":\"x\"}")).isTrue();
    read.close();
    String readText = SocketClients.done(sockets.answerOf(reader));
    assertThat(readText)
        .startsWith("HTTP/1.1 200 OK")
        .contains(": open\n\n")
        .contains(": alive\n\n")
        .endsWith("id: 7\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n\n");

    String event = "x".repeat(64 * 1024);
    int sent = 0;
    while (unread.send(null, null, event)) {
      sent++;
      assertThat(sent).as("closed before the bound is far past").isLessThan(1000);
    }
    assertThat(unreadClosed.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(unread.isOpen()).isFalse();
    anotherClientIsAnswered();
  }

  /**
   * A window renews its {@code GET} stream by ending the old one: the stream ends at once, with no
   * write to find it gone, so that the session takes the next {@code GET} (it refuses a second
   * stream while one is open).
   */
  @Test
  void anEventStreamEndsAsSoonAsItsClientLeaves() throws Exception {
    heldSocket(1 << 20);
    SocketChannel client = streamRequested();
    awaitRequests(1);
    ServerSentEvents stream = replies.get(0).openEvents(Map.of()).orElseThrow();
    CountDownLatch closed = new CountDownLatch(1);
    stream.onClose(closed::countDown);

    client.close();

    assertThat(closed.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(stream.isOpen()).isFalse();
    anotherClientIsAnswered();
  }

  // ---- the file ----

  @Test
  void theSocketIsOwnerOnlyReplacesOneLeftBehindAndIsRemovedWhenClosed() throws Exception {
    Files.writeString(home.resolve(McpSocket.FILE_NAME), "left by a gateway killed with -9");

    heldSocket(1 << 20);
    assertThat(socket.path()).isEqualTo(home.resolve(McpSocket.FILE_NAME).toAbsolutePath());
    assertThat(Files.getPosixFilePermissions(socket.path()))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    socket.close();

    assertThat(socket.path()).doesNotExist();
  }
}
