package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One tool call from the host, from request to its single outcome (architecture: Per-call life).
 * The host's outcome and the call's bookkeeping end separately: after a timeout the host has {@code
 * TIMEOUT} at once, while the provider still owes a {@code CANCELLED} answer. Loop only.
 */
final class CallState {

  private static final System.Logger LOG = System.getLogger(CallState.class.getName());

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
  private String id;

  final SessionState session;
  final String tool;

  /**
   * The arguments the call runs with: the host's, until the hooks decide; then, when gates rewrote
   * them (decision 33), theirs. Changed only by {@link #hooksDecided}.
   */
  private JsonNode args;

  /** Context added by pre-tool hooks, returned with the outcome. */
  private List<String> hookContext = List.of();

  /** The arguments gates rewrote the host's to, returned with the outcome; null if unchanged. */
  private JsonNode updatedArgs;

  final Instant startedAt;
  private final CompletableFuture<CallResult> hostFuture;

  /** Hears each progress the host is shown ({@code HostApi.callTool} with a listener). */
  private final ProgressListener progressListener;

  /** Where the call is; every field below is changed by this class's methods only. */
  private Phase phase = Phase.QUEUED;

  /** The binding the call was routed to. */
  private Binding target;

  /** The connection it was sent on, once sent. */
  private Conn conn;

  /** Fires the call's timeout, counted from the host's request; null while it is stopped. */
  private Scheduler.Cancellable timeout;

  /** When the timeout fires, unless stopped. */
  private Instant deadline;

  /** While a question to the person waits (decision 35): the time the call had left; else null. */
  private Duration stoppedWithLeft;

  /** Fires when a cancelled call's provider has had long enough to answer. */
  private Scheduler.Cancellable cancelGrace;

  /** When the host was last shown a {@code tool.progress} of this call. */
  private Instant progressShownAt;

  /** When it started waiting for a concurrency slot; null if it never did. */
  private Instant queuedAt;

  private Duration queueWait;

  /** The latest {@code tool.progress} held back by the interval, or null. */
  private String progressHeld;

  /** Shows {@link #progressHeld} when the interval ends. */
  private Scheduler.Cancellable progressFlush;

  /** Whether a retry on another instance was already used (multi-instance). */
  private boolean retried;

  /** The concurrency limit the call counts against, or null. */
  private ConcurrencyLimiter.Key slotKey;

  /** Whether the call holds a slot of that limit now (sent, or cancelled and not yet answered). */
  private boolean holdsSlot;

  CallState(
      String id,
      SessionState session,
      String tool,
      JsonNode args,
      Instant startedAt,
      CompletableFuture<CallResult> hostFuture,
      ProgressListener progressListener) {
    this.id = id;
    this.session = session;
    this.tool = tool;
    this.args = args;
    this.startedAt = startedAt;
    this.hostFuture = hostFuture;
    this.progressListener = progressListener;
  }

  String id() {
    return id;
  }

  Phase phase() {
    return phase;
  }

  /** The binding the call was routed to, or null before it was. */
  Binding target() {
    return target;
  }

  /** The connection it was sent on, or null before it was. */
  Conn conn() {
    return conn;
  }

  /** Its timeout, falling due at {@code deadline}. */
  void timeout(Scheduler.Cancellable timeout, Instant deadline) {
    this.timeout = timeout;
    this.deadline = deadline;
  }

  /**
   * A question to the person about the call waits (extension {@code gate.ask}): its timeout stops
   * at {@code now}, keeping the time it had left. The person's time is not the tool's.
   */
  void stopTimeout(Instant now) {
    if (timeout == null || stoppedWithLeft != null) {
      return;
    }
    timeout.cancel();
    timeout = null;
    Duration left = Duration.between(now, deadline);
    stoppedWithLeft = left.isNegative() ? Duration.ZERO : left;
  }

  /**
   * The question has ended: {@return the time the call had left when its timeout stopped, to run
   * again; null when it was not stopped}
   */
  Duration timeLeft() {
    Duration left = stoppedWithLeft;
    stoppedWithLeft = null;
    return left;
  }

  /** The arguments the call runs with. */
  JsonNode args() {
    return args;
  }

  /** The pre-tool hooks decided, adding context and perhaps rewriting the arguments. */
  void hooksDecided(HookDecision decision) {
    hookContext = decision.context();
    if (decision.updatedArgs() != null) {
      args = decision.updatedArgs();
      updatedArgs = decision.updatedArgs();
    }
  }

  /** The call goes to {@code target}. */
  void routedTo(Binding target) {
    this.target = target;
  }

