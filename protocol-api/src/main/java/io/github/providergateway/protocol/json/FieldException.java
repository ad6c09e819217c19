package io.github.providergateway.protocol.json;

import io.github.providergateway.protocol.ErrorCode;

/**
 * A field is missing or of the wrong JSON type: what {@link Fields} throws, with a message naming
 * the field. Codecs catch it and turn it into their typed decode error ({@link DecodeError} here);
 * it never escapes a codec. Carries no stack trace: it is an expected outcome of reading untrusted
 * input, not a bug.
 */
public final class FieldException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** The error a provider is answered with. */
  private final ErrorCode code;

  FieldException(ErrorCode code, String message) {
    super(message, null, false, false);
    this.code = code;
  }

  /**
   * {@return the provider-interface error a provider is answered with ({@code INVALID_JSON}
   * mostly)}
   */
  public ErrorCode code() {
    return code;
  }
}
