package io.github.providergateway.gateway.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;

/**
 * One provider registered in one session: what it declared there, the revision counter its
 * acknowledged updates advance, and the push budget and inject gating kept per (provider, session).
 * Loop only.
 */
final class Binding {

  final ProviderState provider;
  final SessionState session;

  /** What the provider declared for this session. */
  final Declared declared;

  /** The latest revision of this (provider, session); only grows. */
  private long revision;

  /** A {@code tools.update} whose {@code ack} waits for the host registration, or null. */
  private PendingAck pendingToolsAck;

  /** When this provider's recent pushes to this session came, oldest first (push budget). */
  private final ArrayDeque<Instant> recentPushes = new ArrayDeque<>();

  /** Whether a turn this provider started here has not ended yet (inject gating). */
  private boolean turnPending;

  /** Whether this provider's last turn here ended, with no user message since. */
  private boolean turnEnded;

  /** Consecutive inject→turn→inject cycles, with no user message between. */
  private int injectCycles;

  /** Whether this provider's turns here are paused until the user speaks. */
  private boolean injectsPaused;

  /** The estimated heap of {@link #declared}, as last checked against the limits. */
  private long declaredBytes;

  Binding(ProviderState provider, SessionState session, Declared declared, long revision) {
    this.declaredBytes = declared.estimatedBytes();
    this.provider = provider;
    this.session = session;
    this.declared = declared;
    this.revision = revision;
  }

  /** Advances and returns the revision. */
  long nextRevision() {
    return ++revision;
  }

  long revision() {
    return revision;
  }

  /** The estimated heap of what it declares, as last counted. */
  long declaredBytes() {
    return declaredBytes;
  }

  /** What it declares changed: counts it again. */
  void declaredChanged() {
    declaredBytes = declared.estimatedBytes();
  }

  // ---- the deferred tools.update ack ({@link ToolCatalog}) ----

  boolean awaitsToolsAck() {
    return pendingToolsAck != null;
  }

  /** A {@code tools.update} is acked with {@code revision} once the host has the new tools. */
  void awaitToolsAck(String requestId, long revision) {
    pendingToolsAck = new PendingAck(requestId, revision);
  }

  /** The ack now due, or null; it is no longer pending. */
  PendingAck takeToolsAck() {
    PendingAck ack = pendingToolsAck;
    pendingToolsAck = null;
    return ack;
  }

  // ---- the push budget and inject gating ({@link PushHandler}) ----

  /**
   * Whether another push may come at {@code now}: fewer than {@code maxPerSecond} in the second
   * before. Forgets the pushes that fell out of that window.
   */
  boolean mayPush(Instant now, int maxPerSecond) {
    Instant windowStart = now.minus(Duration.ofSeconds(1));
    while (!recentPushes.isEmpty() && !recentPushes.peekFirst().isAfter(windowStart)) {
      recentPushes.pollFirst();
    }
    return recentPushes.size() < maxPerSecond;
  }

  /** A push came at {@code now}. */
  void pushed(Instant now) {
    recentPushes.addLast(now);
  }

  /** What came of a provider's push asking for a turn. */
  enum Turn {
    /** The turn starts. */
    STARTED,
    /** Its last turn has not ended, or its turns are paused: no new one. */
    HELD,
    /** That was one inject cycle too many: its turns pause from now until the user speaks. */
    PAUSED
  }

  /** The provider asks for a turn; after {@code cyclesBeforePause} cycles in a row it pauses. */
  Turn startTurn(int cyclesBeforePause) {
    if (injectsPaused || turnPending) {
      return Turn.HELD;
    }
    if (turnEnded) {
      injectCycles++;
      if (injectCycles >= cyclesBeforePause) {
        injectsPaused = true;
        return Turn.PAUSED;
      }
    }
    turnPending = true;
    turnEnded = false;
    return Turn.STARTED;
  }

  /** Consecutive inject cycles so far. */
  int injectCycles() {
    return injectCycles;
  }

  /** The session went idle: a turn this provider started has ended. */
  void sessionIdle() {
    if (turnPending) {
      turnPending = false;
      turnEnded = true;
    }
  }

  /** The user spoke: the cycle count restarts, and paused turns resume. */
  void userSpoke() {
    injectCycles = 0;
    injectsPaused = false;
    turnEnded = false;
  }

  /** An update acknowledged once its effect has reached the host. */
  record PendingAck(String requestId, long revision) {}
}
