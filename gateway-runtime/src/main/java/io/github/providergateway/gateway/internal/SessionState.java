package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.gateway.SessionHost;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamName;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** One agent session the host started. Loop only. */
final class SessionState {

  /** Where the session is in its life. */
  enum Phase {
    /** Listed, bindable, callable. */
    ACTIVE,
    /** {@code shutdown.pending} sent; waiting for providers or the deadline. */
    ENDING,
    /** Torn down and removed. */
    ENDED
  }

  final String id;
  final SessionInfo info;
  final SessionHost host;
  /** Names of the host's own tools; providers may not take them. */
  final Set<String> hostToolNames;

  Phase phase = Phase.ACTIVE;
  /** Providers registered here, in registration order. */
  final Map<ProviderState, Binding> bindings = new LinkedHashMap<>();
  /**
   * Tool name → the bindings serving it. Several only for instances of one provider name (they
   * share the tool); otherwise one.
   */
  final Map<String, List<Binding>> toolIndex = new HashMap<>();
  /** Event streams by full name ({@code stream@provider}); they outlive their provider's binding. */
  final Map<StreamName, EventStream> streams = new LinkedHashMap<>();
  /** Calls made in this session whose bookkeeping is still open. */
  final Set<CallState> calls = new LinkedHashSet<>();

  /** The debounced host registration: pending flush, first change of the batch, last list sent. */
  Scheduler.Cancellable registrationFlush;
  Instant registrationBatchStart;
  List<HostTool> registeredTools = List.of();

  /** While ending: providers whose readiness is awaited, the deadline timer, and who waits. */
  final Set<ProviderState> awaitingShutdown = new LinkedHashSet<>();
  Scheduler.Cancellable shutdownDeadline;
  final List<CompletableFuture<Void>> endWaiters = new ArrayList<>();

  SessionState(String id, SessionInfo info, SessionHost host, Set<String> hostToolNames) {
    this.id = id;
    this.info = info;
    this.host = host;
    this.hostToolNames = hostToolNames;
  }

  boolean isActive() {
    return phase == Phase.ACTIVE;
  }

  boolean isEnded() {
    return phase == Phase.ENDED;
  }

  /** The bindings serving {@code tool} here, or an empty list. */
  List<Binding> owners(String tool) {
    return toolIndex.getOrDefault(tool, List.of());
  }

  @Override
  public String toString() {
    return "session " + id;
  }
}
