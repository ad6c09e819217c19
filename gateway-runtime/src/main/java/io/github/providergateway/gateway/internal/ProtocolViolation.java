package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.ErrorCode;

/**
 * A provider broke a rule. Thrown by handlers and caught in one place per message ({@link
 * InboundRouter}), which answers with {@code error} and closes the connection only for fatal codes.
 * Carries no stack trace: it is an expected outcome of untrusted input.
 */
final class ProtocolViolation extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ErrorCode code;
  private final String sessionId;

  ProtocolViolation(ErrorCode code, String message) {
    this(code, message, null);
  }

  ProtocolViolation(ErrorCode code, String message, String sessionId) {
    super(message, null, false, false);
    this.code = code;
    this.sessionId = sessionId;
  }

  ErrorCode code() {
    return code;
  }

  /** The session the refused message concerned, or {@code null}. */
  String sessionId() {
    return sessionId;
  }
}
