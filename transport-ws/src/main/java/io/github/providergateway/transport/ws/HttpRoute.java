package io.github.providergateway.transport.ws;

/**
 * A plain-HTTP endpoint on the gateway's own port, beside the WebSocket endpoints: a page for
 * people (the status page) or an HTTP API for clients that speak no WebSocket. Registered with
 * {@link WebSocketServer.Builder#route}; every request whose path is the route's path or lies
 * under it ({@code /status}, {@code /status/events}) comes here.
 *
 * <p>Before a route sees a request the server has checked it as it checks WebSocket handshakes:
 * the peer is on loopback, {@code Host} names this loopback server (DNS rebinding), and {@code
 * Origin} is absent, this server's own origin ({@code http://127.0.0.1:<port>}, {@code
 * http://localhost:<port>}, {@code http://[::1]:<port>}) or allow-listed; else 403. A body larger
 * than the route's limit got 413, and the whole body has been read.
 *
 * <p>{@link #handle} runs on one of the server's I/O threads and must not block: answer at once,
 * or keep the {@link HttpReply} and answer from any thread later. Each request must be answered
 * once; a route that throws gets 500 for it. A request not answered within the server's handshake
 * timeout (5 s by default) has its connection closed, unless it became an event stream.
 */
@FunctionalInterface
public interface HttpRoute {

  /**
   * Answers one request.
   *
   * @param request what the client sent, its body read whole
   * @param reply where the answer goes, now or later, from any thread
   */
  void handle(HttpRequest request, HttpReply reply);
}
