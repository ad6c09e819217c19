package io.github.providergateway.gateway.internal;

/**
 * One provider registered in one session: what it declared there, and the revision counter its
 * acknowledged updates advance. Loop only.
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

  Binding(ProviderState provider, SessionState session, Declared declared, long revision) {
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
