package io.github.providergateway.gateway;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.protocol.StreamEntry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What watches the gateway without driving it: listeners for its events and audit trail, the
 * numbers a metrics exporter reads, and every retained stream of a session, as a status page shows
 * them. Get it from {@link Gateway#monitor()}. Any thread.
 */
public interface GatewayMonitor {
  /**
   * Adds a listener for gateway-wide events; it hears them from now on, on the loop.
   *
   * @param listener the listener
   */
  void addListener(GatewayListener listener);

  /**
   * Records a decision taken on the gateway's behalf outside its engine: every listener hears it
   * through {@link GatewayListener#decided}, on the loop, as it hears the engine's own (the audit
   * trail, the status page, telemetry). For hosts that decide with the gateway's knowledge but
   * without its evaluation (an agent's hook answered from the gates a home holds while their
   * provider is away). Nobody hears it when no listener listens to decisions.
   *
   * @param decision the decision
   */
  void record(Decision decision);

  /**
   * How many tool calls are under way now, from the host's request until the gateway is done with
   * them (a cancelled call counts until its provider confirms, at most the cancel grace): for
   * metrics (a gauge read from an exporter's thread). Any thread; a moment's value.
   *
   * @return calls in flight, queued ones included
   */
  int callsInFlight();

  /**
   * How many tool calls wait now for their provider's concurrency slot; for metrics. Any thread.
   *
   * @return calls queued
   */
  int callsQueued();

  /**
   * How many pushes the gateway has accepted since it started (each past every check, whatever its
   * stream's filter then did with it); for metrics, with the refusals the audit trail counts. Any
   * thread; a moment's value.
   *
   * @return pushes accepted
   */
  long pushesAccepted();

  /**
   * Every retained stream of a session with its newest events, read with internal trust: what a
   * status page shows. Not part of {@link io.github.providergateway.host.api.HostApi}: hosts of a
   * shared gateway read streams by name ({@link
   * io.github.providergateway.host.api.HostApi#queryStreams}).
   *
   * @param sessionId the session
   * @param last how many entries of each stream, at most the retention
   * @return each {@code stream@provider} → its newest entries, newest first, streams in the order
   *     first written; fails with {@link io.github.providergateway.host.api.HostException} ({@code
   *     INVALID_SESSION}) for an unknown session
   */
  CompletableFuture<Map<String, List<StreamEntry>>> streams(String sessionId, int last);
}
