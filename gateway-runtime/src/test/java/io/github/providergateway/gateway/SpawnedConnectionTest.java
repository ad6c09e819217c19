package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A provider the host spawned and reaches over its stdin and stdout is admitted by {@link
 * io.github.providergateway.gateway.TransportPort#acceptSpawned}: authenticated by being spawned,
 * with exactly a spawn token's trust and scope, {@code hello} first, no {@code auth} (architecture,
 * decision 32; X-STDIO-01..04).
 */
class SpawnedConnectionTest {

  private final List<Decision> decisions = new ArrayList<>();
  private final GatewayFixture f =
      GatewayFixture.with(
          builder ->
              builder.listener(
                  new GatewayListener() {
                    @Override
                    public void decided(Decision decision) {
                      decisions.add(decision);
                    }
                  }));
  private final String alpha = f.startSession("alpha");
  private final String beta = f.startSession("beta");

  @AfterEach
  void close() {
    f.close();
  }

  /** Says {@code hello} and takes its ack and the session's {@code started}: the ack's session. */
  private static String bind(RecordingProviderConnection conn, Hello hello) {
    conn.send(hello);
    String session = conn.next(HelloAck.class).sessionId();
    conn.next(io.github.providergateway.protocol.SessionLifecycle.class);
    return session;
  }

  @Test
  void aSpawnedConnectionIsToldItsSessionAtOnceAndSeesOnlyItsCwd() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);

    Sessions sessions = conn.next(Sessions.class);
    assertThat(sessions.active()).extracting(SessionInfo::id).containsExactly(alpha, beta);
    assertThat(sessions.active()).extracting(SessionInfo::cwd).containsExactly("/code/alpha", null);
    assertThat(sessions.token()).as("no token: it holds its channel, not a secret").isNull();
    assertThat(conn.timesAuthenticated())
        .as("the transport lifts its unauthenticated bounds")
        .isEqualTo(1);
    conn.assertNoMoreMessages();
  }

  @Test
  void itsHelloWithoutASessionBindsItToItsSessionWithProjectTrust() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);
    conn.next(Sessions.class);

    assertThat(bind(conn, Hello.builder("greeter").tools(tool("greet")).build())).isEqualTo(alpha);
    assertThat(done(f.gateway.providers()))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.trust()).isEqualTo(TrustLevel.PROJECT);
              assertThat(p.sessions()).containsExactly(alpha);
            });
  }

  @Test
  void itGetsWhatASpawnTokenForTheSameSessionGives() {
    RecordingProviderConnection byToken = f.spawned(alpha);
    RecordingProviderConnection bySpawning = f.connectSpawned(alpha);
    Sessions told = bySpawning.next(Sessions.class);

    bind(byToken, Hello.builder("over-ws").build());
    bind(bySpawning, Hello.builder("over-stdio").build());

    f.startSession("gamma");
    assertThat(told.active()).extracting(SessionInfo::cwd).containsExactly("/code/alpha", null);
    assertThat(done(f.gateway.providers()))
        .extracting(ProviderInfo::trust, ProviderInfo::sessions)
        .containsOnly(org.assertj.core.groups.Tuple.tuple(TrustLevel.PROJECT, List.of(alpha)));
    assertThat(bySpawning.next(io.github.providergateway.protocol.SessionsUpdated.class).active())
        .extracting(SessionInfo::cwd)
        .isEqualTo(
            byToken.next(io.github.providergateway.protocol.SessionsUpdated.class).active().stream()
                .map(SessionInfo::cwd)
                .toList());
  }

  @Test
  void authIsRefusedUnauthorizedEvenWithAValidTokenAndTheConnectionStaysOpen() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);
    conn.next(Sessions.class);

    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));

    ErrorMessage refused = conn.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refused.replyTo()).isEqualTo("auth");
    assertThat(conn.isClosed()).isFalse();
    assertThat(bind(conn, Hello.builder("greeter").build()))
        .as("nothing changed: still its session")
        .isEqualTo(alpha);
  }

  @Test
  void beforeHelloNothingElseIsAccepted() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);
    conn.next(Sessions.class);

    conn.send(new Push(null, alpha, "too early", null, PushLevel.SURFACE, null, null));

    ErrorMessage refused = conn.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refused.message()).contains("before hello");
    assertThat(f.host(alpha).loggedTexts()).noneMatch(line -> line.contains("too early"));
  }

  @Test
  void itCannotBindToAnotherSessionNorSpeakIntoOne() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);
    conn.next(Sessions.class);

    conn.send(Hello.builder("greeter").session(beta).build());
    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    bind(conn, Hello.builder("greeter").build());
    conn.send(new Push(null, beta, "into beta", null, PushLevel.SURFACE, null, null));

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(f.host(beta).loggedTexts()).noneMatch(line -> line.contains("into beta"));
  }

  @Test
  void aSessionThatEndedBeforeTheProcessWasAdmittedRefusesItAuthFailedAndClosesIt() {
    done(f.gateway.endSession(alpha, Duration.ofSeconds(1)));

    RecordingProviderConnection late = f.connectSpawned(alpha);

    ErrorMessage refused = late.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(refused.message()).contains(alpha).contains("no longer active");
    assertThat(late.closeReason()).isEqualTo(CloseReason.AUTH_FAILED);
  }

  @Test
  void aSpawnedConnectionThatNeverSaysHelloIsClosedAfterTheBindTimeout() {
    RecordingProviderConnection silent = f.connectSpawned(alpha);
    silent.next(Sessions.class);

    f.clock.advance(Duration.ofMillis(29_999));
    assertThat(silent.isClosed()).isFalse();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(silent.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(silent.closeReason()).isEqualTo(CloseReason.UNBOUND_TOO_LONG);
  }

  /** A spawned provider bound to alpha with the tool {@code greet}, registered. */
  private RecordingProviderConnection greeter() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);
    conn.next(Sessions.class);
    bind(conn, Hello.builder("greeter").tools(tool("greet")).build());
    f.settle();
    return conn;
  }

  @Test
  void itsCallsEndDisconnectedWhenItsChannelCloses() {
    RecordingProviderConnection conn = greeter();
    var call = f.call(alpha, "greet", "{}");
    conn.next(ToolCall.class);

    conn.drop();

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(io.github.providergateway.protocol.ToolErrorCode.DISCONNECTED);
    assertThat(done(f.gateway.tools(alpha))).isEmpty();
  }

  @Test
  void itsAdmissionIsOneAuthDecisionSaidToBeBySpawning() {
    RecordingProviderConnection conn = f.connectSpawned(alpha);
    conn.next(Sessions.class);

    assertThat(decisions)
        .filteredOn(d -> d.kind() == DecisionKind.AUTH)
        .singleElement()
        .satisfies(
            auth -> {
              assertThat(auth.outcome()).isEqualTo(Decision.Outcome.OK);
              assertThat(auth.trust()).isEqualTo(TrustLevel.PROJECT);
              assertThat(auth.reason()).isEqualTo("spawned");
              assertThat(auth.connection()).contains("stdio#");
            });
  }

  @Test
  void aResultIsAnsweredAsOverAnyTransport() {
    RecordingProviderConnection conn = greeter();
    var call = f.call(alpha, "greet", "{\"name\":\"Ada\"}");
    ToolCall sent = conn.next(ToolCall.class);

    conn.send(ToolResult.success(sent.id(), json("\"Hello, Ada!\"")));

    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"Hello, Ada!\"")));
  }
}
