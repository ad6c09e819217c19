/**
 * The gateway in a host's own Jakarta WebSocket container: {@link
 * io.github.providergateway.transport.jakarta.JakartaGatewayEndpoints} gives the provider endpoint
 * and the agent-host endpoint as {@code ServerEndpointConfig}s to add to any container (Jetty,
 * Tomcat, Undertow, Tyrus). The container brings the WebSocket API and its implementation; this
 * module brings no server, and uses the engine only through its transport SPI.
 */
module io.github.providergateway.transport.jakarta {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.github.providergateway.host;
  requires transitive jakarta.websocket;
  requires io.github.providergateway.protocol;
  // What it shares with transport-ws: handshake policy, close statuses, the outbound queue.
  requires io.github.providergateway.websocket;

  exports io.github.providergateway.transport.jakarta;
}
