package io.github.providergateway.protocol.json;

import static java.util.Objects.requireNonNull;

/**
 * What a codec made of a text: a {@link Decoded} message, or a {@link Failed} decode with a typed
 * error. Both protocols' codecs return one of the two for any input and never throw: {@link
 * ProtocolCodec} a provider-interface message or a {@link DecodeError}, the host protocol's codec a
 * host command, reply or event or its own error.
 *
 * @param <M> what is decoded (a message of one direction, a host command, ...)
 * @param <E> what a failed decode says
 */
public sealed interface DecodeResult<M, E> permits DecodeResult.Decoded, DecodeResult.Failed {

  /** {@return whether a message was decoded} */
  boolean isDecoded();

  /** {@return the message, or {@code null} when decoding failed} */
  M messageOrNull();

  /** {@return the error, or {@code null} when a message was decoded} */
  E errorOrNull();

  /**
   * A decoded message.
   *
   * @param <M> the type of a decoded message
   * @param <E> the type of a decode error
   * @param message the decoded message
   */
  record Decoded<M, E>(M message) implements DecodeResult<M, E> {
    /**
     * Checks that there is a message.
     *
     * @param message the decoded message
     * @throws NullPointerException when {@code message} is null
     */
    public Decoded {
      requireNonNull(message, "message");
    }

    @Override
    public boolean isDecoded() {
      return true;
    }

    @Override
    public M messageOrNull() {
      return message;
    }

    @Override
    public E errorOrNull() {
      return null;
    }
  }

  /**
   * A text that could not be decoded.
   *
   * @param <M> the type of a decoded message
   * @param <E> the type of a decode error
   * @param error why the text could not be decoded
   */
  record Failed<M, E>(E error) implements DecodeResult<M, E> {
    /**
     * Checks that there is an error.
     *
     * @param error why the text could not be decoded
     * @throws NullPointerException when {@code error} is null
     */
    public Failed {
      requireNonNull(error, "error");
    }

    @Override
    public boolean isDecoded() {
      return false;
    }

    @Override
    public M messageOrNull() {
      return null;
    }

    @Override
    public E errorOrNull() {
      return error;
    }
  }
}
