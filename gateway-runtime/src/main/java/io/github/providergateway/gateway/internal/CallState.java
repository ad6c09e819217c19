package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.gateway.ToolOutcome;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One tool call from the host, from request to its single outcome (architecture: Per-call life).
 * The host's outcome and the call's bookkeeping end separately: after a timeout the host has
 * {@code TIMEOUT} at once, while the provider still owes a {@code CANCELLED} answer. Loop only.
 */
final class CallState {

  /** Where the call is. */
  enum Phase {
    /** Waiting for a concurrency slot; not sent. */
    QUEUED,
    /** {@code tool.call} sent; waiting for {@code tool.result}. */
    SENT,
    /** The provider answered with a file; the gateway is reading it. */
    READING_FILE,
    /** {@code tool.cancel} sent; waiting for {@code CANCELLED} or the grace period. */
    CANCELLING,
    /** Finished; nothing more happens. */
    CLOSED
  }

  /** The id of the call's current {@code tool.call}; a retry on another instance gets a new one. */
  String id;
  final SessionState session;
  final String tool;
  final JsonNode args;
  /** Context added by pre-tool hooks, returned with the outcome. */
  List<String> hookContext = List.of();
  final Instant startedAt;
  private final CompletableFuture<CallResult> hostFuture;

  Phase phase = Phase.QUEUED;
  /** The binding the call was routed to. */
  Binding target;
  /** The connection it was sent on, once sent. */
  Conn conn;
  /** Fires the call's timeout, counted from the host's request. */
  Scheduler.Cancellable timeout;
  /** Fires when a cancelled call's provider has had long enough to answer. */
  Scheduler.Cancellable cancelGrace;
  /** When the host was last shown a {@code tool.progress} of this call. */
  Instant progressShownAt;
  /** The latest {@code tool.progress} held back by the interval, or null. */
  String progressHeld;
  /** Shows {@link #progressHeld} when the interval ends. */
  Scheduler.Cancellable progressFlush;
  /** Whether a retry on another instance was already used (multi-instance). */
  boolean retried;
  /** The concurrency limit the call counts against, or null. */
  ConcurrencyLimiter.Key slotKey;
  /** Whether the call holds a slot of that limit now (sent, or cancelled and not yet answered). */
  boolean holdsSlot;

  CallState(
      String id,
      SessionState session,
      String tool,
      JsonNode args,
      Instant startedAt,
      CompletableFuture<CallResult> hostFuture) {
    this.id = id;
    this.session = session;
    this.tool = tool;
    this.args = args;
    this.startedAt = startedAt;
    this.hostFuture = hostFuture;
  }

  /** Whether the host already has this call's outcome. */
  boolean isHostDone() {
    return hostFuture.isDone();
  }

  /**
   * Gives the host its outcome, if it has none yet: the first terminal event wins.
   *
   * @return whether this outcome was the one delivered
   */
  boolean completeHost(ToolOutcome outcome) {
    return hostFuture.complete(new CallResult(outcome, hookContext));
  }

  @Override
  public String toString() {
    return "call " + id + " (" + tool + ")";
  }
}
