package io.github.providergateway.protocol;

/**
 * What happened to a provider connection; fed to {@link ConnectionState#next(ConnectionEvent)} to
 * find the connection's next state.
 */
public enum ConnectionEvent {
  /** {@code auth} with a valid token was accepted; {@code sessions} was sent. */
  TOKEN_ACCEPTED,
  /** {@code auth {mode: "pair"}} was accepted; {@code auth.pairing} was sent. */
  PAIRING_REQUESTED,
  /** {@code auth.confirm} carried the right code; {@code sessions} with a token was sent. */
  PAIRING_CONFIRMED,
  /** A {@code hello} was accepted; {@code hello.ack} was sent. */
  HELLO_ACCEPTED,
  /** A {@code hello} was refused with a non-fatal error. */
  HELLO_REFUSED,
  /** A {@code hello} arrived on a bound connection; the old binding is being removed. */
  REBIND_STARTED,
  /** Every session the provider was bound to has ended; it stays connected and may bind again. */
  SESSIONS_LOST,
  /** The provider said {@code goodbye}; the gateway unbinds it and closes the connection. */
  GOODBYE,
  /** The connection closed, for whatever reason. */
  CLOSED
}
