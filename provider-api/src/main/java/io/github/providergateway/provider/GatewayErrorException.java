package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;

/**
 * The gateway refused something with an {@code error} message: an update (its {@code requestId}
 * matched), a {@code stream.query}, the provider's {@code hello} (its name, instance, tools or
 * session: {@code INVALID_JSON}, {@code INVALID_SESSION}, {@code DUPLICATE_INSTANCE}, {@code
 * TOOL_CONFLICT}, {@code UNAUTHORIZED}, ...), or the whole connection (a fatal code, {@code
 * AUTH_FAILED} or {@code UNSUPPORTED_VERSION}). A refused {@code hello} or a fatal code ends the
 * provider: {@link ProviderSession#bound()}, {@link ProviderSession#closed()} and every stage still
 * waiting fail with this exception at once.
 *
 * <pre>{@code
 * try {
 *   session.bound().toCompletableFuture().join();
 * } catch (CompletionException e) {
 *   if (e.getCause() instanceof GatewayErrorException refused
 *       && refused.code() == ErrorCode.DUPLICATE_INSTANCE) {
 *     // another provider runs with this name: give an instance, or stop
 *   }
 * }
 * }</pre>
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

  /**
   * {@return the gateway's error code; {@link ErrorCode#UNKNOWN} for one this library does not
   * know, whose wire text {@link ErrorMessage#codeText()} keeps}
   */
  public ErrorCode code() {
    return error.code();
  }
}
