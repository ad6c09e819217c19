package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.websocket.internal.HandshakePolicy;
import io.github.providergateway.websocket.internal.InboundBudget;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ReadHandler;
import org.glassfish.grizzly.http.io.NIOInputStream;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * Every plain HTTP request the listeners receive (anything that is not a WebSocket handshake): the
 * checks a handshake gets, then the {@link HttpRoute} whose path it is under, with its body read
 * whole without blocking; 404 when no route claims it. Registered at the root of both listeners'
 * Grizzly servers, so no request ever meets Grizzly's own default pages.
 *
 * <p>Admission: once the server's checks pass, the route's {@link HttpRoute#admit} sees the request
 * line and headers; a request it refuses gets the route's answer and loses its connection, and not
 * a byte of its body is kept or charged to anything. So a client without a route's credentials
 * holds its headers (and what the same socket read brought along) for as long as it takes to
 * answer, and nothing else.
 *
 * <p>Unread bodies: a request answered without its body (a refusal, 413, 503, 403, 404) keeps its
 * connection until the body has arrived, each read dropped as it comes (Grizzly's "skip the
 * remainder", never buffered nor charged), then the connection closes; at most {@link
 * #skippedBodyBytes} are read so, and never past the handshake deadline. Closing at once would
 * leave the body unread in the kernel, and Linux answers a close over unread bytes with a reset: a
 * client still writing its body (an MCP client whose token was revoked) would see "connection
 * reset" or "broken pipe" instead of the 401 and its {@code WWW-Authenticate}.
 *
 * <p>Bodies: a request whose announced or received body passes its route's limit gets 413 and loses
 * its connection. Bodies being read count against the HTTP requests' own budget, so 64 slow uploads
 * cannot hold 64 limits' worth; a body that does not fit gets 503. That budget is not the one
 * WebSocket messages count against: no HTTP client, credentials or not, can reduce what
 * authenticated WebSocket peers may send (issue 32). The handshake deadline bounds how long a body
 * may take, since the socket stays a pending handshake until it is answered.
 */
public final class HttpRoutes extends HttpHandler {

  private static final System.Logger LOG = System.getLogger(HttpRoutes.class.getName());

  /** The least of an unread body read and dropped before its connection closes. */
  static final long MIN_SKIPPED_BODY_BYTES = 64 * 1024;

  /**
   * A route with the path it serves and the largest body it takes; public only for the builder in
   * the parent package.
   */
  public record Route(String path, long maxBodyBytes, HttpRoute handler, int reservedEventStreams) {
    public Route {
      requireNonNull(path, "path");
      requireNonNull(handler, "handler");
    }

    /** This route with {@code count} event-stream slots of its own. */
    public Route reserving(int count) {
      return new Route(path, maxBodyBytes, handler, count);
    }

    boolean serves(String requestPath) {
      return requestPath.equals(path) || requestPath.startsWith(path + "/");
    }
  }

  private final List<Route> routes;
  private final HandshakePolicy policy;
  private final IntSupplier port;
  private final PendingHandshakes pending;
  private final EventStreams streams;

  /**
   * What bodies being received may hold, all requests together; never the WebSocket peers' budget.
   */
  private final InboundBudget bodies;

  HttpRoutes(
      List<Route> routes,
      HandshakePolicy policy,
      IntSupplier port,
      PendingHandshakes pending,
      EventStreams streams,
      InboundBudget bodies) {
    super("provider-gateway-routes");
    // Longest path first: /status/x is asked before /status.
    this.routes =
        routes.stream().sorted(Comparator.comparingInt((Route r) -> -r.path().length())).toList();
    this.policy = policy;
    this.port = port;
    this.pending = pending;
    this.streams = streams;
    this.bodies = bodies;
  }

  /**
   * How much of a body answered without it the server reads and drops before closing: as much as
   * the largest route takes (what an honest client of some route may be sending when it is
   * refused), and at least {@link #MIN_SKIPPED_BODY_BYTES}. An announced body is read no further
   * than its end, and one whose remainder is larger than this loses its connection at once; a
   * chunked one loses it once this much was dropped.
   */
  long skippedBodyBytes() {
    return routes.stream().mapToLong(Route::maxBodyBytes).reduce(MIN_SKIPPED_BODY_BYTES, Math::max);
  }

  @Override
  public void service(Request request, Response response) {
    Connection<?> socket = request.getRequest().getConnection();
    String peer = request.getRemoteAddr();
    Optional<String> refusal =
        policy.httpRefusal(
            peer, request.getHeader("Host"), request.getHeader("Origin"), port.getAsInt());
    if (refusal.isPresent()) {
      LOG.log(Level.WARNING, "HTTP request from {0} refused: {1}", peer, refusal.get());
      plain(response, 403, "forbidden");
      return;
    }
    String path = request.getRequestURI();
    Route route = routes.stream().filter(r -> r.serves(path)).findFirst().orElse(null);
    if (route == null) {
      plain(response, 404, "not found");
      return;
    }
    HttpRequest head =
        new HttpRequest(
            request.getMethod().getMethodString().toUpperCase(Locale.ROOT),
            path,
            request.getQueryString(),
            headers(request),
            null,
            socket.getPeerAddress() instanceof InetSocketAddress far ? far : null,
            socket.getLocalAddress() instanceof InetSocketAddress near ? near : null);
    // The route's say comes before a byte of the body is read or charged (issue 32).
    if (!admitted(route, head, response, socket)) {
      return;
    }
    long announced = request.getContentLengthLong();
    boolean chunked = request.getRequest().isChunked();
    if (announced <= 0 && !chunked) {
      dispatch(route, head, response, socket, new byte[0]);
      return;
    }
    if (announced > route.maxBodyBytes() || (chunked && route.maxBodyBytes() == 0)) {
      tooLarge(response, socket, route);
      return;
    }
    response.suspend();
    new BodyReader(route, head, request, response, socket, announced).start();
  }

  /**
   * Asks the route whether it takes {@code head}; when it does not, sends its refusal (500 when it
   * throws) and closes the connection once that is written, and returns false.
   */
  private boolean admitted(Route route, HttpRequest head, Response response, Connection<?> socket) {
    Optional<HttpRefusal> refusal;
    try {
      refusal = route.handler().admit(head);
    } catch (RuntimeException e) {
      // A bug in a route: as when handle throws, its client gets 500 and everyone else goes on.
      LOG.log(
          Level.ERROR,
          "HTTP route " + route.path() + " failed to admit " + head.method() + " " + head.path(),
          e);
      refusal = Optional.of(HttpRefusal.text(500, "internal error\n"));
    }
    if (refusal.isEmpty() && !pending.admitted(socket)) {
      // Served requests are capped as waiting sockets are, but never pushed out by newcomers.
      refusal =
          Optional.of(
              HttpRefusal.text(503, "the server is serving too many requests; try again later\n"));
    }
    if (refusal.isEmpty()) {
      return true;
    }
    LOG.log(
        Level.DEBUG,
        "{0}: {1} {2} refused by its route: {3}",
        socket.getPeerAddress(),
        head.method(),
        head.path(),
        refusal.get().status());
    response.suspend();
    // Not closed here: with its body unread, a close would reset the connection under the answer
    // (see the class comment). Once the answer is written, Grizzly drops the body as it arrives and
    // closes after it, as the answer says ("Connection: close"); the handshake deadline cuts a
    // body that does not end. No half-close first: Grizzly 4 has none, and the answer carries its
    // Content-Length, so the client needs no end of stream to read it whole.
    new GrizzlyHttpReply(response, socket, streams, pending, route.path()).send(refusal.get());
    return false;
  }

  private void dispatch(
      Route route, HttpRequest head, Response response, Connection<?> socket, byte[] body) {
    if (!response.isSuspended()) {
      response.suspend();
    }
    GrizzlyHttpReply reply = new GrizzlyHttpReply(response, socket, streams, pending, route.path());
    HttpRequest seen = head.withBody(body);
    try {
      route.handler().handle(seen, reply);
    } catch (RuntimeException e) {
      // A bug in a route: its client gets 500, the server and everyone else go on.
      LOG.log(
          Level.ERROR,
          "HTTP route " + route.path() + " failed on " + seen.method() + " " + seen.path(),
          e);
      reply.failIfUnanswered(500, "internal error\n");
    }
  }

  private static Map<String, String> headers(Request request) {
    Map<String, String> headers = new HashMap<>();
    for (String name : request.getHeaderNames()) {
      headers.putIfAbsent(name.toLowerCase(Locale.ROOT), request.getHeader(name));
    }
    return headers;
  }

  private static void tooLarge(Response response, Connection<?> socket, Route route) {
    LOG.log(
        Level.DEBUG,
        "{0}: body over {1} bytes for {2} refused",
        socket.getPeerAddress(),
        route.maxBodyBytes(),
        route.path());
    // Close after answering: the rest of the body is only dropped, so the connection cannot go on.
    response.setHeader("Connection", "close");
    plain(response, 413, "the body is larger than " + route.maxBodyBytes() + " bytes");
  }

  private static void plain(Response response, int status, String text) {
    response.setStatus(status);
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setContentType("text/plain; charset=utf-8");
    byte[] body = (text + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    response.setContentLength(body.length);
    try {
      response.getOutputBuffer().write(body);
    } catch (java.io.IOException e) {
      // The client is gone; Grizzly finishes (and drops) the response when service returns.
      LOG.log(Level.DEBUG, "answer not written: {0}", e.toString());
    }
  }

  /**
   * Waits, without a thread, for one request's whole body: Grizzly buffers it and calls back once
   * it is complete ({@link #onAllDataRead}) or once more than the route takes has arrived ({@link
   * #onDataAvailable}, only for a chunked body, whose size is not announced). What Grizzly may
   * buffer for it is charged to the HTTP bodies' budget before the first byte is read: the
   * announced length, or for a chunked body the route's limit.
   *
   * <p>One registration, never renewed from inside a callback: renewing it there lost the rest of
   * the body now and then (Grizzly 4.0.2, about one request in ten when the headers arrived alone).
   */
  private final class BodyReader implements ReadHandler {
    private final Route route;
    private final HttpRequest head;
    private final Response response;
    private final Connection<?> socket;
    private final NIOInputStream in;

    /** What this body may take of the budget: charged before reading, given back once. */
    private final long charge;

    /** Whether the charge went back. Guarded by this. */
    private boolean released;

    BodyReader(
        Route route,
        HttpRequest head,
        Request request,
        Response response,
        Connection<?> socket,
        long announced) {
      this.route = route;
      this.head = head;
      this.response = response;
      this.socket = socket;
      this.in = request.getNIOInputStream();
      this.charge = announced > 0 ? announced : route.maxBodyBytes();
    }

    void start() {
      if (!bodies.tryCharge(charge)) {
        LOG.log(
            Level.DEBUG,
            "{0}: body refused: the server holds too many unfinished HTTP bodies",
            socket.getPeerAddress());
        answerAndClose(503, "the server is receiving too much at once; try again later");
        return;
      }
      socket.addCloseListener((closeable, type) -> release());
      // One byte more than a route takes is enough to refuse a chunked body.
      in.notifyAvailable(this, (int) Math.min(Integer.MAX_VALUE, charge + 1));
    }

    @Override
    public void onDataAvailable() {
      // Only a body over the limit gets here: a complete one arrives as onAllDataRead.
      release();
      answerAndClose(413, "the body is larger than " + route.maxBodyBytes() + " bytes");
    }

    @Override
    public void onAllDataRead() {
      byte[] body = new byte[in.readyData()];
      int read = 0;
      while (in.readyData() > 0) {
        Buffer chunk = in.readBuffer();
        int size = chunk.remaining();
        if (read + size > body.length) {
          break; // cannot happen: readyData counted them all
        }
        chunk.get(body, read, size);
        chunk.tryDispose();
        read += size;
      }
      release();
      if (body.length > route.maxBodyBytes()) {
        answerAndClose(413, "the body is larger than " + route.maxBodyBytes() + " bytes");
        return;
      }
      dispatch(route, head, response, socket, body);
    }

    @Override
    public void onError(Throwable t) {
      LOG.log(
          Level.DEBUG, "{0}: request body not read: {1}", socket.getPeerAddress(), t.toString());
      release();
      socket.closeSilently();
    }

    private void answerAndClose(int status, String text) {
      response.setHeader("Connection", "close");
      plain(response, status, text);
      try {
        response.resume();
      } catch (IllegalStateException e) {
        socket.closeSilently(); // the client is gone already
      }
    }

    private synchronized void release() {
      if (!released) {
        released = true;
        bodies.release(charge);
      }
    }
  }
}
