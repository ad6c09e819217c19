package io.github.providergateway.protocol;

/**
 * A stream's full name, {@code stream@provider} (spec: stream.query). A bare name ({@code
 * ci-watch}) means a stream of the provider asking.
 *
 * @param stream the stream's own name
 * @param provider the name of the provider that pushes to it
 */
public record StreamName(String stream, String provider) {

  /**
   * Checks the required fields.
   *
   * @param stream the stream's own name
   * @param provider the name of the provider that pushes to it
   * @throws NullPointerException when {@code stream} or {@code provider} is null
   * @throws IllegalArgumentException when {@code stream} or {@code provider} is empty
   */
  public StreamName {
    Require.nonEmpty(stream, "stream");
    Require.nonEmpty(provider, "provider");
  }

  /**
   * Reads {@code name}, splitting at its last {@code @}; a bare name, one ending in {@code @}, or
   * one whose only {@code @} comes first, belongs to {@code ownProvider}.
   *
   * @param name a stream name as a provider or host wrote it
   * @param ownProvider the name of the provider that wrote it
   * @return the stream and its owner
   */
  public static StreamName parse(String name, String ownProvider) {
    int at = name.lastIndexOf('@');
    if (at <= 0) {
      // No '@', or only a leading one ("@x", "@"): all of it is the stream's own name.
      return new StreamName(name, ownProvider);
    }
    if (at == name.length() - 1) {
      return new StreamName(name.substring(0, at), ownProvider);
    }
    return new StreamName(name.substring(0, at), name.substring(at + 1));
  }

  /**
   * Whether this stream belongs to the provider named {@code providerName}.
   *
   * @param providerName a provider's name
   * @return whether it is this stream's owner
   */
  public boolean isOwnedBy(String providerName) {
    return provider.equals(providerName);
  }

  @Override
  public String toString() {
    return stream + "@" + provider;
  }
}
