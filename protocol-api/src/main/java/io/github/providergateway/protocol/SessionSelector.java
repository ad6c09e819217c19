package io.github.providergateway.protocol;

/**
 * The {@code session} a {@code hello} binds to: one named session, or {@link All} (every active
 * session, internal providers only).
 */
public sealed interface SessionSelector permits SessionSelector.Named, SessionSelector.All {

  /** {@return the wire form: the session id, or {@code "all"}} */
  String wireValue();

  /**
   * The selector for {@code wire}: {@link All#INSTANCE} for {@code "all"}, else a named session.
   *
   * @param wire a {@code session} value as written on the wire
   * @return the selector
   * @throws NullPointerException when {@code wire} is null
   * @throws IllegalArgumentException when it is empty
   */
  static SessionSelector fromWire(String wire) {
    return All.WIRE_VALUE.equals(wire) ? All.INSTANCE : new Named(wire);
  }

  /**
   * A selector for the session with id {@code sessionId}.
   *
   * @param sessionId the session's id; not {@code "all"}
   * @return the selector
   * @throws IllegalArgumentException when {@code sessionId} is empty or {@code "all"}
   */
  static SessionSelector of(String sessionId) {
    return new Named(sessionId);
  }

  /**
   * One session, by id.
   *
   * @param sessionId the session's id
   */
  record Named(String sessionId) implements SessionSelector {
    /**
     * Checks the required fields.
     *
     * @param sessionId the session's id
     * @throws NullPointerException when {@code sessionId} is null
     * @throws IllegalArgumentException when {@code sessionId} is empty, or {@code sessionId} is
     *     {@code "all"}, which {@link All} stands for
     */
    public Named {
      Require.nonEmpty(sessionId, "session");
      if (All.WIRE_VALUE.equals(sessionId)) {
        throw new IllegalArgumentException("\"all\" is not a session id; use SessionSelector.All");
      }
    }

    @Override
    public String wireValue() {
      return sessionId;
    }
  }

  /** {@code "all"}: every active session, and each new one after {@code session.ready}. */
  enum All implements SessionSelector {
    /** The one {@code "all"} selector. */
    INSTANCE;

    static final String WIRE_VALUE = "all";

    @Override
    public String wireValue() {
      return WIRE_VALUE;
    }
  }
}
