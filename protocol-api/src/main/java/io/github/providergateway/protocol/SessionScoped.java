package io.github.providergateway.protocol;

/**
 * A provider message that may name a session ({@code push}, the four updates, {@code stream.query},
 * {@code session.ready}, {@code shutdown.ready}). The gateway refuses one naming a session outside
 * the provider's authorized set with {@code INVALID_SESSION} (spec: Session scope enforcement).
 */
public sealed interface SessionScoped
    permits Push, StateUpdate, StreamQuery, SessionReady, ShutdownReady {

  /** {@return the named session, or {@code null} for "my session(s)"} */
  String sessionId();
}
