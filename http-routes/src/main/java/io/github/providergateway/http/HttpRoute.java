package io.github.providergateway.http;

import java.util.Optional;

/**
 * A plain-HTTP endpoint on the gateway's own port, beside the WebSocket endpoints: a page for
 * people (the status page) or an HTTP API for clients that speak no WebSocket. Registered with a
 * server that serves routes (today {@code transport-ws}'s {@code WebSocketServer.Builder#route});
 * every request whose path is the route's path or lies under it ({@code /status}, {@code
 * /status/events}) comes here.
 *
 * <p>These types name no server: a route is written once and served by whichever server carries it,
 * so the modules that offer routes (the status page, the agents' front doors) do not depend on
 * Grizzly or on any container.
 *
 * <p>Before a route sees a request the server has checked it as it checks WebSocket handshakes: the
 * peer is on loopback, {@code Host} names this loopback server (DNS rebinding), and {@code Origin}
 * is absent, this server's own origin ({@code http://127.0.0.1:<port>}, {@code
 * http://localhost:<port>}, {@code http://[::1]:<port>}) or allow-listed; else 403. Then the
 * route's {@link #admit} has taken the request from its headers alone. Only then is its body read:
 * one larger than the route's limit got 413, and the whole body has been read.
 *
 * <p><b>Who pays for bodies.</b> While a body is being received its bytes count against a budget
 * that all HTTP requests of the server share ({@code
 * WebSocketServer.Builder#maxUnfinishedHttpBodyBytes}; one that does not fit gets 503), never
 * against what WebSocket peers may send. A route that needs credentials should check them in {@link
 * #admit}: then a client without them costs the server its headers and nothing more, and cannot
 * crowd out the bodies of clients that have them.
 *
 * <p>{@link #handle} runs on one of the server's I/O threads and must not block: answer at once, or
 * keep the {@link HttpReply} and answer from any thread later. Each request must be answered once;
 * a route that throws gets 500 for it. A request not answered within the server's handshake timeout
 * (5 s by default) has its connection closed, unless it became an event stream.
 */
@FunctionalInterface
public interface HttpRoute {

  /**
   * Decides, from the request line and headers alone, whether this route takes a request, before
   * the server reads or holds any of its body. Check here whatever {@link #handle} would refuse
   * without looking at the body, credentials first, so that a client without them is turned away
   * before it can make the server hold or count anything on its behalf.
   *
   * <p>Runs on one of the server's I/O threads, after the server's own checks ({@code Host}, {@code
   * Origin}): it must not block, and must not act on the request, which may yet be refused for its
   * body (a one-time code is checked here and redeemed in {@link #handle}). Taking a request is no
   * promise: {@link #handle} still gets it whole and may still refuse it, as it must when it is
   * called without this check first, or when what was checked changed meanwhile (a token revoked).
   * A route that throws here gets its client 500 and the connection closed.
   *
   * @param head the request with an empty body, whatever the client announced
   * @return empty to take the request (its body is then read within the route's limit and {@link
   *     #handle} called); else the answer that refuses it: the server sends it with {@code
   *     Connection: close}, keeps none of the body, and closes the connection once what the client
   *     still sends of it has been read and dropped (a bounded amount, within the handshake
   *     timeout), so that a client writing its body before reading gets the answer rather than a
   *     reset. The default takes every request.
   */
  default Optional<HttpRefusal> admit(HttpRequest head) {
    return Optional.empty();
  }

  /**
   * Answers one request.
   *
   * @param request what the client sent, its body read whole
   * @param reply where the answer goes, now or later, from any thread
   */
  void handle(HttpRequest request, HttpReply reply);
}
