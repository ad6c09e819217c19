package io.github.providergateway.protocol;

import java.util.Objects;

/**
 * One active session as providers see it in {@code sessions} and {@code sessions.updated}, and as
 * hosts see it in their session list.
 *
 * @param id the session id, globally unique
 * @param label a human-readable name, optional
 * @param cwd the session's working directory, shown only to providers that may access the session
 * @param foreground whether this is the session the user is looking at, when known
 * @param openedBy who opened the session. Hosts see whom the host opened it for: {@code null} for
 *     itself (the console, {@code --rpc}, a {@code /host} host), {@code agent} (or {@code
 *     agent:<detail>}) for an agent ({@code gateway mcp}), {@code mcp-http:<client>} for a session
 *     of the MCP front door on HTTP opened with that client's token. Providers see only its kind
 *     ({@link #forProviders()}): {@code agent}, {@code client}, or nothing for the host's own.
 *     {@link #opener()} reads both. Hook adapters and the example providers take the agent's
 *     session only among sessions that are not a client's
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
   * @param openedBy who opened it: see the record's description; optional
   * @throws NullPointerException when {@code id} is null
   * @throws IllegalArgumentException when {@code id} is empty
   */
  public SessionInfo {
    Require.nonEmpty(id, "id");
  }

  /**
   * A session a holder of the gateway token opened for itself (no {@code openedBy}).
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
   * {@return this session as providers are told of it: {@code openedBy} only as its kind ({@link
   * SessionOpener#wireName()} of {@link #opener()}, left out for the host's own session), never the
   * host's detail such as a client's name; every other component kept}
   */
  public SessionInfo forProviders() {
    SessionOpener opener = opener();
    String told = opener == SessionOpener.HOST ? null : opener.wireName();
    return Objects.equals(told, openedBy)
        ? this
        : new SessionInfo(id, label, cwd, foreground, told);
  }

  /**
   * {@return who opened this session, read from {@link #openedBy()} by {@link SessionOpener#of}}
   */
  public SessionOpener opener() {
    return SessionOpener.of(openedBy);
  }

  /**
   * {@return whether the session is not a front-door client's ({@link #opener()} is not {@link
   * SessionOpener#CLIENT}): a holder of the gateway token opened it, for itself or for an agent, so
   * it may be taken for the agent's}
   */
  public boolean openedByTokenHolder() {
    return opener() != SessionOpener.CLIENT;
  }
}
