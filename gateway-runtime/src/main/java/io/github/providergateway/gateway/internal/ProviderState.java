package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A registered provider: its identity ({@code name} + {@code instance}), the connection serving it,
 * and its bindings, one per session. What its {@code hello} said is fixed at registration; a new
 * {@code hello} registers a new one. Loop only.
 */
final class ProviderState {

  /**
   * A provider's identity: {@code name} + {@code instance} (spec: Identity protection), within its
   * scope: the session a host spawned it for, or null for the whole gateway ({@link
   * Credential#identityScope}).
   */
  record Identity(String name, String instance, String scope) {}

  final String providerId;
  final String name;

  /** The instance id, or {@code null}. */
  final String instance;

  /** The session its identity belongs to, or {@code null} ({@link Identity#scope}). */
  final String identityScope;

  final TrustLevel trust;

  /** The connection serving this provider. */
  final Conn conn;

  /** What its {@code hello} bound to. */
  final SessionSelector selector;

  /** Bindings by session id, in binding order. Changed by {@link #bound} and {@link #unbound}. */
  private final Map<String, Binding> bindings = new LinkedHashMap<>();

  private final Map<String, Binding> bindingsView = Collections.unmodifiableMap(bindings);

  /** For {@code "all"}: what a newly readied session starts from; null otherwise. */
  final Declared template;

  /**
   * For {@code "all"}: sessions started after the {@code hello}, awaiting {@code session.ready}.
   */
  private final Set<String> awaitingReady = new LinkedHashSet<>();

  /** Sessions that sent this provider {@code shutdown.pending} and await its readiness. */
  private final Set<String> shutdownPending = new LinkedHashSet<>();

  private final Set<String> shutdownPendingView = Collections.unmodifiableSet(shutdownPending);

  /** Session event types it subscribed to. */
  final Set<String> subscribe;

  final Concurrency concurrency;
  final JsonNode metadata;
  final String startupContext;

  /** Where it may keep files across sessions (local trust levels only), or null. */
  final Path persistDir;

  /**
   * The protocol extensions its {@code hello} asked for and the gateway accepted (decision 33). Not
   * restored by a reconnect token: like {@code protocolVersion}, they say what the code on this
   * connection speaks.
   */
  private final Set<ProtocolExtension> extensions;

  /** The reconnect token of its latest {@code hello.ack}; set once, when it is issued. */
  private String reconnectToken;

  /** Its rules' regex time per second (created when a rule first runs). */
  private RegexGuard.Allowance regexAllowance;

  /** When its {@code hello} was taken, for the host's description. */
  private final Instant connectedSince;

  /** When it last sent anything: multi-instance routing picks the most recent. */
  private Instant lastActive;

  /**
   * What a {@code hello} says of the provider besides its declarations: each field it carries, or
   * where it leaves one out, what a reconnect restored.
   */
  record Carried(
      Set<String> subscribe, Concurrency concurrency, JsonNode metadata, String startupContext) {}

  ProviderState(
      String providerId,
      Identity identity,
      TrustLevel trust,
      Conn conn,
      SessionSelector selector,
      Declared template,
      Carried carried,
      Path persistDir,
      Set<ProtocolExtension> extensions,
      Instant registeredAt) {
    this.providerId = providerId;
    this.name = identity.name();
    this.instance = identity.instance();
    this.identityScope = identity.scope();
    this.trust = trust;
    this.conn = conn;
    this.selector = selector;
    this.template = template;
    this.subscribe = carried.subscribe();
    this.concurrency = carried.concurrency();
    this.metadata = carried.metadata();
    this.startupContext = carried.startupContext();
    this.persistDir = persistDir;
    this.extensions = Collections.unmodifiableSet(extensions);
    this.lastActive = registeredAt;
    this.connectedSince = registeredAt;
  }

  /** Whether the gateway accepted {@code extension} in its {@code hello.ack}. */
  boolean speaks(ProtocolExtension extension) {
    return extensions.contains(extension);
  }

  /** The extensions the gateway accepted, in their declaration order; read-only. */
  Set<ProtocolExtension> extensions() {
    return extensions;
  }

  Identity identity() {
    return new Identity(name, instance, identityScope);
  }

  boolean isAllBound() {
    return selector instanceof SessionSelector.All;
  }

  /** Its bindings by session id, in binding order; a read-only view. */
  Map<String, Binding> bindings() {
    return bindingsView;
  }

  /** It is now bound in {@code binding}'s session. */
  void bound(Binding binding) {
    bindings.put(binding.session.id, binding);
  }

  /** It is no longer bound in {@code binding}'s session. */
  void unbound(Binding binding) {
    bindings.remove(binding.session.id);
  }

  /**
   * An {@code "all"}-bound provider: {@code sessionId} started and awaits its {@code
   * session.ready}.
   */
  void awaitReady(String sessionId) {
    awaitingReady.add(sessionId);
  }

  /** {@code sessionId} no longer awaits its {@code session.ready}: it came, or the session ends. */
  void stopAwaitingReady(String sessionId) {
    awaitingReady.remove(sessionId);
  }

  /** No session awaits its {@code session.ready} any more: it leaves them all. */
  void stopAwaitingAnyReady() {
    awaitingReady.clear();
  }

  boolean isAwaitingReady(String sessionId) {
    return awaitingReady.contains(sessionId);
  }

  /** {@code sessionId} sent it {@code shutdown.pending} and awaits its readiness. */
  void shutdownPending(String sessionId) {
    shutdownPending.add(sessionId);
  }

  /**
   * {@code sessionId} no longer awaits its readiness: it said so, left, or the session is gone.
   *
   * @return whether the session was awaiting it
   */
  boolean shutdownSettled(String sessionId) {
    return shutdownPending.remove(sessionId);
  }

  /** The sessions awaiting its readiness to end, in the order they asked; a read-only view. */
  Set<String> pendingShutdowns() {
    return shutdownPendingView;
  }

  String reconnectToken() {
    return reconnectToken;
  }

  /** The reconnect token its {@code hello.ack} carries, issued once it is registered. */
  void reconnectToken(String token) {
    if (reconnectToken != null) {
      throw new IllegalStateException("a provider's reconnect token is issued once");
    }
    reconnectToken = token;
  }

  /** Its rules' regex time per second, made from {@code regex} when a rule of it first runs. */
  RegexGuard.Allowance regexAllowance(RegexGuard regex) {
    if (regexAllowance == null) {
      regexAllowance = regex.allowance();
    }
    return regexAllowance;
  }

  Instant lastActive() {
    return lastActive;
  }

  /** It sent something at {@code now}. */
  void active(Instant now) {
    lastActive = now;
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
        providerId,
        name,
        instance,
        trust,
        List.copyOf(bindings.keySet()),
        tools,
        connectedSince,
        conn.callCount(),
        Restarts.spawnNameOf(conn));
  }

  @Override
  public String toString() {
    return name + (instance == null ? "" : "/" + instance) + " (" + providerId + ")";
  }
}
