/**
 * What the gateway's two WebSocket servers share, in the shape of Jetty's {@code
 * jetty-websocket-core-common} under both of Jetty's servers: {@code transport-ws} (Grizzly, with
 * framing of our own) and {@code transport-jakarta} (a host's Jakarta WebSocket container) each
 * keep only what their container needs, and a rule about what a peer may send, or how a slow reader
 * is cut, is written once, here.
 *
 * <p>It has no public API: its one package, {@code io.github.providergateway.websocket.internal},
 * is exported to those two modules only.
 */
module io.github.providergateway.websocket {
  // CloseStatuses maps the engine's CloseReason to a close status.
  requires io.github.providergateway.gateway;
  // OutboundQueue: the close grace's Scheduler, and TaskBatch.
  requires io.github.providergateway.loop;

  exports io.github.providergateway.websocket.internal to
      io.github.providergateway.transport.ws,
      io.github.providergateway.transport.jakarta;
}
