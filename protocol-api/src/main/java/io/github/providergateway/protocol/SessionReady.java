package io.github.providergateway.protocol;

/**
 * {@code session.ready}: an {@code "all"}-bound provider is ready for a session that started after
 * its {@code hello}; only now are its tools, hooks and context registered there.
 *
 * @param sessionId the session the provider is now ready in
 */
public record SessionReady(String sessionId) implements SessionScoped, ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param sessionId the session the provider is now ready in
   * @throws NullPointerException when {@code sessionId} is null
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public SessionReady {
    Require.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.SESSION_READY;
  }
}
