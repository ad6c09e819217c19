package io.github.providergateway.protocol.json;

import io.github.providergateway.protocol.ErrorCode;

/**
 * A field of a message is missing or of the wrong JSON type. Thrown inside the codec only and
 * turned into a {@link DecodeError}; it never escapes. Carries no stack trace: it is an expected
 * outcome of reading untrusted input, not a bug.
 */
final class FieldException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ErrorCode code;

  FieldException(ErrorCode code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  ErrorCode code() {
    return code;
  }
}
