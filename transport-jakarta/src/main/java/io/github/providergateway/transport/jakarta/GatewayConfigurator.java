package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.transport.jakarta.internal.ContainerEndpoint;
import jakarta.websocket.HandshakeResponse;
import jakarta.websocket.server.HandshakeRequest;
import jakarta.websocket.server.ServerEndpointConfig;
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

  private final HandshakeChecks checks;
  private final Supplier<ContainerEndpoint> endpoints;

  GatewayConfigurator(HandshakeChecks checks, Supplier<ContainerEndpoint> endpoints) {
    this.checks = requireNonNull(checks, "checks");
    this.endpoints = requireNonNull(endpoints, "endpoints");
  }

  @Override
  public boolean checkOrigin(String originHeaderValue) {
    return checks.originAllowed(originHeaderValue);
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
