/**
 * The WebSocket transport: {@code io.github.providergateway.transport.ws} holds {@link
 * io.github.providergateway.transport.ws.WebSocketServer}, the gateway's loopback server on Grizzly
 * with RFC 6455 framing of its own (providers on {@code /}, agent hosts on {@code /host}, plain
 * HTTP routes beside them). Everything under {@code internal} (the container, the guards every
 * peer's bytes pass, the per-connection senders) is private to this module. The Java provider's
 * side of the socket is another module's ({@code provider-client}), so that a provider needs none
 * of this.
 */
module io.github.providergateway.transport.ws {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.github.providergateway.host;
  // Builder.route takes an HttpRoute.
  requires transitive io.github.providergateway.http;

  // The server is Grizzly's (4.0.2 ships real module descriptors) with WebSocket framing of our
  // own (RFC 6455): no WebSocket library.
  // What it shares with transport-jakarta: framing, close statuses, budgets, the outbound queue.
  requires io.github.providergateway.websocket;
  requires java.logging; // only to quiet Grizzly's own start-up lines (ServerCore)
  requires org.glassfish.grizzly;
  requires org.glassfish.grizzly.http;
  requires org.glassfish.grizzly.http.server;

  exports io.github.providergateway.transport.ws;
}
