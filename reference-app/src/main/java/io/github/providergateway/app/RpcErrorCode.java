package io.github.providergateway.app;

import io.github.providergateway.gateway.HostErrorCode;

/**
 * The {@code error.code} of a failed {@code --rpc} reply. {@link #UNKNOWN_COMMAND} is the spec's;
 * the others are the app's (documented in docs/reference-app.md).
 */
enum RpcErrorCode {
  /** The {@code cmd} is not one of host-rpc.md's commands. */
  UNKNOWN_COMMAND,
  /** The line is not a JSON object. */
  INVALID_JSON,
  /** {@code cmd} or a field the command needs is missing or has the wrong type or range. */
  INVALID_ARGUMENT,
  /** The {@code sessionId} names no active session. */
  INVALID_SESSION,
  /** The gateway is stopping. */
  GATEWAY_CLOSED,
  /** Something failed that should not have; the message says what (and stderr has the trace). */
  INTERNAL;

  /** The code for a request the gateway refused. */
  static RpcErrorCode of(HostErrorCode code) {
    switch (code) {
      case INVALID_SESSION:
        return INVALID_SESSION;
      case INVALID_ARGUMENT:
        return INVALID_ARGUMENT;
      case GATEWAY_CLOSED:
        return GATEWAY_CLOSED;
    }
    throw new IllegalArgumentException("unmapped host error code " + code);
  }
}
