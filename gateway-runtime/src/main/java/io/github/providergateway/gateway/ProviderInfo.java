package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.TrustLevel;
import java.util.List;

/**
 * A bound provider as the host sees it (host RPC {@code providers.list}).
 *
 * @param providerId the gateway-assigned id, stable across reconnects
 * @param name the provider's name
 * @param instance its instance id, or {@code null}
 * @param trust its trust level
 * @param sessions the sessions its tools are registered in
 * @param tools the names of its tools
 */
public record ProviderInfo(
    String providerId,
    String name,
    String instance,
    TrustLevel trust,
    List<String> sessions,
    List<String> tools) {

  /**
   * Checks and copies the description.
   *
   * @param providerId the gateway-assigned id; not null
   * @param name the provider's name; not null
   * @param instance its instance id, or {@code null}
   * @param trust its trust level; not null
   * @param sessions the sessions its tools are registered in; copied
   * @param tools the names of its tools; copied
   * @throws NullPointerException when a required component is null
   */
  public ProviderInfo {
    requireNonNull(providerId, "providerId");
    requireNonNull(name, "name");
    requireNonNull(trust, "trust");
    sessions = List.copyOf(sessions);
    tools = List.copyOf(tools);
  }
}
