package io.github.providergateway.agent.mcp;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.DoorConnection;
import io.github.providergateway.agent.internal.SocketHttp;
import io.github.providergateway.agent.internal.UnixSocketDoor;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.http.ServerSentEvents;
import io.github.providergateway.loop.Scheduler;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stdio windows' door into the running gateway: a Unix domain socket, {@code <home>/}{@value
 * #FILE_NAME}, beside the command hooks' {@code hook.sock}, that serves the same MCP front door as
 * the gateway's port ({@link McpHttpFrontDoor#route()}: {@code POST}, {@code GET} and {@code
 * DELETE} on {@value McpHttpFrontDoor#PATH}, JSON or event-stream answers, the session's long-lived
 * {@code GET} stream, {@code Provider-Gateway-Window} renewal). The shell's bridge ({@code gateway
 * mcp}) reaches it with {@code curl --unix-socket} (decision 79): only this user can have put a
 * socket in the owner-only home, so the gateway that answers is this home's, and the agent token
 * the bridge sends goes to no one else, with no look at who listens on a port ({@code HookSocket}
 * says why in full). The token is still required, as on the port.
 *
 * <p><b>What it speaks.</b> One request a connection, as {@code curl} sends it: a {@code
 * Content-Length} body (none for {@code GET} and {@code DELETE}); every answer has {@code
 * Connection: close}, {@code Cache-Control: no-store} and {@code X-Content-Type-Options: nosniff}.
 * The route admits a request from its headers ({@link HttpRoute#admit}: the token) before a byte of
 * its body is read, as the port's server does; the port's checks of {@code Host} and {@code Origin}
 * are for browsers, which cannot reach a Unix socket.
 *
 * <p><b>Bounds</b> (docs/security.md): at most {@link #MAX_CONNECTIONS} connections are open (more
 * wait in the kernel's backlog, unaccepted): a window holds one for its {@code GET} stream and one
 * a request in progress. A request must arrive whole within {@link #DEADLINE} of its accept;
 * headers are at most {@link #MAX_HEADER_BYTES}; a body at most the front door's {@link
 * McpHttpFrontDoor#maxBodyBytes()} (413), and bodies being read at most {@link
 * #MAX_HELD_BODY_BYTES} in all (503). An answer waits as long as the route takes (a {@code
 * tools/call} a gate holds), and an event stream as long as either side keeps it, with a comment
 * every {@link #KEEP_ALIVE} so that a client gone is noticed; but every write must go through
 * within {@link #DEADLINE}, and a client that leaves more than {@link #MAX_UNSENT_BYTES} of its
 * answer unread has its connection closed (a window's stream resumes from its last event). Each
 * connection has a thread of the socket's, never the gateway's loop, and an event stream a second
 * one, which ends the stream as soon as its client leaves.
 *
 * <p>Thread-safe; {@link #close} removes the socket.
 */
public final class McpSocket implements AutoCloseable {

  /** The socket's name in the gateway's home. */
  public static final String FILE_NAME = "mcp.sock";

  /**
   * Connections open at once: the front door's 32 sessions' streams, and 96 requests in progress.
   */
  public static final int MAX_CONNECTIONS = 128;

  /** The request line and headers, at most. */
  public static final int MAX_HEADER_BYTES = 8 * 1024;

  /** Bodies being read at once, in all: four of the front door's largest. */
  public static final long MAX_HELD_BODY_BYTES = 16L << 20;

  /** What one connection may leave unread of its answer before it is closed. */
  public static final long MAX_UNSENT_BYTES = 1L << 20;

  /** How long a client has to send its whole request, and each write to it has to go through. */
  public static final Duration DEADLINE = Duration.ofSeconds(5);

  /** How often an open event stream gets a comment, so that a client gone is noticed. */
  public static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  /** What every answer carries, as on the port. */
  private static final Map<String, String> ALWAYS =
      Map.of("Cache-Control", "no-store", "X-Content-Type-Options", "nosniff");

  /** The end of a connection's queue of writes. */
  private static final byte[] END = new byte[0];

  private final UnixSocketDoor door;
  private final HttpRoute route;
  private final long maxBodyBytes;
  private final Scheduler scheduler;
  private final AtomicLong heldBodyBytes = new AtomicLong();

  /** The connections open now, so that closing the socket ends them too. */
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();

  private McpSocket(UnixSocketDoor door, HttpRoute route, long maxBodyBytes, Scheduler scheduler) {
    this.door = door;
    this.route = route;
    this.maxBodyBytes = maxBodyBytes;
    this.scheduler = scheduler;
  }

  /**
   * Serves {@code route} at {@code <home>/}{@value #FILE_NAME}, replacing a socket a gateway of
   * this home left behind. Call it while holding the home's lock.
   *
   * @param home the gateway's home, owner-only
   * @param route the MCP front door's route ({@link McpHttpFrontDoor#route()})
   * @param maxBodyBytes the largest body ({@link McpHttpFrontDoor#maxBodyBytes()})
   * @param scheduler times the deadlines and keep-alives
   * @return the socket, serving; empty when the platform has no Unix domain sockets or the path is
   *     too long for one (the reason is logged; the windows then run the JVM's {@code gateway mcp})
   * @throws IOException when the socket cannot be made
   */
  public static Optional<McpSocket> open(
      Path home, HttpRoute route, long maxBodyBytes, Scheduler scheduler) throws IOException {
    requireNonNull(route, "route");
    Optional<UnixSocketDoor> door =
        UnixSocketDoor.open(
            home.resolve(FILE_NAME),
            MAX_CONNECTIONS,
            "gateway-mcp-socket",
            "stdio windows will run the JVM's gateway mcp",
            scheduler);
    if (door.isEmpty()) {
      return Optional.empty();
    }
    McpSocket socket = new McpSocket(door.get(), route, maxBodyBytes, scheduler);
    socket.door.start(socket::serve);
    return Optional.of(socket);
  }

  /** {@return where the socket is} */
  public Path path() {
    return door.path();
  }

  /** {@return the bytes of bodies being read now, charged to {@link #MAX_HELD_BODY_BYTES}} */
  long heldBodyBytes() {
    return heldBodyBytes.get();
  }

  /** Stops accepting, closes the socket and removes it; open connections are closed. Idempotent. */
  @Override
  public void close() {
    door.close();
    List.copyOf(open).forEach(Connection::finish);
  }

  /** One connection, on a thread of the door's: its request, then its answer's writes. */
  private void serve(SocketChannel channel, Runnable release) {
    Connection connection = new Connection(channel, release);
    open.add(connection);
    connection.startDeadline();
    try {
      HttpRequest request = read(connection);
      if (request == null) {
        return;
      }
      connection.stopDeadline();
      try {
        route.handle(request, connection);
      } catch (RuntimeException e) {
        if (!connection.answered()) {
          connection.send(500, "text/plain; charset=utf-8", "provider gateway failed\n");
        }
      } finally {
        connection.giveBack();
      }
      connection.writeUntilDone();
    } catch (SocketHttp.Refused refused) {
      connection.refuse(refused.status(), "text/plain; charset=utf-8", Map.of(), text(refused));
    } catch (IOException | RuntimeException e) {
      // closed at its deadline, or the client went away
    } finally {
      connection.finish();
    }
  }

  /** The request, its body read; null when it was refused from its headers (answered). */
  private HttpRequest read(Connection connection) throws SocketHttp.Refused, IOException {
    SocketHttp.Head head = SocketHttp.readHead(connection.channel, MAX_HEADER_BYTES);
    int question = head.target().indexOf('?');
    String path = question < 0 ? head.target() : head.target().substring(0, question);
    String query = question < 0 ? "" : head.target().substring(question + 1);
    HttpRequest headOnly = new HttpRequest(head.method(), path, query, head.headers(), null);
    Optional<HttpRefusal> refusal = route.admit(headOnly);
    if (refusal.isPresent()) {
      HttpRefusal refused = refusal.get();
      connection.refuse(refused.status(), refused.contentType(), refused.headers(), refused.body());
      return null;
    }
    long length = head.contentLength(null);
    if (length > maxBodyBytes) {
      throw new SocketHttp.Refused(
          413, "Payload Too Large: a request is at most " + maxBodyBytes + " bytes");
    }
    if (!connection.charge(length)) {
      throw new SocketHttp.Refused(
          503, "Service Unavailable: the gateway is reading its most request bodies now");
    }
    byte[] body = SocketHttp.readBody(connection.channel, head, length);
    return new HttpRequest(head.method(), path, query, head.headers(), body);
  }

  private static byte[] text(Exception refused) {
    return (refused.getMessage() + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, String> withAlways(Map<String, String> headers) {
    Map<String, String> all = new LinkedHashMap<>(headers);
    ALWAYS.forEach(all::putIfAbsent);
    return all;
  }

  /**
   * One connection and its answer. The route answers from any thread: what it sends is queued and
   * written by the connection's own thread, so no route's thread ever waits for a client.
   */
  private final class Connection extends DoorConnection implements HttpReply, ServerSentEvents {
    final SocketChannel channel;
    private final BlockingQueue<byte[]> writes = new LinkedBlockingQueue<>();

    /** Guarded by this. */
    private boolean answered;

    private boolean streaming;
    private long unsentBytes;
    private Scheduler.Cancellable keepAlive;
    private final List<Runnable> onClose = new ArrayList<>();

    Connection(SocketChannel channel, Runnable release) {
      super(channel, release, scheduler, DEADLINE, heldBodyBytes, MAX_HELD_BODY_BYTES);
      this.channel = channel;
    }

    synchronized boolean answered() {
      return answered;
    }

    /**
     * Answers a request refused before its body was read, and drops what the client still sends.
     */
    void refuse(int status, String contentType, Map<String, String> headers, byte[] body) {
      try {
        SocketHttp.writeFully(
            channel, SocketHttp.answerHead(status, contentType, withAlways(headers), body.length));
        SocketHttp.writeFully(channel, body);
        SocketHttp.drain(channel);
      } catch (IOException e) {
        // the client went away, or its deadline closed it: nothing more to tell it
      }
    }

    @Override
    public void send(int status, String contentType, Map<String, String> headers, byte[] body) {
      synchronized (this) {
        if (answered) {
          throw new IllegalStateException("this request was answered already");
        }
        answered = true;
      }
      enqueue(SocketHttp.answerHead(status, contentType, withAlways(headers), body.length));
      enqueue(body);
      enqueue(END);
    }

    @Override
    public Optional<ServerSentEvents> openEvents(Map<String, String> headers) {
      synchronized (this) {
        if (answered) {
          throw new IllegalStateException("this request was answered already");
        }
        answered = true;
        streaming = true;
      }
      enqueue(SocketHttp.answerHead(200, "text/event-stream", withAlways(headers), -1));
      comment("open");
      scheduleKeepAlive();
      watchForTheClientsEnd();
      return Optional.of(this);
    }

    /**
     * Ends the stream as soon as its client closes the connection (a window renewing its {@code
     * GET} stream ends the old one so), on a second thread of the door's: the connection's own
     * waits for what to write, and the session must not hold a stream nobody reads, which would
     * refuse the window's next {@code GET} (409) until a write to it failed.
     */
    private void watchForTheClientsEnd() {
      try {
        door.execute(
            () -> {
              ByteBuffer ignored = ByteBuffer.allocate(256);
              try {
                while (channel.read(ignored.clear()) >= 0) {
                  // a client sends nothing more after its request: dropped
                }
              } catch (IOException e) {
                // closed, by either side
              }
              finish();
            });
      } catch (RejectedExecutionException closing) {
        finish();
      }
    }

    private synchronized void scheduleKeepAlive() {
      if (!isDone()) {
        keepAlive =
            scheduler.schedule(
                KEEP_ALIVE,
                () -> {
                  if (comment("alive")) {
                    scheduleKeepAlive();
                  }
                });
      }
    }

    private boolean comment(String text) {
      return enqueue((": " + text + "\n\n").getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean send(String id, String event, String data) {
      StringBuilder frame = new StringBuilder(data.length() + 32);
      if (id != null) {
        frame.append("id: ").append(oneLine(id)).append('\n');
      }
      if (event != null) {
        frame.append("event: ").append(oneLine(event)).append('\n');
      }
      for (String line : data.split("\r\n|\r|\n", -1)) {
        frame.append("data: ").append(line).append('\n');
      }
      frame.append('\n');
      return enqueue(frame.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Queues bytes for the connection's thread; false when it is done or too far behind. */
    private boolean enqueue(byte[] bytes) {
      synchronized (this) {
        if (isDone()) {
          return false;
        }
        if (bytes != END && unsentBytes + bytes.length > MAX_UNSENT_BYTES && streaming) {
          markDone(); // too far behind: finished below, outside the lock
        } else {
          unsentBytes += bytes.length;
          writes.add(bytes);
          return true;
        }
      }
      finish();
      return false;
    }

    /** Writes what the route sends until its answer ends or the connection does. */
    void writeUntilDone() throws IOException {
      while (true) {
        byte[] next;
        try {
          next = writes.take();
        } catch (InterruptedException e) {
          return; // the socket is closing
        }
        if (next == END) {
          return;
        }
        startDeadline();
        SocketHttp.writeFully(channel, next);
        stopDeadline();
        synchronized (this) {
          unsentBytes -= next.length;
        }
      }
    }

    @Override
    public boolean isOpen() {
      return !isDone();
    }

    @Override
    public void onClose(Runnable action) {
      synchronized (this) {
        if (!isDone()) {
          onClose.add(action);
          return;
        }
      }
      action.run();
    }

    @Override
    public void close() {
      enqueue(END);
    }

    /** Forgets the connection, ends its thread's wait and runs the close actions. */
    @Override
    protected void finished() {
      List<Runnable> actions;
      synchronized (this) {
        if (keepAlive != null) {
          keepAlive.cancel();
        }
        actions = List.copyOf(onClose);
        onClose.clear();
      }
      open.remove(this);
      writes.add(END); // its thread, waiting for a write, ends
      actions.forEach(McpSocket::runQuietly);
    }
  }

  private static void runQuietly(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      // An action is the route's code: its failure must not keep the others from running.
      System.getLogger(McpSocket.class.getName())
          .log(System.Logger.Level.ERROR, "an event stream's close action failed", e);
    }
  }

  /** A field value cannot hold a line break: it would end the field. */
  private static String oneLine(String text) {
    return text.replace('\r', ' ').replace('\n', ' ');
  }
}
