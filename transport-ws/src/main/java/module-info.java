/**
 * The WebSocket transport: {@code io.github.providergateway.transport.ws} holds {@link
 * io.github.providergateway.transport.ws.WebSocketServer}, the gateway's loopback server on Eclipse
 * Tyrus and Grizzly (providers on {@code /}, agent hosts on {@code /host}). Everything under {@code
 * internal} (the container, the guards every peer's bytes pass, the per-connection senders) is
 * private to this module. The Java provider's side of the socket is another module's ({@code
 * provider-client}), so that a provider needs none of this.
 */
module io.github.providergateway.transport.ws {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.github.providergateway.host;

  // Jakarta WebSocket: the client API module holds jakarta.websocket, the server API module
  // jakarta.websocket.server. Tyrus and Grizzly 2.2.2/4.0.2 ship real module descriptors.
  requires jakarta.websocket;
  requires jakarta.websocket.client;
  requires org.glassfish.tyrus.core;
  requires org.glassfish.tyrus.server;
  requires org.glassfish.tyrus.spi;
  requires org.glassfish.tyrus.container.grizzly.server;
  requires org.glassfish.grizzly;
  requires org.glassfish.grizzly.http;
  requires org.glassfish.grizzly.http.server;

  exports io.github.providergateway.transport.ws;

  // Tyrus calls the endpoints' onOpen/onClose/onError and their message handlers by reflection
  // (TyrusEndpointWrapper); without this export every connection fails at onOpen with an
  // IllegalAccessException on the module path. Only Tyrus's core gets it: the package stays ours.
  exports io.github.providergateway.transport.ws.internal to
      org.glassfish.tyrus.core;
}
