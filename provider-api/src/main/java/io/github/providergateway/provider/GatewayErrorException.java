package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ErrorMessage;

/**
 * The gateway refused something with an {@code error} message: an update (its {@code requestId}
 * matched), a {@code stream.query}, or the whole connection (a fatal code, {@code AUTH_FAILED} or
 * {@code UNSUPPORTED_VERSION}, which fails {@link ProviderSession#bound()} and {@link
 * ProviderSession#closed()}).
 */
public final class GatewayErrorException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** The gateway's message; not serialized, as {@link ErrorMessage} is not {@code Serializable}. */
  private final transient ErrorMessage error;

  /**
   * The refusal in {@code error}; the exception's message is its code and text.
   *
   * @param error the gateway's {@code error} message; not null
   */
  public GatewayErrorException(ErrorMessage error) {
    super(requireNonNull(error, "error").codeText() + ": " + error.message());
    this.error = error;
  }

  /** {@return the gateway's {@code error} message} */
  public ErrorMessage error() {
    return error;
  }
}
