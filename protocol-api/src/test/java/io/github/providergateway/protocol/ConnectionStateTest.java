package io.github.providergateway.protocol;

import static io.github.providergateway.protocol.ConnectionEvent.CLOSED;
import static io.github.providergateway.protocol.ConnectionEvent.GOODBYE;
import static io.github.providergateway.protocol.ConnectionEvent.HELLO_ACCEPTED;
import static io.github.providergateway.protocol.ConnectionEvent.HELLO_REFUSED;
import static io.github.providergateway.protocol.ConnectionEvent.PAIRING_CONFIRMED;
import static io.github.providergateway.protocol.ConnectionEvent.PAIRING_REQUESTED;
import static io.github.providergateway.protocol.ConnectionEvent.REBIND_STARTED;
import static io.github.providergateway.protocol.ConnectionEvent.SESSIONS_LOST;
import static io.github.providergateway.protocol.ConnectionEvent.TOKEN_ACCEPTED;
import static io.github.providergateway.protocol.ConnectionState.AWAIT_AUTH;
import static io.github.providergateway.protocol.ConnectionState.AWAIT_HELLO;
import static io.github.providergateway.protocol.ConnectionState.AWAIT_PAIRING;
import static io.github.providergateway.protocol.ConnectionState.BOUND;
import static io.github.providergateway.protocol.ConnectionState.DISCONNECTED;
import static io.github.providergateway.protocol.ConnectionState.REBINDING;
import static io.github.providergateway.protocol.ConnectionState.UNBOUND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ConnectionState}: the spec's "Legal messages per state" table, one row per cell, and the
 * transitions of its state diagram as the design brief completes it (R-STATE-01 .. -16).
 */
class ConnectionStateTest {

  /** The spec's table, written out; every cell not listed is illegal. */
  private static final Map<ConnectionState, Set<ProviderMessageType>> LEGAL =
      new EnumMap<>(ConnectionState.class);

  static {
    Set<ProviderMessageType> all = EnumSet.allOf(ProviderMessageType.class);
    all.remove(ProviderMessageType.UNKNOWN);
    LEGAL.put(AWAIT_AUTH, EnumSet.of(ProviderMessageType.AUTH)); // "auth only"
    LEGAL.put(AWAIT_PAIRING, EnumSet.of(ProviderMessageType.AUTH_CONFIRM)); // "auth.confirm only"
    LEGAL.put(AWAIT_HELLO, EnumSet.of(ProviderMessageType.HELLO)); // "hello only"
    LEGAL.put(BOUND, all); // "All provider→gateway messages"
    LEGAL.put(
        REBINDING, EnumSet.noneOf(ProviderMessageType.class)); // "None (gateway is processing)"
    LEGAL.put(
        UNBOUND,
        EnumSet.of(
            ProviderMessageType.HELLO, ProviderMessageType.GOODBYE)); // "hello, goodbye only"
    LEGAL.put(DISCONNECTED, EnumSet.noneOf(ProviderMessageType.class)); // final
  }

  static Stream<Arguments> legalMessageCells() {
    List<Arguments> cells = new ArrayList<>();
    for (ConnectionState state : ConnectionState.values()) {
      for (ProviderMessageType type : ProviderMessageType.values()) {
        if (type != ProviderMessageType.UNKNOWN) {
          cells.add(Arguments.of(state, type, LEGAL.get(state).contains(type)));
        }
      }
    }
    return cells.stream();
  }

