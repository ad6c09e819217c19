package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A registered provider: its identity ({@code name} + {@code instance}), the connection serving it,
 * and its bindings, one per session. Loop only.
 */
final class ProviderState {

  /** A provider's identity: {@code name} + {@code instance} (spec: Identity protection). */
  record Identity(String name, String instance) {}

  final String providerId;
  final String name;
  /** The instance id, or {@code null}. */
  final String instance;
  final TrustLevel trust;
  /** Global registration order, for "in provider registration order" everywhere. */
  final long order;

  /** The connection serving this provider now. */
  Conn conn;
  /** What its {@code hello} bound to. */
  SessionSelector selector;
  /** Bindings by session id, in binding order. */
  final Map<String, Binding> bindings = new LinkedHashMap<>();
  /** For {@code "all"}: what a newly readied session starts from. */
  Declared template;
  /** For {@code "all"}: sessions started after the {@code hello}, awaiting {@code session.ready}. */
  final Set<String> awaitingReady = new LinkedHashSet<>();
  /** Sessions that sent this provider {@code shutdown.pending} and await its readiness. */
  final Set<String> shutdownPending = new LinkedHashSet<>();
  /** Session event types it subscribed to. */
  Set<String> subscribe = Set.of();
  Concurrency concurrency;
  JsonNode metadata;
  String startupContext;
  /** Where it may keep files across sessions (local trust levels only), or null. */
  Path persistDir;
  /** The reconnect token of its latest {@code hello.ack}. */
  String reconnectToken;
  /** Its rules' regex time per second (created when a rule first runs). */
  RegexGuard.Allowance regexAllowance;
  /** When it last sent anything: multi-instance routing picks the most recent. */
  Instant lastActive;

  ProviderState(String providerId, String name, String instance, TrustLevel trust, long order) {
    this.providerId = providerId;
    this.name = name;
    this.instance = instance;
    this.trust = trust;
    this.order = order;
  }

  Identity identity() {
    return new Identity(name, instance);
  }

  boolean isAllBound() {
    return selector instanceof SessionSelector.All;
  }

  /** A snapshot for the host. */
  ProviderInfo info() {
    List<String> tools = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (Binding binding : bindings.values()) {
      for (String tool : binding.declared.tools.keySet()) {
        if (seen.add(tool)) {
          tools.add(tool);
        }
      }
    }
    return new ProviderInfo(
        providerId, name, instance, trust, List.copyOf(bindings.keySet()), tools);
  }

  @Override
  public String toString() {
    return name + (instance == null ? "" : "/" + instance) + " (" + providerId + ")";
  }
}
