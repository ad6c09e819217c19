package io.github.providergateway.host.api;

/** Why the gateway refused a host request ({@link HostException}). */
public enum HostErrorCode {
  /** The session does not exist or has ended. */
  INVALID_SESSION,
  /** An argument is missing or malformed. */
  INVALID_ARGUMENT,
  /**
   * The gateway's project config cannot be used as it is now (the reference app's {@code
   * providers.reload}): not readable, not JSON, not an object with a {@code providers} array.
   * Nothing was changed.
   */
  INVALID_CONFIG,
  /** The gateway is shutting down or closed, or (for a remote host) unreachable. */
  GATEWAY_CLOSED,
  /** The gateway failed unexpectedly (a remote gateway answered {@code INTERNAL}). */
  INTERNAL
}