  @ParameterizedTest(name = "[{index}] {0} accepts {1}: {2}")
  @MethodSource("legalMessageCells")
  void stateAcceptsExactlyTheMessagesOfItsRow(
      ConnectionState state, ProviderMessageType type, boolean legal) {
    assertThat(state.accepts(type)).isEqualTo(legal);
    assertThat(state.acceptedTypes().contains(type)).as("acceptedTypes").isEqualTo(legal);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(value = ConnectionState.class, names = "DISCONNECTED", mode = EnumSource.Mode.EXCLUDE)
  void unknownTypePassesTheStateCheckInEveryLiveState(ConnectionState state) {
    // So that it is answered UNKNOWN_TYPE rather than with a state error (arch 2).
    assertThat(state.accepts(ProviderMessageType.UNKNOWN)).isTrue();
  }

  @Test
  void disconnectedAcceptsNothingNotEvenAnUnknownType() {
    assertThat(DISCONNECTED.acceptedTypes()).isEmpty();
    assertThat(DISCONNECTED.accepts(ProviderMessageType.UNKNOWN)).isFalse();
  }

  @Test
  void acceptsAMessageByItsType() {
    assertThat(AWAIT_AUTH.accepts(Auth.pair())).isTrue();
    assertThat(AWAIT_AUTH.accepts(new Goodbye(null))).isFalse();
    assertThat(UNBOUND.accepts(new Goodbye("bye"))).isTrue();
    assertThat(
            AWAIT_HELLO.accepts(
                new UnknownProviderMessage("x", JsonNodeFactory.instance.objectNode())))
        .isTrue();
  }

  @Test
  void acceptedTypesCannotBeChanged() {
    assertThatThrownBy(() -> AWAIT_AUTH.acceptedTypes().add(ProviderMessageType.HELLO))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void acceptsRefusesNull() {
    assertThatThrownBy(() -> BOUND.accepts((ProviderMessageType) null))
        .isInstanceOf(NullPointerException.class);
  }

  // ---- refusal codes ----

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ConnectionState.class)
  void refusalIsAuthFailedBeforeAuthenticationAndUnauthorizedAfter(ConnectionState state) {
    // Arch 18; R-STATE-02, -06, -11, -16.
    boolean beforeAuth = state == AWAIT_AUTH || state == AWAIT_PAIRING;

    assertThat(state.refusalCode())
        .isEqualTo(beforeAuth ? ErrorCode.AUTH_FAILED : ErrorCode.UNAUTHORIZED);
    assertThat(state.isAuthenticated()).isEqualTo(!beforeAuth);
    assertThat(state.refusalCode().isFatal()).isEqualTo(beforeAuth);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ConnectionState.class)
  void onlyBoundConnectionsReceiveSessionTraffic(ConnectionState state) {
    // R-STATE-12.
    assertThat(state.receivesSessionTraffic()).isEqualTo(state == BOUND);
  }

  // ---- transitions ----

  /** Every legal transition: from, event, to. */
  static Stream<Arguments> transitions() {
    return Stream.of(
        Arguments.of(AWAIT_AUTH, TOKEN_ACCEPTED, AWAIT_HELLO), // R-STATE-03
        Arguments.of(AWAIT_AUTH, PAIRING_REQUESTED, AWAIT_PAIRING), // R-STATE-04
        Arguments.of(AWAIT_AUTH, CLOSED, DISCONNECTED),
        Arguments.of(AWAIT_PAIRING, PAIRING_CONFIRMED, AWAIT_HELLO), // R-STATE-05
        Arguments.of(AWAIT_PAIRING, CLOSED, DISCONNECTED),
        Arguments.of(AWAIT_HELLO, HELLO_ACCEPTED, BOUND), // R-STATE-07
        Arguments.of(AWAIT_HELLO, HELLO_REFUSED, AWAIT_HELLO), // R-STATE-08
        Arguments.of(AWAIT_HELLO, CLOSED, DISCONNECTED),
        Arguments.of(BOUND, REBIND_STARTED, REBINDING), // R-STATE-10
        Arguments.of(BOUND, SESSIONS_LOST, UNBOUND), // R-SESS-11
        Arguments.of(BOUND, GOODBYE, DISCONNECTED), // R-SESS-13
        Arguments.of(BOUND, CLOSED, DISCONNECTED),
        Arguments.of(REBINDING, HELLO_ACCEPTED, BOUND),
        Arguments.of(REBINDING, HELLO_REFUSED, UNBOUND), // R-HELLO-13
        Arguments.of(REBINDING, CLOSED, DISCONNECTED),
        Arguments.of(UNBOUND, HELLO_ACCEPTED, BOUND),
        Arguments.of(UNBOUND, HELLO_REFUSED, UNBOUND),
        Arguments.of(UNBOUND, GOODBYE, DISCONNECTED),
        Arguments.of(UNBOUND, CLOSED, DISCONNECTED),
        Arguments.of(DISCONNECTED, CLOSED, DISCONNECTED));
  }

  @ParameterizedTest(name = "[{index}] {0} --{1}--> {2}")
  @MethodSource("transitions")
  void legalTransitionLeadsToItsState(
      ConnectionState from, ConnectionEvent event, ConnectionState to) {
    assertThat(from.canHandle(event)).isTrue();
    assertThat(from.next(event)).isEqualTo(to);
  }

  static Stream<Arguments> illegalTransitions() {
    Set<String> legal = new HashSet<>();
    transitions().forEach(t -> legal.add(t.get()[0] + " " + t.get()[1]));
    List<Arguments> illegal = new ArrayList<>();
    for (ConnectionState state : ConnectionState.values()) {
      for (ConnectionEvent event : ConnectionEvent.values()) {
        if (!legal.contains(state + " " + event)) {
          illegal.add(Arguments.of(state, event));
        }
      }
    }
    return illegal.stream();
  }

  @ParameterizedTest(name = "[{index}] {0} --{1}--> illegal")
  @MethodSource("illegalTransitions")
  void illegalTransitionThrowsIllegalState(ConnectionState from, ConnectionEvent event) {
    assertThat(from.canHandle(event)).isFalse();
    assertThatThrownBy(() -> from.next(event))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(from.name())
        .hasMessageContaining(event.name());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ConnectionEvent.class)
  void disconnectedIsFinal(ConnectionEvent event) {
    // R-STATE-13: nothing leaves DISCONNECTED; a second CLOSED is harmless.
    if (event == CLOSED) {
      assertThat(DISCONNECTED.next(event)).isEqualTo(DISCONNECTED);
    } else {
      assertThatThrownBy(() -> DISCONNECTED.next(event)).isInstanceOf(IllegalStateException.class);
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ConnectionState.class)
  void closingLeadsToDisconnectedFromEveryState(ConnectionState state) {
    assertThat(state.next(CLOSED)).isEqualTo(DISCONNECTED);
  }

  @Test
  void tokenProviderWalksToBoundRebindsAndLeaves() {
    ConnectionState state = AWAIT_AUTH;
    for (ConnectionEvent event :
        List.of(
            TOKEN_ACCEPTED,
            HELLO_REFUSED,
            HELLO_ACCEPTED,
            REBIND_STARTED,
            HELLO_ACCEPTED,
            GOODBYE)) {
      state = state.next(event);
    }

    assertThat(state).isEqualTo(DISCONNECTED);
  }

  @Test
  void pairedProviderWhoseRebindFailsCanBindAgain() {
    ConnectionState state =
        AWAIT_AUTH
            .next(PAIRING_REQUESTED)
            .next(PAIRING_CONFIRMED)
            .next(HELLO_ACCEPTED)
            .next(REBIND_STARTED)
            .next(HELLO_REFUSED);

    assertThat(state).isEqualTo(UNBOUND);
    assertThat(state.next(HELLO_ACCEPTED)).isEqualTo(BOUND);
  }

  @Test
  void canHandleRefusesNull() {
    assertThatThrownBy(() -> BOUND.canHandle(null)).isInstanceOf(NullPointerException.class);
  }
}
