package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ToolErrorCode;

/**
 * A tool's failure with its code. Thrown by a {@link ToolHandler} (or completing its stage), it
 * becomes {@code tool.result} with {@code error} = the message and {@code errorCode} = {@link
 * #code()}. Any other exception becomes code {@code INTERNAL}.
 */
public final class ToolException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** The {@code errorCode} sent. */
  private final ToolErrorCode code;

  /** Whether the result says {@code retryable: true}. */
  private final boolean retryable;

  /**
   * A failure with {@code code}, not retryable.
   *
   * @param code the {@code errorCode} to send; not null
   * @param message the {@code error} text to send; not null
   */
  public ToolException(ToolErrorCode code, String message) {
    this(code, message, false);
  }

  /**
   * A failure with {@code code}.
   *
   * @param code the {@code errorCode} to send; not null
   * @param message the {@code error} text to send; not null
   * @param retryable whether the gateway may retry the call on another instance of the provider
   */
  public ToolException(ToolErrorCode code, String message, boolean retryable) {
    super(requireNonNull(message, "message"));
    this.code = requireNonNull(code, "code");
    if (code == ToolErrorCode.UNKNOWN) {
      throw new IllegalArgumentException(
          "UNKNOWN is for codes read from the wire; pick a real one");
    }
    this.retryable = retryable;
  }

  /** {@return the {@code errorCode} sent} */
  public ToolErrorCode code() {
    return code;
  }

  /** {@return whether the result says {@code retryable: true}} */
  public boolean retryable() {
    return retryable;
  }
}