  // ---- where it is ----

  /** It waits for a slot of its concurrency limit, since {@code at}. */
  void queued(Instant at) {
    phase = Phase.QUEUED;
    queuedAt = at;
  }

  /** How long it waited for its slot, or null when it never waited. */
  Duration queueWait() {
    return queueWait;
  }

  /** {@code tool.call} goes out on {@code conn}, which keeps it until its bookkeeping ends. */
  void sentOn(Conn conn) {
    this.conn = conn;
    phase = Phase.SENT;
    conn.sent(this);
  }

  /** The provider answered with a file, which is being read. */
  void readingFile() {
    phase = Phase.READING_FILE;
  }

  /** {@code tool.cancel} goes out; the provider owes a {@code CANCELLED} answer. */
  void cancelling() {
    phase = Phase.CANCELLING;
  }

  /** When a cancelled call's provider has had long enough to answer. */
  void cancelGrace(Scheduler.Cancellable grace) {
    cancelGrace = grace;
  }

  /** Whether a retry on another instance was already used. */
  boolean retried() {
    return retried;
  }

  /**
   * A retryable failure: the call is tried once more, as a new {@code tool.call} with {@code id} on
   * {@code other}. Its old connection must have forgotten it already.
   */
  void retryOn(String id, Binding other) {
    retried = true;
    this.id = id;
    target = other;
    conn = null;
    phase = Phase.QUEUED;
  }

  /** The connection it was sent on, if any, forgets it and remembers its id as ended. */
  void leaveConnection() {
    if (conn != null) {
      conn.forget(this);
    }
  }

  /**
   * Closes its bookkeeping: every timer stops, nothing more happens.
   *
   * @return false when it was closed already
   */
  boolean close() {
    if (phase == Phase.CLOSED) {
      return false;
    }
    phase = Phase.CLOSED;
    if (timeout != null) {
      timeout.cancel();
    }
    if (cancelGrace != null) {
      cancelGrace.cancel();
    }
    if (progressFlush != null) {
      progressFlush.cancel();
    }
    progressHeld = null;
    return true;
  }

  // ---- its concurrency limit ({@link ConcurrencyLimiter}) ----

  /** The limit it counts against from now, or null for none. */
  void countsAgainst(ConcurrencyLimiter.Key key) {
    slotKey = key;
  }

  /** It took a slot of its limit at {@code at}. */
  void tookSlot(Instant at) {
    holdsSlot = true;
    if (queuedAt != null) {
      queueWait = Duration.between(queuedAt, at);
    }
  }

  /** It stops counting against its limit; returns that limit, or null when it had none. */
  ConcurrencyLimiter.Key leaveLimit() {
    ConcurrencyLimiter.Key key = slotKey;
    slotKey = null;
    return key;
  }

  /** It gives its slot back; returns whether it held one (false: it was waiting for one). */
  boolean releaseSlot() {
    boolean held = holdsSlot;
    holdsSlot = false;
    return held;
  }

  // ---- progress ----

  /** When the host was last shown its progress, or null. */
  Instant progressShownAt() {
    return progressShownAt;
  }

  /** The latest progress held back by the interval, or null. */
  String heldProgress() {
    return progressHeld;
  }

  /** Holds {@code message} back until the interval ends, in place of any held before. */
  void holdProgress(String message) {
    progressHeld = message;
  }

  /** Whether a flush of held progress is pending. */
  boolean awaitsProgressFlush() {
    return progressFlush != null;
  }

  /** The flush pending for the held progress. */
  void progressFlush(Scheduler.Cancellable flush) {
    progressFlush = flush;
  }

  /** The pending flush fired. */
  void progressFlushFired() {
    progressFlush = null;
  }

  /** The host was shown its progress at {@code at}: nothing is held or pending any more. */
  void progressShown(Instant at) {
    // A flush still queued belongs to the interval that just ended: left running, it would show
    // the next held progress within this new interval instead of at its end.
    if (progressFlush != null) {
      progressFlush.cancel();
      progressFlush = null;
    }
    progressHeld = null;
    progressShownAt = at;
  }

  /**
   * Tells the call's listener of {@code message}, shown to the host now. A listener that throws is
   * the host's bug: logged, and the call goes on (as {@code GuardedSessionHost} does for the
   * timeline).
   */
  void tellProgress(String message) {
    try {
      progressListener.progress(message);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's progress listener failed for " + this, e);
    }
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
    return hostFuture.complete(new CallResult(outcome, hookContext, updatedArgs));
  }

  @Override
  public String toString() {
    return "call " + id + " (" + tool + ")";
  }
}
