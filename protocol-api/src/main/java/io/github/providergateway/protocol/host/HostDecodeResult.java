package io.github.providergateway.protocol.host;

import static java.util.Objects.requireNonNull;

/**
 * What {@link HostCodec} made of a text: a {@link Decoded} value or a {@link Failed} decode with a
 * typed {@link HostDecodeError}. The codec returns one of the two for any input and never throws.
 */
public sealed interface HostDecodeResult<T> permits HostDecodeResult.Decoded, HostDecodeResult.Failed {

  /** Whether a value was decoded. */
  boolean isDecoded();

  /** The value, or {@code null} when decoding failed. */
  T valueOrNull();

  /** The error, or {@code null} when a value was decoded. */
  HostDecodeError errorOrNull();

  /** A decoded value. */
  record Decoded<T>(T value) implements HostDecodeResult<T> {
    public Decoded {
      requireNonNull(value, "value");
    }

    @Override
    public boolean isDecoded() {
      return true;
    }

    @Override
    public T valueOrNull() {
      return value;
    }

    @Override
    public HostDecodeError errorOrNull() {
      return null;
    }
  }

  /** A text that is not valid. */
  record Failed<T>(HostDecodeError error) implements HostDecodeResult<T> {
    public Failed {
      requireNonNull(error, "error");
    }

    @Override
    public boolean isDecoded() {
      return false;
    }

    @Override
    public T valueOrNull() {
      return null;
    }

    @Override
    public HostDecodeError errorOrNull() {
      return error;
    }
  }
}
