package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The life of one provider connection (spec: Connection states), as two tables: which provider
 * messages each state accepts, and which state each {@link ConnectionEvent} leads to.
 *
 * <pre>
 *   AWAIT_AUTH ──token──► AWAIT_HELLO ──hello──► BOUND ──hello──► REBINDING ──ok──► BOUND
 *       │                    ▲   │ refused ⟲        │                  └─refused─► UNBOUND
 *       └─pair─► AWAIT_PAIRING ─┘                    └─sessions ended─► UNBOUND ──hello──► BOUND
 *   any state ──close──► DISCONNECTED (final)        BOUND / UNBOUND ──goodbye──► DISCONNECTED
 * </pre>
 *
 * <p>A WebSocket connection starts in {@link #AWAIT_AUTH}; an in-process provider starts in {@link
 * #AWAIT_HELLO} with internal trust. Messages a state does not accept are refused with {@link
 * #refusalCode()}. A message of an unknown type passes the state check in every live state, so that
 * it is answered with {@code UNKNOWN_TYPE} (spec: Forward compatibility) rather than a state error.
 */
public enum ConnectionState {
  /** Just connected; only {@code auth} is accepted. */
  AWAIT_AUTH,
  /** Pairing requested; only {@code auth.confirm} is accepted. */
  AWAIT_PAIRING,
  /** Authenticated; only {@code hello} is accepted. */
  AWAIT_HELLO,
  /** Registered in one or more sessions; every provider message passes the state check. */
  BOUND,
  /** A new {@code hello} is replacing the old binding; nothing else is processed meanwhile. */
  REBINDING,
  /** Connected but registered nowhere (a rebind failed, or its sessions ended). */
  UNBOUND,
  /** Closed. Final: a returning provider opens a new connection. */
  DISCONNECTED;

  private static final Map<ConnectionState, Set<ProviderMessageType>> ACCEPTED =
      new EnumMap<>(ConnectionState.class);
  private static final Map<ConnectionState, Map<ConnectionEvent, ConnectionState>> TRANSITIONS =
      new EnumMap<>(ConnectionState.class);

  static {
    Set<ProviderMessageType> everyKnown = EnumSet.allOf(ProviderMessageType.class);
    everyKnown.remove(ProviderMessageType.UNKNOWN);
    accept(AWAIT_AUTH, EnumSet.of(ProviderMessageType.AUTH));
    accept(AWAIT_PAIRING, EnumSet.of(ProviderMessageType.AUTH_CONFIRM));
    accept(AWAIT_HELLO, EnumSet.of(ProviderMessageType.HELLO));
    accept(BOUND, everyKnown);
    accept(REBINDING, EnumSet.noneOf(ProviderMessageType.class));
    accept(UNBOUND, EnumSet.of(ProviderMessageType.HELLO, ProviderMessageType.GOODBYE));
    accept(DISCONNECTED, EnumSet.noneOf(ProviderMessageType.class));

    on(AWAIT_AUTH, ConnectionEvent.TOKEN_ACCEPTED, AWAIT_HELLO);
    on(AWAIT_AUTH, ConnectionEvent.PAIRING_REQUESTED, AWAIT_PAIRING);
    on(AWAIT_PAIRING, ConnectionEvent.PAIRING_CONFIRMED, AWAIT_HELLO);
    on(AWAIT_HELLO, ConnectionEvent.HELLO_ACCEPTED, BOUND);
    on(AWAIT_HELLO, ConnectionEvent.HELLO_REFUSED, AWAIT_HELLO);
    on(BOUND, ConnectionEvent.REBIND_STARTED, REBINDING);
    on(BOUND, ConnectionEvent.SESSIONS_LOST, UNBOUND);
    on(BOUND, ConnectionEvent.GOODBYE, DISCONNECTED);
    on(REBINDING, ConnectionEvent.HELLO_ACCEPTED, BOUND);
    on(REBINDING, ConnectionEvent.HELLO_REFUSED, UNBOUND);
    on(UNBOUND, ConnectionEvent.HELLO_ACCEPTED, BOUND);
    on(UNBOUND, ConnectionEvent.HELLO_REFUSED, UNBOUND);
    on(UNBOUND, ConnectionEvent.GOODBYE, DISCONNECTED);
    for (ConnectionState state : values()) {
      on(state, ConnectionEvent.CLOSED, DISCONNECTED);
    }
  }

  private static void accept(ConnectionState state, Set<ProviderMessageType> types) {
    if (state != DISCONNECTED) {
      types.add(ProviderMessageType.UNKNOWN);
    }
    ACCEPTED.put(state, Collections.unmodifiableSet(types));
  }

  private static void on(ConnectionState from, ConnectionEvent event, ConnectionState to) {
    TRANSITIONS.computeIfAbsent(from, s -> new EnumMap<>(ConnectionEvent.class)).put(event, to);
  }

  /**
   * Whether a provider message of {@code type} passes the state check in this state.
   *
   * @param type the message's type
   * @return whether the spec's legal-message table allows it here
   */
  public boolean accepts(ProviderMessageType type) {
    return ACCEPTED.get(this).contains(requireNonNull(type, "type"));
  }

  /**
   * Whether {@code message} passes the state check in this state.
   *
   * @param message the message
   * @return whether the spec's legal-message table allows its type here
   */
  public boolean accepts(ProviderMessage message) {
    return accepts(message.type());
  }

  /** {@return the message types this state accepts, unmodifiable} */
  public Set<ProviderMessageType> acceptedTypes() {
    return ACCEPTED.get(this);
  }

  /**
   * {@return the error code for a message this state does not accept}: {@code AUTH_FAILED} (fatal)
   * before authentication, {@code UNAUTHORIZED} (connection kept) after it (design brief, decision
   * 18).
   */
  public ErrorCode refusalCode() {
    return isAuthenticated() ? ErrorCode.UNAUTHORIZED : ErrorCode.AUTH_FAILED;
  }

  /** {@return whether the connection has passed authentication} */
  public boolean isAuthenticated() {
    return this != AWAIT_AUTH && this != AWAIT_PAIRING;
  }

  /**
   * {@return whether the gateway may send session traffic} ({@code tool.call}, {@code tool.cancel},
   * {@code gate.check}, {@code transform.request}, {@code session.event}, {@code
   * session.lifecycle}).
   */
  public boolean receivesSessionTraffic() {
    return this == BOUND;
  }

  /**
   * Whether {@code event} is a legal transition from this state.
   *
   * @param event what happened
   * @return whether the transition table has it for this state
   */
  public boolean canHandle(ConnectionEvent event) {
    Map<ConnectionEvent, ConnectionState> row = TRANSITIONS.get(this);
    return row != null && row.containsKey(requireNonNull(event, "event"));
  }

  /**
   * The state {@code event} leads to.
   *
   * @param event what happened
   * @return the next state
   * @throws IllegalStateException when the event cannot happen in this state (a gateway bug)
   */
  public ConnectionState next(ConnectionEvent event) {
    if (!canHandle(event)) {
      throw new IllegalStateException("No transition from " + this + " on " + event);
    }
    return TRANSITIONS.get(this).get(event);
  }
}
