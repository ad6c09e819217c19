package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Per-provider spawn tokens: project trust scoped to the spawning session (design brief, decision
 * 3).
 */
class SpawnTokenTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String alpha = f.startSession("alpha");
  private final String beta = f.startSession("beta");

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void eachSpawnTokenIsFreshAndNotTheGatewayToken() {
    String one = done(f.gateway.spawning().issueSpawnToken(alpha));
    String two = done(f.gateway.spawning().issueSpawnToken(alpha));

    assertThat(one)
        .startsWith("ptk-")
        .isNotEqualTo(two)
        .isNotEqualTo(f.gateway.credentials().providerToken());
  }

  @Test
  void aSpawnedProviderSeesOnlyItsSessionsCwdAndIsStampedIntoItWithoutNamingIt() {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(done(f.gateway.spawning().issueSpawnToken(alpha))));

    Sessions sessions = conn.next(Sessions.class);
    assertThat(sessions.active()).extracting(SessionInfo::cwd).containsExactly("/code/alpha", null);
    conn.send(Hello.builder("ci").build());
    assertThat(conn.next(HelloAck.class).sessionId()).isEqualTo(alpha);
    assertThat(done(f.gateway.providers()))
        .singleElement()
        .satisfies(p -> assertThat(p.trust()).isEqualTo(TrustLevel.PROJECT));
  }

  @Test
  void sessionsUpdatedHidesTheCwdOfEverySessionASpawnedProviderMayNotAccess() {
    RecordingProviderConnection conn = f.spawned(alpha);

    f.startSession("gamma");

    assertThat(conn.next(io.github.providergateway.protocol.SessionsUpdated.class).active())
        .extracting(SessionInfo::label, SessionInfo::cwd)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("alpha", "/code/alpha"),
            org.assertj.core.groups.Tuple.tuple("beta", null),
            org.assertj.core.groups.Tuple.tuple("gamma", null));
  }

  /** A token only answers a pairing (R-AUTH-16); a spawned provider already holds its own. */
  @Test
  void aSpawnTokensSessionsCarriesNoToken() {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(done(f.gateway.spawning().issueSpawnToken(alpha))));

    assertThat(conn.next(Sessions.class).token()).isNull();
  }

  @Test
  void aSpawnedProviderNamingAnotherSessionIsInvalidSession() {
    RecordingProviderConnection conn = f.spawned(alpha);

    conn.send(Hello.builder("ci").session(beta).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
  }

  @Test
  void aSpawnTokenIsRefusedOnceItsSessionHasEnded() {
    // A session spawns several providers: every one of its tokens dies with it, no other.
    String first = done(f.gateway.spawning().issueSpawnToken(alpha));
    String second = done(f.gateway.spawning().issueSpawnToken(alpha));
    String betas = done(f.gateway.spawning().issueSpawnToken(beta));
    done(f.gateway.endSession(alpha, Duration.ofSeconds(1)));

    for (String token : java.util.List.of(first, second)) {
      RecordingProviderConnection conn = f.connect();
      conn.send(Auth.withToken(token));

      assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
    }
    RecordingProviderConnection other = f.connect();
    other.send(Auth.withToken(betas));
    assertThat(other.next(Sessions.class).active())
        .extracting(SessionInfo::id)
        .containsExactly(beta);
  }

  @Test
  void theGatewayTokenSeesEveryCwd() {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));

    assertThat(conn.next(Sessions.class).active())
        .extracting(SessionInfo::cwd)
        .containsExactly("/code/alpha", "/code/beta");
  }

  // ---- identity, scoped to the spawning session (decision 40, issue 34) ----

  /** A spawned provider's {@code hello} with the tool {@code greet}; the ack, or the refusal. */
  private static Object hello(RecordingProviderConnection conn, String name) {
    conn.send(Hello.builder(name).tools(java.util.List.of(GatewayFixture.tool("greet"))).build());
    return conn.next();
  }

  @Test
  void oneConfigEntrySpawnedForTwoSessionsBindsInEachAndEachSessionSeesItsOwn() {
    String gamma = f.startSession("gamma");
    RecordingProviderConnection forAlpha = f.spawned(alpha, "greeter");
    RecordingProviderConnection forBeta = f.spawned(beta, "greeter");
    RecordingProviderConnection overStdio = f.connectSpawned(gamma, "greeter");
    overStdio.next(Sessions.class);

    assertThat(hello(forAlpha, "greeter")).isInstanceOf(HelloAck.class);
    assertThat(hello(forBeta, "greeter")).isInstanceOf(HelloAck.class);
    assertThat(hello(overStdio, "greeter")).isInstanceOf(HelloAck.class);
    f.settle();

    assertThat(done(f.gateway.providers()))
        .extracting(p -> p.name() + "@" + p.sessions())
        .containsExactlyInAnyOrder(
            "greeter@[" + alpha + "]", "greeter@[" + beta + "]", "greeter@[" + gamma + "]");
  }

  @Test
  void withinItsSessionASpawnedIdentityIsStillProtected() {
    RecordingProviderConnection first = f.spawned(alpha, "greeter");
    RecordingProviderConnection second = f.spawned(alpha);
    assertThat(hello(first, "greeter")).isInstanceOf(HelloAck.class);

    Object refused = hello(second, "greeter");

    assertThat(refused)
        .isInstanceOfSatisfying(
            ErrorMessage.class,
            error -> assertThat(error.code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE));
    assertThat(first.isClosed()).isFalse();
  }

  @Test
  void aSpawnedProviderAndAGatewayTokenProviderOfOneNameStillClashEitherWayRound() {
    RecordingProviderConnection spawned = f.spawned(alpha, "greeter");
    assertThat(hello(spawned, "greeter")).isInstanceOf(HelloAck.class);
    RecordingProviderConnection byToken = f.authenticated();

    byToken.send(Hello.builder("greeter").session(beta).build());

    assertThat(byToken.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    spawned.drop();
    f.settle();
    RecordingProviderConnection later = f.authenticated();
    later.send(Hello.builder("greeter").session(beta).build());
    later.next(HelloAck.class);
    RecordingProviderConnection spawnedAfter = f.spawned(alpha, "greeter");
    assertThat(hello(spawnedAfter, "greeter"))
        .isInstanceOfSatisfying(
            ErrorMessage.class,
            error -> assertThat(error.code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE));
  }
}
