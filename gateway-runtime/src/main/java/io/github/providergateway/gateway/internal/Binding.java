package io.github.providergateway.gateway.internal;

import java.time.Instant;
import java.util.ArrayDeque;

/**
 * One provider registered in one session: what it declared there, the revision counter its
 * acknowledged updates advance, and the push budget and inject gating kept per (provider,
 * session). Loop only.
 */
final class Binding {

  final ProviderState provider;
  final SessionState session;
  /** What the provider declared for this session. */
  final Declared declared;
  /** The latest revision of this (provider, session); only grows. */
  private long revision;
  /** A {@code tools.update} whose {@code ack} waits for the host registration, or null. */
  PendingAck pendingToolsAck;

  /** When this provider's recent pushes to this session came, oldest first (push budget). */
  final ArrayDeque<Instant> recentPushes = new ArrayDeque<>();
  /** Whether a turn this provider started here has not ended yet (inject gating). */
  boolean turnPending;
  /** Whether this provider's last turn here ended, with no user message since. */
  boolean turnEnded;
  /** Consecutive inject→turn→inject cycles, with no user message between. */
  int injectCycles;
  /** Whether this provider's turns here are paused until the user speaks. */
  boolean injectsPaused;

  /** The estimated heap of {@link #declared}, as last checked against the limits. */
  long declaredBytes;

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

  /** An update acknowledged once its effect has reached the host. */
  record PendingAck(String requestId, long revision) {}
}
