package io.github.providergateway.protocol;

/**
 * One active session as providers see it in {@code sessions} and {@code sessions.updated}, and as
 * hosts see it in their session list.
 *
 * @param id the session id, globally unique
 * @param label a human-readable name, optional
 * @param cwd the session's working directory, shown only to providers that may access the session
 * @param foreground whether this is the session the user is looking at, when known
 * @param openedBy for hosts only, never on the provider wire: who the host opened the session for
 *     when that is not a holder of the gateway token ({@code mcp-http:<client>} for a session of
 *     the MCP front door on HTTP, opened with that client's token); {@code null} for a session a
 *     holder of the gateway token opened (the console, {@code --rpc}, a {@code /host} host such as
 *     {@code gateway mcp}). Hook adapters take the agent's session only among the latter
 */
public record SessionInfo(
    String id, String label, String cwd, Boolean foreground, String openedBy) {

  /**
   * Checks the required fields.
   *
   * @param id the session id, globally unique
   * @param label a human-readable name, optional
   * @param cwd the session's working directory, shown only to providers that may access the session
   * @param foreground whether this is the session the user is looking at, when known
   * @param openedBy who the host opened it for, when not a holder of the gateway token; optional
   * @throws NullPointerException when {@code id} is null
   * @throws IllegalArgumentException when {@code id} is empty
   */
  public SessionInfo {
    Require.nonEmpty(id, "id");
  }

  /**
   * A session a holder of the gateway token opened (no {@code openedBy}): what providers are told.
   *
   * @param id the session id, globally unique
   * @param label a human-readable name, optional
   * @param cwd the session's working directory, shown only to providers that may access the session
   * @param foreground whether this is the session the user is looking at, when known
   * @throws NullPointerException when {@code id} is null
   * @throws IllegalArgumentException when {@code id} is empty
   */
  public SessionInfo(String id, String label, String cwd, Boolean foreground) {
    this(id, label, cwd, foreground, null);
  }

  /** {@return this session without its {@code cwd}, for providers that may not access it} */
  public SessionInfo withoutCwd() {
    return cwd == null ? this : new SessionInfo(id, label, null, foreground, openedBy);
  }

  /**
   * {@return this session without its {@code openedBy}, as providers are told of it (who opened a
   * session is the hosts' business); every other component kept}
   */
  public SessionInfo withoutOpenedBy() {
    return openedBy == null ? this : new SessionInfo(id, label, cwd, foreground, null);
  }

  /**
   * {@return whether a holder of the gateway token opened it for itself ({@link #openedBy()} is
   * null), rather than for a client with a narrower credential}
   */
  public boolean openedByTokenHolder() {
    return openedBy == null;
  }
}
