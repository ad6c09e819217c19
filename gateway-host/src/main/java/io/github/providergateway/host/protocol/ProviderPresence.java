package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code provider.connected} or {@code provider.disconnected}: a provider bound or unbound.
 *
 * @param instance its instance id; {@code null} (written as JSON {@code null}) for a
 *     single-instance provider
 */
public record ProviderPresence(boolean connected, String providerId, String name, String instance)
    implements HostEvent {

  public static final String CONNECTED = "provider.connected";
  public static final String DISCONNECTED = "provider.disconnected";

  public ProviderPresence {
    requireNonNull(providerId, "providerId");
    requireNonNull(name, "name");
  }

  @Override
  public String event() {
    return connected ? CONNECTED : DISCONNECTED;
  }
}
