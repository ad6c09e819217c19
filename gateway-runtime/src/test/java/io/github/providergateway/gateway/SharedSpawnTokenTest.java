package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Shared spawn tokens (decision 72): one provider connection serving a group of sessions, the
 * spec's {@code "all"} binding narrowed to the group the host grows (the reference app's sessions
 * of one project), and never a session outside it.
 */
class SharedSpawnTokenTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String alpha = f.startSession("alpha");
  private final String beta = f.startSession("beta");

  @AfterEach
  void close() {
    f.close();
  }

  private List<String> tools(String session) {
    return done(f.gateway.tools(session)).stream().map(HostTool::name).toList();
  }

  /** A connection authenticated with a shared token of group {@code group}, its sessions taken. */
  private RecordingProviderConnection shared(String group, String session) {
    RecordingProviderConnection conn = f.connect();
    String token = done(f.gateway.spawning().issueSharedSpawnToken(group, session, "fs"));
    conn.send(Auth.withToken(token));
    conn.next(Sessions.class);
    return conn;
  }

  /** Bound "all" through a shared token of group "g" that {@code alpha} is in. */
  private RecordingProviderConnection boundInAlpha() {
    RecordingProviderConnection conn = shared("g", alpha);
    conn.send(Hello.builder("fs").allSessions().tools(tool("read")).build());
    assertThat(conn.next(HelloAck.class).sessionId()).isEqualTo("all");
    assertThat(conn.next(SessionLifecycle.class).sessionId()).isEqualTo(alpha);
    return conn;
  }

  @Test
  void allBindsTheGroupsSessionsAndNoOtherWithProjectTrust() {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(done(f.gateway.spawning().issueSharedSpawnToken("g", alpha, "fs"))));
    assertThat(conn.next(Sessions.class).active())
        .extracting(SessionInfo::cwd)
        .containsExactly("/code/alpha", null);

    conn.send(Hello.builder("fs").allSessions().tools(tool("read")).build());

    assertThat(conn.next(HelloAck.class).sessionId()).isEqualTo("all");
    assertThat(conn.next(SessionLifecycle.class).sessionId()).isEqualTo(alpha);
    conn.assertNoMoreMessages();
    assertThat(tools(alpha)).containsExactly("read");
    assertThat(tools(beta)).isEmpty();
    assertThat(done(f.gateway.providers()))
        .singleElement()
        .satisfies(p -> assertThat(p.trust()).isEqualTo(TrustLevel.PROJECT));
  }

  @Test
  void aHelloWithoutSessionBindsTheGroupAsAllDoes() {
    RecordingProviderConnection conn = shared("g", alpha);

    conn.send(Hello.builder("fs").tools(tool("read")).build());

    assertThat(conn.next(HelloAck.class).sessionId()).isEqualTo("all");
    assertThat(tools(alpha)).containsExactly("read");
    assertThat(tools(beta)).isEmpty();
  }

  @Test
  void aSessionOutsideTheGroupCannotBeNamedNorReadied() {
    RecordingProviderConnection named = shared("g", alpha);
    named.send(Hello.builder("fs").session(beta).tools(tool("read")).build());
    ErrorMessage refused = named.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_SESSION);

    RecordingProviderConnection conn = boundInAlpha();
    conn.send(new SessionReady(beta));
    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(tools(beta)).isEmpty();
  }

  @Test
  void aSessionThatJoinsIsToldAndGetsTheToolsAtItsSessionReady() {
    RecordingProviderConnection conn = boundInAlpha();
    String gamma = f.startSession("gamma");
    conn.next(SessionsUpdated.class); // every provider hears of a new session; gamma's cwd hidden
    CompletableFuture<Void> settled = f.gateway.providersSettled(gamma);

    done(f.gateway.spawning().shareSpawned("g", gamma, "fs"));

    assertThat(conn.next(SessionsUpdated.class).active())
        .extracting(SessionInfo::label, SessionInfo::cwd)
        .contains(org.assertj.core.groups.Tuple.tuple("gamma", "/code/gamma"));
    assertThat(tools(gamma)).isEmpty();
    conn.send(new SessionReady(gamma));
    SessionLifecycle started = conn.next(SessionLifecycle.class);
    assertThat(started.sessionId()).isEqualTo(gamma);
    assertThat(started.state()).isEqualTo(LifecycleState.STARTED);
    f.settle();
    assertThat(tools(gamma)).containsExactly("read");
    assertThat(settled).isDone();
    assertThat(tools(beta)).isEmpty();

    f.call(gamma, "read", "{}");
    assertThat(conn.next(ToolCall.class).sessionId()).isEqualTo(gamma);
  }

  @Test
  void aSessionJoiningCountsTheProviderAsStartingUntilItsReady() {
    RecordingProviderConnection conn = boundInAlpha();
    String gamma = f.startSession("gamma");
    done(f.gateway.spawning().shareSpawned("g", gamma, "fs"));

    CompletableFuture<Void> settled = f.gateway.providersSettled(gamma);
    f.settle();
    assertThat(settled).isNotDone();

    conn.drain();
    conn.send(new SessionReady(gamma));
    f.settle();
    assertThat(settled).isDone();
  }

  @Test
  void aSessionEndingLeavesTheProviderToTheOthersAndTheLastEndsTheToken() {
    RecordingProviderConnection conn = boundInAlpha();
    String gamma = f.startSession("gamma");
    done(f.gateway.spawning().shareSpawned("g", gamma, "fs"));
    conn.drain();
    conn.send(new SessionReady(gamma));
    conn.drain();

    f.gateway.endSession(alpha, Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));
    f.settle();

    assertThat(tools(gamma)).containsExactly("read");
    assertThat(done(f.gateway.providers())).singleElement();

    String token = done(f.gateway.spawning().issueSharedSpawnToken("g", gamma, "fs"));
    f.gateway.endSession(gamma, Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));
    f.settle();
    RecordingProviderConnection late = f.connect();
    late.send(Auth.withToken(token));
    assertThat(late.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
  }

  @Test
  void aNewTokenForTheGroupReplacesTheOlderOne() {
    String older = done(f.gateway.spawning().issueSharedSpawnToken("g", alpha, "fs"));
    done(f.gateway.spawning().issueSharedSpawnToken("g", alpha, "fs"));

    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(older));
    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
  }

  @Test
  void oneEntryInTwoGroupsIsTwoProvidersNotADuplicate() {
    boundInAlpha();
    RecordingProviderConnection other = shared("h", beta);

    other.send(Hello.builder("fs").allSessions().tools(tool("read")).build());

    assertThat(other.next(HelloAck.class).sessionId()).isEqualTo("all");
    assertThat(tools(beta)).containsExactly("read");
    assertThat(done(f.gateway.providers())).hasSize(2);
  }

  @Test
  void theGatewayTokenStillCannotBindAll() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("fs").allSessions().tools(tool("read")).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }
}
