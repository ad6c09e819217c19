package io.github.providergateway.protocol.json;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.Message;

/**
 * What {@link ProtocolCodec} made of a text: a {@link Decoded} message (possibly of an unknown
 * type), or a {@link Failed} decode with a typed {@link DecodeError}. The codec returns one of the
 * two for any input and never throws.
 *
 * @param <M> the direction of message decoded
 */
public sealed interface DecodeResult<M extends Message>
    permits DecodeResult.Decoded, DecodeResult.Failed {

  /** Whether a message was decoded. */
  boolean isDecoded();

  /** The message, or {@code null} when decoding failed. */
  M messageOrNull();

  /** The error, or {@code null} when a message was decoded. */
  DecodeError errorOrNull();

  /** A decoded message. */
  record Decoded<M extends Message>(M message) implements DecodeResult<M> {
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
    public DecodeError errorOrNull() {
      return null;
    }
  }

  /** A text that is not a valid message. */
  record Failed<M extends Message>(DecodeError error) implements DecodeResult<M> {
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
    public DecodeError errorOrNull() {
      return error;
    }
  }
}
