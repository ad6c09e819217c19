package io.github.providergateway.transport.jakarta.internal;

import static java.util.Objects.requireNonNull;

import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.Session;

/**
 * The class the endpoints are registered under, forwarding to the adapter's endpoint of each
 * connection. Containers want a public, concrete endpoint class (Jetty refuses another, Tyrus takes
 * an abstract one for an annotated endpoint), while their configurator makes every instance: so
 * this one is public, in a package the module does not export, and knows nothing of the gateway.
 */
public final class ContainerEndpoint extends Endpoint {

  private final Endpoint connection;

  /**
   * Forwards every event of one session.
   *
   * @param connection the adapter's endpoint for this session
   */
  public ContainerEndpoint(Endpoint connection) {
    this.connection = requireNonNull(connection, "connection");
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    connection.onOpen(session, config);
  }

  @Override
  public void onClose(Session session, CloseReason reason) {
    connection.onClose(session, reason);
  }

  @Override
  public void onError(Session session, Throwable error) {
    connection.onError(session, error);
  }
}
