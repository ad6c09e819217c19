package io.github.providergateway.gateway.spi;

/**
 * Why the gateway closes a provider connection. A transport maps each to its own close code (the
 * WebSocket transport to RFC 6455 status codes).
 */
public enum CloseReason {
  /** The provider said {@code goodbye}, or its identity moved to a reconnecting connection. */
  NORMAL,
  /** Authentication failed ({@code AUTH_FAILED}). */
  AUTH_FAILED,
  /** The provider speaks another protocol version ({@code UNSUPPORTED_VERSION}). */
  UNSUPPORTED_VERSION,
  /** Unreadable input while several calls were pending (core profile, rule 4). */
  PROTOCOL_ERROR,
  /** The provider did not drain its outbound queue. */
  TOO_SLOW,
  /**
   * The peer went on sending after the gateway stopped reading from it: its transport delivered the
   * connection's whole inbound allowance again while reading was suspended (the inbound backlog's
   * hard bound). Hosts on {@code /host} are closed for it too.
   */
  TOO_FAST,
  /** Authenticated, it stayed without a binding for the bind timeout while it could have bound. */
  UNBOUND_TOO_LONG,
  /** The gateway is stopping. */
  GATEWAY_STOPPING
}
