package io.github.providergateway.protocol;

/**
 * One active session as providers see it in {@code sessions} and {@code sessions.updated}.
 *
 * @param id the session id, globally unique
 * @param label a human-readable name, optional
 * @param cwd the session's working directory, shown only to providers that may access the session
 * @param foreground whether this is the session the user is looking at, when known
 */
public record SessionInfo(String id, String label, String cwd, Boolean foreground) {

  /**
   * Checks the required fields.
   *
   * @param id the session id, globally unique
   * @param label a human-readable name, optional
   * @param cwd the session's working directory, shown only to providers that may access the session
   * @param foreground whether this is the session the user is looking at, when known
   * @throws NullPointerException when {@code id} is null
   * @throws IllegalArgumentException when {@code id} is empty
   */
  public SessionInfo {
    Require.nonEmpty(id, "id");
  }

  /** {@return this session without its {@code cwd}, for providers that may not access it} */
  public SessionInfo withoutCwd() {
    return cwd == null ? this : new SessionInfo(id, label, null, foreground);
  }
}
