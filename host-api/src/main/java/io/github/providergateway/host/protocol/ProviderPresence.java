package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code provider.connected} or {@code provider.disconnected}: a provider bound or unbound.
 *
 * @param instance its instance id; {@code null} (written as JSON {@code null}) for a
 *     single-instance provider
 * @param connected {@code true} for {@code provider.connected}, {@code false} for {@code
 *     provider.disconnected}
 * @param providerId the gateway-assigned id of the provider
 * @param name the provider's name
 */
public record ProviderPresence(boolean connected, String providerId, String name, String instance)
    implements HostEvent {

  /** The {@code event} name of a provider that bound. */
  public static final String CONNECTED = "provider.connected";

  /** The {@code event} name of a provider that unbound. */
  public static final String DISCONNECTED = "provider.disconnected";

  /**
   * Checks the required fields.
   *
   * @param connected {@code true} for {@code provider.connected}, {@code false} for {@code
   *     provider.disconnected}
   * @param providerId the gateway-assigned id of the provider
   * @param name the provider's name
   * @param instance its instance id; {@code null} (written as JSON {@code null}) for a
   *     single-instance provider
   * @throws NullPointerException when {@code providerId} or {@code name} is null
   */
  public ProviderPresence {
    requireNonNull(providerId, "providerId");
    requireNonNull(name, "name");
  }

  @Override
  public String event() {
    return connected ? CONNECTED : DISCONNECTED;
  }
}
