package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.TrustLevel;
import java.time.Instant;
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
 * @param connectedSince when its current connection said {@code hello}, on the gateway's clock;
 *     {@code null} when not known (a description read from an older gateway)
 * @param callsInFlight how many tool calls its connection is answering now (sent, not yet ended)
 * @param spawnedAs what the host spawned it as (a {@code --config} entry's name), for a provider
 *     the host started; {@code null} for one that connected by itself
 */
public record ProviderInfo(
    String providerId,
    String name,
    String instance,
    TrustLevel trust,
    List<String> sessions,
    List<String> tools,
    Instant connectedSince,
    int callsInFlight,
    String spawnedAs) {

  /**
   * Checks and copies the description.
   *
   * @param providerId the gateway-assigned id; not null
   * @param name the provider's name; not null
   * @param instance its instance id, or {@code null}
   * @param trust its trust level; not null
   * @param sessions the sessions its tools are registered in; copied
   * @param tools the names of its tools; copied
   * @param connectedSince when it said {@code hello}, or {@code null}
   * @param callsInFlight calls it is answering now; not negative
   * @param spawnedAs what the host spawned it as, or {@code null}
   * @throws NullPointerException when a required component is null
   * @throws IllegalArgumentException when {@code callsInFlight} is negative
   */
  public ProviderInfo {
    requireNonNull(providerId, "providerId");
    requireNonNull(name, "name");
    requireNonNull(trust, "trust");
    sessions = List.copyOf(sessions);
    tools = List.copyOf(tools);
    if (callsInFlight < 0) {
      throw new IllegalArgumentException(
          "callsInFlight must not be negative, was " + callsInFlight);
    }
  }

  /**
   * A description without the connection's time and load (as the components before them were).
   *
   * @param providerId the gateway-assigned id; not null
   * @param name the provider's name; not null
   * @param instance its instance id, or {@code null}
   * @param trust its trust level; not null
   * @param sessions the sessions its tools are registered in; copied
   * @param tools the names of its tools; copied
   */
  public ProviderInfo(
      String providerId,
      String name,
      String instance,
      TrustLevel trust,
      List<String> sessions,
      List<String> tools) {
    this(providerId, name, instance, trust, sessions, tools, null, 0, null);
  }

  /**
   * A description of a provider not spawned by the host (as the components before were).
   *
   * @param providerId the gateway-assigned id; not null
   * @param name the provider's name; not null
   * @param instance its instance id, or {@code null}
   * @param trust its trust level; not null
   * @param sessions the sessions its tools are registered in; copied
   * @param tools the names of its tools; copied
   * @param connectedSince when it said {@code hello}, or {@code null}
   * @param callsInFlight calls it is answering now; not negative
   */
  public ProviderInfo(
      String providerId,
      String name,
      String instance,
      TrustLevel trust,
      List<String> sessions,
      List<String> tools,
      Instant connectedSince,
      int callsInFlight) {
    this(providerId, name, instance, trust, sessions, tools, connectedSince, callsInFlight, null);
  }
}
