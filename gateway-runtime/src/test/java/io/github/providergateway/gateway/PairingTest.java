package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User-approved pairing of external providers (spec: External providers; design brief, decision 4).
 */
class PairingTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String alpha = f.startSession("alpha");
  private final String beta = f.startSession("beta");

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection requestPairing() {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.pair());
    return conn;
  }

  @Test
  void aPairingRequestIsAnsweredWithAPromptAndNoCode() {
    RecordingProviderConnection conn = requestPairing();

    AuthPairing pairing = conn.next(AuthPairing.class);

    assertThat(pairing.prompt()).isNotBlank();
    String code = f.pairingCode(alpha);
    assertThat(ProtocolCodec.create().encode(pairing)).doesNotContain(code);
  }

  @Test
  void eachActiveSessionShowsItsOwnSixDigitCodeInItsTimelineOnly() {
    requestPairing().next(AuthPairing.class);

    String a = f.pairingCode(alpha);
    String b = f.pairingCode(beta);

    assertThat(a).matches("\\d{6}");
    assertThat(b).matches("\\d{6}");
    assertThat(a).isNotEqualTo(b);
    assertThat(f.host(alpha).logs).allSatisfy(line -> assertThat(line.text()).doesNotContain(b));
    assertThat(f.host(alpha).logs.get(0).source()).isEqualTo("gateway");
  }

  /** A code under 100000 is still six digits: its leading zeros are shown, and pair when typed. */
  @Test
  void aCodeBelowOneHundredThousandKeepsItsLeadingZerosAndPairs() {
    // This source's nextInt() counts up from 0, so every code drawn is far below 100000.
    RandomGenerator counting =
        new RandomGenerator() {
          private long next;

          @Override
          public long nextLong() {
            return (next++) << 32;
          }
        };
    try (GatewayFixture small = GatewayFixture.withBackend(t -> t.withRandom(counting))) {
      String session = small.startSession("alpha");
      RecordingProviderConnection conn = small.connect();
      conn.send(Auth.pair());
      conn.next(AuthPairing.class);

      String code = small.pairingCode(session);

      assertThat(code).matches("0\\d{5}");
      conn.send(new AuthConfirm(code));
      assertThat(conn.next(Sessions.class).token()).startsWith("ext-tok-");
    }
  }

  @Test
  void theCodeTypedBackPairsToTheSessionThatShowedItWithAnExternalToken() {
    RecordingProviderConnection conn = requestPairing();
    conn.next(AuthPairing.class);

    conn.send(new AuthConfirm(f.pairingCode(beta)));

    Sessions sessions = conn.next(Sessions.class);
    assertThat(sessions.token()).startsWith("ext-tok-");
    assertThat(sessions.active()).extracting(SessionInfo::cwd).containsExactly(null, "/code/beta");
    conn.send(Hello.builder("browser").session(beta).build());
    conn.next(HelloAck.class);
    assertThat(done(f.gateway.providers()))
        .singleElement()
        .satisfies(p -> assertThat(p.trust()).isEqualTo(TrustLevel.EXTERNAL));
  }

  @Test
  void aPairedProviderMayNotBindToAnotherSession() {
    RecordingProviderConnection conn = f.paired(beta, s -> {});

    conn.send(Hello.builder("browser").session(alpha).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
  }

  @Test
  void aWrongCodeFailsAuthenticationAndCloses() {
    RecordingProviderConnection conn = requestPairing();
    conn.next(AuthPairing.class);
    String wrong = f.pairingCode(alpha).equals("000000") ? "000001" : "000000";

    conn.send(new AuthConfirm(wrong));

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(conn.isClosed()).isTrue();
  }

  @Test
  void aCodeConfirmedAfter120SecondsCountsAsWrong() {
    RecordingProviderConnection late = requestPairing();
    late.next(AuthPairing.class);
    String code = f.pairingCode(alpha);
    RecordingProviderConnection onTime = requestPairing();
    onTime.next(AuthPairing.class);
    String onTimeCode = f.pairingCode(alpha);

    f.clock.advance(Duration.ofMillis(119_999));
    onTime.send(new AuthConfirm(onTimeCode));
    onTime.next(Sessions.class);
    f.clock.advance(Duration.ofMillis(1));
    late.send(new AuthConfirm(code));

    assertThat(late.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
  }

  /** A pairing connection has the code's lifetime to confirm, not the 10 s of a token auth. */
  @Test
  void aPairingConnectionThatNeverConfirmsIsClosedWhenItsCodesExpire() {
    RecordingProviderConnection waiting = requestPairing();
    waiting.next(AuthPairing.class);

    f.clock.advance(Duration.ofMillis(119_999));
    assertThat(waiting.isClosed()).as("a person may still be typing the code").isFalse();
    f.clock.advance(Duration.ofMillis(1));

    ErrorMessage error = waiting.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(error.message()).isEqualTo("Pairing code expired; no auth.confirm within 120 s");
    assertThat(waiting.isClosed()).isTrue();
  }

  @Test
  void aConfirmedPairingLeavesNoDeadlineBehind() {
    RecordingProviderConnection conn = requestPairing();
    conn.next(AuthPairing.class);
    assertThat(f.clock.pendingTasks()).as("the code's 120 s replaced the 10 s").isEqualTo(1);

    conn.send(new AuthConfirm(f.pairingCode(alpha)));
    conn.next(Sessions.class);

    assertThat(f.clock.pendingTasks())
        .as("only the bind deadline of an authenticated connection")
        .isEqualTo(1);
  }

  /**
   * The 10 s deadline may fire while a pairing request waits on a busy loop; once the request has
   * replaced it with the codes' 120 s, the old one must not close the connection.
   */
  @Test
  void anAuthDeadlineThatFiresBehindAQueuedPairingRequestDoesNotCloseIt() {
    ArrayDeque<Runnable> loopQueue = new ArrayDeque<>();
    AtomicBoolean held = new AtomicBoolean(true);
    Executor heldLoop =
        task -> {
          if (held.get()) {
            loopQueue.add(task);
          } else {
            task.run();
          }
        };
    try (GatewayFixture busy = GatewayFixture.withBackend(t -> t.withLoopExecutor(heldLoop))) {
      Runnable runLoop =
          () -> {
            for (Runnable task; (task = loopQueue.poll()) != null; ) {
              task.run();
            }
          };
      busy.gateway.startSession(SessionSpec.of("alpha", "/code/alpha"), new RecordingSessionHost());
      runLoop.run();
      RecordingProviderConnection conn = busy.connect();
      runLoop.run();
      busy.clock.advance(Duration.ofMillis(9_999));

      conn.send(Auth.pair()); // queued: the loop has not run it yet
      busy.clock.advance(Duration.ofMillis(1)); // the 10 s deadline fires and queues behind it
      runLoop.run();

      assertThat(conn.next(AuthPairing.class)).isNotNull();
      assertThat(conn.isClosed()).as("closed by the replaced 10 s deadline").isFalse();
      busy.clock.advance(Duration.ofSeconds(120));
      runLoop.run();
      assertThat(conn.next(ErrorMessage.class).message()).startsWith("Pairing code expired");
      // close() waits for the loop to stop the engine: a queue nobody runs would hold it 5 s.
      held.set(false);
    }
  }

  @Test
  void theSixthPairingRequestWithinAMinuteIsRateLimitedAndShowsNoCode() {
    for (int i = 0; i < 5; i++) {
      requestPairing().next(AuthPairing.class);
    }
    int shown = f.host(alpha).logs.size();

    RecordingProviderConnection sixth = requestPairing();

    assertThat(sixth.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.RATE_LIMITED);
    assertThat(f.host(alpha).logs.subList(shown, f.host(alpha).logs.size()))
        .noneMatch(line -> line.text().contains("Pairing code"));
    f.clock.advance(Duration.ofSeconds(60));
    requestPairing().next(AuthPairing.class);
  }

  private long refusalNotices(String session) {
    return f.host(session).logs.stream()
        .filter(line -> line.text().startsWith("Pairing requests are being refused"))
        .count();
  }

  @Test
  void whenRequestsAreRefusedForTheBudgetThePersonIsToldOnceAMinuteInEverySession() {
    for (int i = 0; i < 5; i++) {
      requestPairing().next(AuthPairing.class);
    }

    for (int i = 0; i < 3; i++) {
      assertThat(requestPairing().next(ErrorMessage.class).code())
          .isEqualTo(ErrorCode.RATE_LIMITED);
    }

    assertThat(refusalNotices(alpha)).isEqualTo(1);
    assertThat(refusalNotices(beta)).isEqualTo(1);
    f.clock.advance(Duration.ofSeconds(60));
    for (int i = 0; i < 6; i++) {
      requestPairing();
    }
    assertThat(refusalNotices(alpha)).as("a minute later, told again").isEqualTo(2);
    assertThat(f.host(alpha).loggedTexts().get(f.host(alpha).logs.size() - 1))
        .as("the two refused after the first notice and the one now")
        .contains("(3 refused)");
  }

  @Test
  void aRequestThatPairedGivesItsUnitOfTheBudgetBack() {
    for (int i = 0; i < 5; i++) {
      RecordingProviderConnection conn = requestPairing();
      conn.next(AuthPairing.class);
      conn.send(new AuthConfirm(f.pairingCode(alpha)));
      conn.next(Sessions.class);
    }

    requestPairing().next(AuthPairing.class); // a person pairing a sixth provider in the minute
  }

  @Test
  void pairingWithNoActiveSessionIsInvalidSessionAndCloses() {
    try (GatewayFixture empty = GatewayFixture.create()) {
      RecordingProviderConnection conn = empty.connect();
      conn.send(Auth.pair());

      assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
      assertThat(conn.isClosed()).isTrue();
    }
  }

  @Test
  void noPairingCodeEverAppearsOnAnyProviderConnection() {
    RecordingProviderConnection bystander = f.bound("bystander", alpha);
    RecordingProviderConnection conn = requestPairing();
    conn.next(AuthPairing.class);
    conn.send(new AuthConfirm(f.pairingCode(alpha)));
    conn.next(Sessions.class);

    String codeA = f.pairingCode(alpha);
    String codeB = f.pairingCode(beta);
    for (RecordingProviderConnection c : new RecordingProviderConnection[] {bystander, conn}) {
      for (GatewayMessage m : c.history()) {
        String text = ProtocolCodec.create().encode(m);
        assertThat(text).doesNotContain(codeA).doesNotContain(codeB);
      }
    }
  }

  @Test
  void theExternalTokenAuthenticatesALaterConnectionWithExternalTrust() {
    AtomicReference<Sessions> sessions = new AtomicReference<>();
    f.paired(alpha, sessions::set).drop();
    int codesShown = f.host(alpha).logs.size();

    RecordingProviderConnection again = f.connect();
    again.send(Auth.withToken(sessions.get().token()));

    Sessions answer = again.next(Sessions.class);
    assertThat(answer.token()).as("a token only answers a pairing").isNull();
    assertThat(f.host(alpha).logs).as("no new pairing").hasSize(codesShown);
    again.send(Hello.builder("browser").session(alpha).context("not allowed").build());
    assertThat(again.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void theExternalTokenDiesWithItsSession() {
    AtomicReference<Sessions> sessions = new AtomicReference<>();
    f.paired(alpha, sessions::set).drop();
    done(f.gateway.endSession(alpha, Duration.ofSeconds(1)));

    RecordingProviderConnection again = f.connect();
    again.send(Auth.withToken(sessions.get().token()));

    assertThat(again.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
  }

  /**
   * A provider still bound when its session ends delays teardown; the token dies with it anyway.
   */
  @Test
  void theExternalTokenDiesWithItsSessionWhenTeardownWaitsForTheDeadline() {
    AtomicReference<Sessions> sessions = new AtomicReference<>();
    RecordingProviderConnection bound = f.paired(alpha, sessions::set);
    bound.send(Hello.builder("browser").session(alpha).build());
    bound.next(HelloAck.class);

    var ended = f.gateway.endSession(alpha, Duration.ofSeconds(5));
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(ended).isCompleted();

    RecordingProviderConnection again = f.connect();
    again.send(Auth.withToken(sessions.get().token()));
    assertThat(again.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
  }

  /**
   * A restart on the same home, as a real gateway restarts: whatever a run might write there, an
   * external token it issued is refused by the next (R-AUTH-19). Each run has its own random
   * source, as each real run has its own SecureRandom.
   */
  @Test
  void externalTokensAreRefusedAfterARestartOnTheSameHome(@TempDir Path home) {
    String token;
    try (GatewayFixture first =
        GatewayFixture.with(t -> t.withRandom(new SplittableRandom(1)), b -> b.home(home))) {
      String session = first.startSession("alpha");
      AtomicReference<Sessions> sessions = new AtomicReference<>();
      first.paired(session, sessions::set);
      token = sessions.get().token();
      RecordingProviderConnection later = first.connect();
      later.send(Auth.withToken(token));
      assertThat(later.next(Sessions.class).active())
          .extracting(SessionInfo::id)
          .containsExactly(session);
    }

    try (GatewayFixture restarted =
        GatewayFixture.with(t -> t.withRandom(new SplittableRandom(2)), b -> b.home(home))) {
      restarted.startSession("alpha");
      RecordingProviderConnection conn = restarted.connect();
      conn.send(Auth.withToken(token));

      assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
      assertThat(conn.isClosed()).isTrue();
    }
  }

  @Test
  void whilePairingOnlyAuthConfirmIsAcceptedAndAnythingElseFailsAuthentication() {
    RecordingProviderConnection conn = requestPairing();
    conn.next(AuthPairing.class);

    conn.send(Hello.builder("eager").session(alpha).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(conn.isClosed()).isTrue();
  }
}
