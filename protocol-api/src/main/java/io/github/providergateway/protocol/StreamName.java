package io.github.providergateway.protocol;

/**
 * A stream's full name, {@code stream@provider} (spec: stream.query). A bare name ({@code
 * ci-watch}) means a stream of the provider asking.
 *
 * @param stream the stream's own name
 * @param provider the name of the provider that pushes to it
 */
public record StreamName(String stream, String provider) {

  public StreamName {
    Require.nonEmpty(stream, "stream");
    Require.nonEmpty(provider, "provider");
  }

  /**
   * Reads {@code name}, splitting at its last {@code @}; a bare name, or one ending in {@code @},
   * belongs to {@code ownProvider}.
   */
  public static StreamName parse(String name, String ownProvider) {
    int at = name.lastIndexOf('@');
    if (at <= 0 || at == name.length() - 1) {
      return new StreamName(at == name.length() - 1 ? name.substring(0, at) : name, ownProvider);
    }
    return new StreamName(name.substring(0, at), name.substring(at + 1));
  }

  /** Whether this stream belongs to the provider named {@code providerName}. */
  public boolean isOwnedBy(String providerName) {
    return provider.equals(providerName);
  }

  @Override
  public String toString() {
    return stream + "@" + provider;
  }
}
