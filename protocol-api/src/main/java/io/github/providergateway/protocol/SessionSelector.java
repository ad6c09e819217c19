package io.github.providergateway.protocol;

/**
 * The {@code session} a {@code hello} binds to: one named session, or {@link All} (every active
 * session, internal providers only).
 */
public sealed interface SessionSelector permits SessionSelector.Named, SessionSelector.All {

  /** The wire form: the session id, or {@code "all"}. */
  String wireValue();

  /** The selector for {@code wire}: {@link All#INSTANCE} for {@code "all"}, else a named session. */
  static SessionSelector fromWire(String wire) {
    return All.WIRE_VALUE.equals(wire) ? All.INSTANCE : new Named(wire);
  }

  /** A selector for the session with id {@code sessionId}. */
  static SessionSelector of(String sessionId) {
    return new Named(sessionId);
  }

  /** One session, by id. */
  record Named(String sessionId) implements SessionSelector {
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
    INSTANCE;

    static final String WIRE_VALUE = "all";

    @Override
    public String wireValue() {
      return WIRE_VALUE;
    }
  }
}
