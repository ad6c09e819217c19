package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.transport.jakarta.internal.ContainerEndpoint;
import io.github.providergateway.websocket.internal.HandshakePolicy;
import jakarta.websocket.HandshakeResponse;
import jakarta.websocket.Session;
import jakarta.websocket.server.HandshakeRequest;
import jakarta.websocket.server.ServerEndpointConfig;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The handshake of the provider and host endpoints: refuses a disallowed {@code Origin} with 403
 * (the one refusal standard Jakarta WebSocket lets an endpoint give before the upgrade), keeps the
 * {@code Host} header for the endpoint to check on open, and makes one endpoint per connection.
 *
 * <p>The {@code Host} travels in the user properties, which Jakarta WebSocket 2.1 copies per
 * connection from {@code modifyHandshake} into the session.
 */
final class GatewayConfigurator extends ServerEndpointConfig.Configurator {

  /** The user property holding the handshake's {@code Host} header. */
  static final String HOST_HEADER = "io.github.providergateway.transport.jakarta.host";

  /** Where Jetty and Tomcat report the peer's address (Tyrus does not). */
  static final String REMOTE_ADDRESS = "jakarta.websocket.endpoint.remoteAddress";

  /** Where Jetty and Tomcat report the address the peer reached (Tyrus does not). */
  static final String LOCAL_ADDRESS = "jakarta.websocket.endpoint.localAddress";

  private final HandshakePolicy policy;
  private final Supplier<ContainerEndpoint> endpoints;

  GatewayConfigurator(HandshakePolicy policy, Supplier<ContainerEndpoint> endpoints) {
    this.policy = requireNonNull(policy, "policy");
    this.endpoints = requireNonNull(endpoints, "endpoints");
  }

  @Override
  public boolean checkOrigin(String originHeaderValue) {
    return policy.originAllowed(originHeaderValue);
  }

  @Override
  public void modifyHandshake(
      ServerEndpointConfig config, HandshakeRequest request, HandshakeResponse response) {
    String host = header(request.getHeaders(), "Host");
    if (host != null) {
      config.getUserProperties().put(HOST_HEADER, host);
    } else {
      config.getUserProperties().remove(HOST_HEADER);
    }
  }

  @Override
  public <T> T getEndpointInstance(Class<T> endpointClass) {
    return endpointClass.cast(endpoints.get());
  }

  /**
   * The address the container reports in {@code session}'s user property {@code key} ({@link
   * #REMOTE_ADDRESS}, {@link #LOCAL_ADDRESS}), or null when it reports none.
   */
  static InetSocketAddress reported(Session session, String key) {
    return session.getUserProperties().get(key) instanceof InetSocketAddress address
        ? address
        : null;
  }

  /** A header's first value, its name in any case (containers differ in how they key the map). */
  private static String header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (header.getKey() != null
          && header.getKey().equalsIgnoreCase(name)
          && !header.getValue().isEmpty()) {
        return header.getValue().get(0);
      }
    }
    return null;
  }
}
