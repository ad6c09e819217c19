package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamName;
import io.github.providergateway.protocol.ToolDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
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

  /** Where it is in its life: changed by {@link #beginEnding} and {@link #ended} only. */
  private Phase phase = Phase.ACTIVE;

  /** Providers registered here, in registration order; kept in step with {@link #toolIndex}. */
  private final Map<ProviderState, Binding> bindings = new LinkedHashMap<>();

  private final Map<ProviderState, Binding> bindingsView = Collections.unmodifiableMap(bindings);

  /**
   * Tool name → the bindings serving it. Several only for instances of one provider name (they
   * share the tool); otherwise one.
   */
  private final Map<String, List<Binding>> toolIndex = new HashMap<>();

  /**
   * Event streams by full name ({@code stream@provider}); they outlive their provider's binding.
   */
  final Map<StreamName, EventStream> streams = new LinkedHashMap<>();

  /** Calls made in this session whose bookkeeping is still open. {@link CallDispatcher} only. */
  final Set<CallState> calls = new LinkedHashSet<>();

  /**
   * What the host is restarting here, by spawn name: the tools each holds and its grace (decision
   * 34). While any is under way the host's registration waits. {@link Restarts} only.
   */
  final Map<String, Restarts.Held> restarts = new LinkedHashMap<>();

  /** The debounced host registration: pending flush, first change of the batch, last list sent. */
  private Scheduler.Cancellable registrationFlush;

  private Instant registrationBatchStart;
  private List<HostTool> registeredTools = List.of();

  /** Whether a registration was flushed yet: the first one waits out no debounce (issue 46). */
  private boolean everFlushed;

  /** While ending: providers whose readiness is awaited, the deadline timer, and who waits. */
  private final Set<ProviderState> awaitingShutdown = new LinkedHashSet<>();

  private Scheduler.Cancellable shutdownDeadline;
  private final List<CompletableFuture<Void>> endWaiters = new ArrayList<>();

  SessionState(String id, SessionInfo info, SessionHost host, Set<String> hostToolNames) {
    this.id = id;
    this.info = info;
    this.host = host;
    this.hostToolNames = hostToolNames;
  }

  boolean isActive() {
    return phase == Phase.ACTIVE;
  }

  boolean isEnding() {
    return phase == Phase.ENDING;
  }

  boolean isEnded() {
    return phase == Phase.ENDED;
  }

  // ---- bindings and the tool index ----

  /** Providers registered here, in registration order; a read-only view. */
  Map<ProviderState, Binding> bindings() {
    return bindingsView;
  }

  /** The bindings serving {@code tool} here, or an empty list. */
  List<Binding> owners(String tool) {
    return toolIndex.getOrDefault(tool, List.of());
  }

  /** Registers {@code binding} here, last in registration order, with its tools. */
  void add(Binding binding) {
    bindings.put(binding.provider, binding);
    index(binding);
  }

  /**
   * Removes {@code binding}'s provider and {@code binding}'s tools.
   *
   * @return false, changing nothing, when the provider was not registered here
   */
  boolean remove(Binding binding) {
    if (bindings.remove(binding.provider) == null) {
      return false;
    }
    unindex(binding);
    return true;
  }

  /** Replaces {@code binding}'s tools with {@code tools}, here and in what it declared. */
  void replaceTools(Binding binding, List<ToolDefinition> tools) {
    unindex(binding);
    binding.declared.setTools(tools);
    index(binding);
  }

  private void index(Binding binding) {
    for (String name : binding.declared.tools.keySet()) {
      toolIndex.computeIfAbsent(name, n -> new ArrayList<>(1)).add(binding);
    }
  }

  private void unindex(Binding binding) {
    for (String name : binding.declared.tools.keySet()) {
      List<Binding> owners = toolIndex.get(name);
      if (owners != null) {
        owners.remove(binding);
        if (owners.isEmpty()) {
          toolIndex.remove(name);
        }
      }
    }
  }

  /** The spawn name of the restart that holds {@code tool} here, or null when none does. */
  String restartHolding(String tool) {
    for (Map.Entry<String, Restarts.Held> restart : restarts.entrySet()) {
      for (HostTool held : restart.getValue().tools()) {
        if (held.name().equals(tool)) {
          return restart.getKey();
        }
      }
    }
    return null;
  }

  // ---- the debounced host registration ({@link ToolCatalog}) ----

  /**
   * When the batch of tool changes the host has yet to hear of began: {@code now} if none is open.
   */
  Instant registrationBatchStart(Instant now) {
    if (registrationBatchStart == null) {
      registrationBatchStart = now;
    }
    return registrationBatchStart;
  }

  /** The flush now pending for the open batch. */
  void registrationFlush(Scheduler.Cancellable flush) {
    registrationFlush = flush;
  }

  /**
   * Whether a registration was flushed since the session started: a first list someone waits for is
   * not debounced ({@link StartingProviders#check}).
   */
  boolean everFlushed() {
    return everFlushed;
  }

  /** Whether a registration is waiting out its debounce. */
  boolean registrationPending() {
    return registrationFlush != null;
  }

  /** Cancels the pending flush, if any. */
  void cancelRegistrationFlush() {
    if (registrationFlush != null) {
      registrationFlush.cancel();
      registrationFlush = null;
    }
  }

  /** The batch is being flushed: nothing more is pending, and the next change opens a new batch. */
  void registrationFlushed() {
    cancelRegistrationFlush();
    registrationBatchStart = null;
    everFlushed = true;
  }

  /**
   * Records {@code tools} as what the host has registered.
   *
   * @return false when the host has exactly these already
   */
  boolean registered(List<HostTool> tools) {
    if (tools.equals(registeredTools)) {
      return false;
    }
    registeredTools = tools;
    return true;
  }

  // ---- ending ({@link SessionManager}) ----

  /** Completes once the session is torn down. */
  CompletableFuture<Void> whenEnded() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    endWaiters.add(done);
    return done;
  }

  /** {@code shutdown.pending} goes out: the session is no longer listed, bindable or callable. */
  void beginEnding() {
    if (phase != Phase.ACTIVE) {
      throw new IllegalStateException(this + " is " + phase + ", not ACTIVE");
    }
    phase = Phase.ENDING;
  }

  /** Teardown waits for {@code provider}'s {@code shutdown.ready}. */
  void awaitShutdown(ProviderState provider) {
    awaitingShutdown.add(provider);
  }

  /** Whether teardown still waits for a provider's readiness. */
  boolean awaitsProviders() {
    return !awaitingShutdown.isEmpty();
  }

  /** Teardown happens at {@code deadline} if providers are not all ready before. */
  void shutdownDeadline(Scheduler.Cancellable deadline) {
    shutdownDeadline = deadline;
  }

  /**
   * {@code provider} is ready for teardown.
   *
   * @return whether it was the last one an ending session waited for: teardown is due
   */
  boolean shutdownReady(ProviderState provider) {
    return phase == Phase.ENDING && awaitingShutdown.remove(provider) && awaitingShutdown.isEmpty();
  }

  /** Teardown begins: the session is gone, and its deadline no longer runs. */
  void ended() {
    phase = Phase.ENDED;
    if (shutdownDeadline != null) {
      shutdownDeadline.cancel();
    }
  }

  /** Waits for nobody's readiness any more; returns who it was still waiting for. */
  List<ProviderState> stopAwaitingShutdown() {
    List<ProviderState> awaited = new ArrayList<>(awaitingShutdown);
    awaitingShutdown.clear();
    return awaited;
  }

  /** Tells whoever waits on {@link #whenEnded} that teardown is done. */
  void tellEnded() {
    for (CompletableFuture<Void> waiter : endWaiters) {
      waiter.complete(null);
    }
    endWaiters.clear();
  }

  @Override
  public String toString() {
    return "session " + id;
  }
}
