package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolsUpdate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Authentication and what a connection may send before it is bound (spec: Connection states). */
class AuthenticationTest {

  private final GatewayFixture f = GatewayFixture.create();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void gatewayTokenIsAnsweredWithTheActiveSessions() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection conn = f.connect();

    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));

    Sessions sessions = conn.next(Sessions.class);
    assertThat(sessions.active())
        .containsExactly(
            new SessionInfo(a, "alpha", "/code/alpha", null),
            new SessionInfo(b, "beta", "/code/beta", null));
    assertThat(sessions.token()).as("token only after pairing").isNull();
    conn.assertNoMoreMessages();
  }

  /**
   * What a caller of {@code credentials().isProviderToken} is told: the gateway token is one, a
   * spawn token of this run or a token one character longer is not.
   */
  @Test
  void onlyTheGatewayTokenIsTheProviderToken() {
    String session = f.startSession("alpha");
    String token = f.gateway.credentials().providerToken();
    String spawnToken = GatewayFixture.done(f.gateway.spawning().issueSpawnToken(session));

    assertThat(f.gateway.credentials().isProviderToken(token)).isTrue();
    assertThat(f.gateway.credentials().isProviderToken(spawnToken)).isFalse();
    assertThat(f.gateway.credentials().isProviderToken(token + "x")).isFalse();
  }

  /** A stranger may not hold one of the connection slots by saying nothing, or nothing valid. */
  @Test
  void aConnectionThatDoesNotAuthenticateWithinTenSecondsFailsAndCloses() {
    RecordingProviderConnection silent = f.connect();
    RecordingProviderConnection garbled = f.connect();
    garbled.sendText("{\"type\":\"auth\",\"token\":5}");
    assertThat(garbled.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    RecordingProviderConnection prompt = f.connect();

    f.clock.advance(Duration.ofMillis(9_999));
    prompt.send(Auth.withToken(f.gateway.credentials().providerToken()));
    prompt.next(Sessions.class);
    // Two auth deadlines left (silent, garbled) and the prompt one's bind deadline in place of its
    // own.
    assertThat(f.clock.pendingTasks())
        .as("the prompt one's deadline went with its auth")
        .isEqualTo(3);
    assertThat(silent.isClosed()).isFalse();
    assertThat(garbled.isClosed()).isFalse();
    f.clock.advance(Duration.ofMillis(1));

    for (RecordingProviderConnection late : List.of(silent, garbled)) {
      ErrorMessage error = late.next(ErrorMessage.class);
      assertThat(error.code()).isEqualTo(ErrorCode.AUTH_FAILED);
      assertThat(error.message()).isEqualTo("No auth within 10 s");
      assertThat(late.closeReason()).isEqualTo(CloseReason.AUTH_FAILED);
    }
    f.clock.advance(Duration.ofMinutes(5));
    assertThat(prompt.isClosed()).as("authenticated in time: it stays").isFalse();
    prompt.assertNoMoreMessages();
  }

  @Test
  void aConnectionThatLeavesTakesItsDeadlineWithIt() {
    RecordingProviderConnection leaving = f.connect();
    assertThat(f.clock.pendingTasks()).isEqualTo(1);

    leaving.drop();

    assertThat(f.clock.pendingTasks()).isZero();
  }

  @Test
  void gatewayTokenHasThePtkPrefixAnd128RandomBits() {
    assertThat(f.gateway.credentials().providerToken()).matches("ptk-[0-9a-f]{32}");
  }

  /**
   * The fixture pins the random source; a gateway built without one (production) must still make a
   * new token each run, so the token an earlier run wrote is refused by the next (R-AUTH-01).
   */
  @Test
  void gatewaysBuiltWithoutARandomSourceRefuseEachOthersTokens() {
    ManualClock time = new ManualClock();
    String oldToken;
    try (Gateway earlier = unseeded(time)) {
      oldToken = earlier.credentials().providerToken();
    }
    try (Gateway later = unseeded(time)) {
      RecordingProviderConnection conn = new RecordingProviderConnection("later#1");
      conn.attach(later.transports().acceptWebSocket(conn));

      conn.send(Auth.withToken(oldToken));

      assertThat(later.credentials().providerToken())
          .matches("ptk-[0-9a-f]{32}")
          .isNotEqualTo(oldToken);
      assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
      assertThat(conn.closeReason()).isEqualTo(CloseReason.AUTH_FAILED);
    }
  }

  private static Gateway unseeded(ManualClock time) {
    return Gateway.builder()
        .backend(time.backend().withRandom(new java.security.SecureRandom()))
        .build();
  }

  @Test
  void theTransportIsToldOnceWhenItsProviderAuthenticatesAndNotForAWrongToken() {
    RecordingProviderConnection refused = f.connect();
    refused.send(Auth.withToken("ptk-wrong"));
    RecordingProviderConnection accepted = f.connect();
    assertThat(accepted.timesAuthenticated()).isZero();

    accepted.send(Auth.withToken(f.gateway.credentials().providerToken()));
    accepted.send(
        Auth.withToken(f.gateway.credentials().providerToken())); // refused: already authenticated

    assertThat(accepted.timesAuthenticated()).isEqualTo(1);
    assertThat(refused.timesAuthenticated()).isZero();
  }

  @Test
  void tokenOfAnotherGatewayRunIsRefusedAndTheConnectionCloses() {
    String oldToken;
    try (GatewayFixture earlier =
        GatewayFixture.withBackend(t -> t.withRandom(new java.util.SplittableRandom(7)))) {
      oldToken = earlier.gateway.credentials().providerToken();
    }
    RecordingProviderConnection conn = f.connect();

    conn.send(Auth.withToken(oldToken));

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(error.replyTo()).isEqualTo("auth");
    assertThat(conn.closeReason()).isEqualTo(CloseReason.AUTH_FAILED);
    conn.assertNoMoreMessages();
  }

  @Test
  void wrongTokenFailsWhereverItDiffers() {
    String token = f.gateway.credentials().providerToken();
    for (String wrong :
        List.of(
            "x" + token.substring(1),
            token.substring(0, token.length() - 1) + "x",
            token + "0",
            token.substring(1),
            "")) {
      RecordingProviderConnection conn = f.connect();
      conn.sendText("{\"type\":\"auth\",\"token\":\"" + wrong + "\"}");
      ErrorMessage error = conn.next(ErrorMessage.class);
      assertThat(error.code())
          .as("token %s", wrong)
          .isIn(ErrorCode.AUTH_FAILED, ErrorCode.INVALID_JSON);
      if (!wrong.isEmpty()) {
        assertThat(error.code()).isEqualTo(ErrorCode.AUTH_FAILED);
        assertThat(conn.isClosed()).isTrue();
      }
    }
  }

  @Test
  void anyOtherFirstMessageFailsAuthenticationAndCloses() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.connect();

    conn.send(Hello.builder("sneaky").session(session).build());

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(error.replyTo()).isEqualTo("hello");
    assertThat(conn.isClosed()).isTrue();
    conn.assertNoMoreMessages();
    f.settle();
    assertThat(f.host(session).registrations).isEmpty();
  }

  @Test
  void unknownTypeBeforeAuthIsAnsweredUnknownTypeAndTheConnectionStaysOpen() {
    RecordingProviderConnection conn = f.connect();

    conn.sendText("{\"type\":\"telemetry\",\"x\":1}");

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
    assertThat(error.replyTo()).isEqualTo("telemetry");
    assertThat(conn.isClosed()).isFalse();
    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));
    conn.next(Sessions.class);
  }

  /**
   * A newer provider sends its new types once bound, not only before auth: every live state answers
   * {@code UNKNOWN_TYPE} (not a state refusal) and keeps the connection as it was.
   */
  @Test
  void unknownTypeIsAnsweredUnknownTypeInEveryLiveStateAndChangesNothing() {
    String session = f.startSession("alpha");
    RecordingProviderConnection awaitingHello = f.authenticated();
    RecordingProviderConnection bound = f.bound("worker", session, tool("fast"));

    for (RecordingProviderConnection conn : List.of(awaitingHello, bound)) {
      conn.sendText("{\"type\":\"telemetry\",\"sessionId\":\"" + session + "\"}");

      ErrorMessage error = conn.next(ErrorMessage.class);
      assertThat(error.code()).as(conn.describe()).isEqualTo(ErrorCode.UNKNOWN_TYPE);
      assertThat(error.replyTo()).as(conn.describe()).isEqualTo("telemetry");
      assertThat(conn.isClosed()).as(conn.describe()).isFalse();
    }
    awaitingHello.send(Hello.builder("other").session(session).build());
    assertThat(awaitingHello.next(HelloAck.class).providerId()).isNotNull();
    f.call(session, "fast", "{}");
    assertThat(bound.next(io.github.providergateway.protocol.ToolCall.class).tool())
        .as("still bound")
        .isEqualTo("fast");
  }

  @Test
  void malformedJsonBeforeAuthIsInvalidJsonAndTheConnectionStaysOpen() {
    RecordingProviderConnection conn = f.connect();

    conn.sendText("{\"type\":\"auth\",");

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(conn.isClosed()).isFalse();
  }

  @Test
  void authWithAWronglyTypedTokenIsInvalidJsonAndChangesNothing() {
    RecordingProviderConnection conn = f.connect();

    conn.sendText("{\"type\":\"auth\",\"token\":42}");

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("token");
    assertThat(conn.isClosed()).isFalse();
    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));
    conn.next(Sessions.class);
  }

  @Test
  void beforeHelloOnlyHelloIsAcceptedAndOtherMessagesAreUnauthorized() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Push.event(PushLevel.INJECT, "too early"));
    conn.send(ToolsUpdate.replaceAll(List.of(tool("x"))));
    conn.send(new Goodbye(null));

    for (int i = 0; i < 3; i++) {
      assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    }
    assertThat(conn.isClosed()).isFalse();
    assertThat(f.host(session).sends).isEmpty();
    conn.send(Hello.builder("late").session(session).build());
    assertThat(conn.next(HelloAck.class).sessionId()).isEqualTo(session);
  }

  @Test
  void secondAuthOnAnAuthenticatedConnectionIsRefused() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(conn.isClosed()).isFalse();
  }

  @Test
  void aClosedConnectionIsFinalAndLaterMessagesAreIgnored() {
    RecordingProviderConnection conn = f.authenticated();
    conn.drop();

    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));

    conn.assertNoMoreMessages();
  }

  @Test
  void inProcessProvidersStartInAwaitHelloWithoutAuth() {
    String session = f.startSession("alpha");
    RecordingProviderConnection local = f.connectLocal(session);

    local.send(Hello.builder("tap").tools(tool("tap_tool")).build());

    HelloAck ack = local.next(HelloAck.class);
    assertThat(ack.sessionId()).as("stamped with its home session").isEqualTo(session);
    f.settle();
    assertThat(f.host(session).registeredNames()).containsExactly("tap_tool");
    assertThat(f.done(f.gateway.providers()))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.trust())
                    .isEqualTo(io.github.providergateway.protocol.TrustLevel.INTERNAL));
  }

  @Test
  void inProcessProvidersSendingAuthAreTold() {
    RecordingProviderConnection local = f.connectLocal(null);

    local.send(Auth.withToken(f.gateway.credentials().providerToken()));

    assertThat(local.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(local.isClosed()).isFalse();
  }

  /**
   * Issue 34: an empty token (an unset variable in a provider's script) was answered INVALID_JSON,
   * which names the parser; it is a token that fails, and the message says what to do.
   */
  @Test
  void anEmptyTokenIsAuthFailedSayingItIsEmpty() {
    RecordingProviderConnection conn = f.connect();

    conn.sendText("{\"type\":\"auth\",\"token\":\"\"}");

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(error.message()).contains("The token is empty");
  }
}
