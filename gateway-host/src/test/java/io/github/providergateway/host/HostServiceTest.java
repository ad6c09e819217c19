package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.protocol.HostChallenge;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.ProviderPresence;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.host.protocol.SessionEnded;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.SessionSend;
import io.github.providergateway.host.protocol.ToolsChanged;
import io.github.providergateway.host.testing.RecordingHostConnection;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionLifecycle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway's host side on a manual clock: authentication, ownership, the 30 s re-claim grace and
 * the detached gateway's idle exit (spec: Multi-session model, Gateway process model).
 */
class HostServiceTest {

  private static final Duration GRACE = Duration.ofSeconds(30);
  private static final Duration ONE_MS = Duration.ofMillis(1);

  private final GatewayFixture f = GatewayFixture.create();
  private final AtomicInteger idleExits = new AtomicInteger();
  private final HostService hosts =
      HostService.builder(f.gateway)
          .backend(f.clock.backend(7))
          .idleExit(GRACE, idleExits::incrementAndGet)
          .build();
  private int connections;

  @AfterEach
  void close() {
    hosts.close();
    f.close();
  }

  private RecordingHostConnection connect() {
    RecordingHostConnection connection = new RecordingHostConnection("host#" + (++connections));
    return connection.attach(hosts.open(connection));
  }

  private RecordingHostConnection authenticated() {
    RecordingHostConnection host = connect();
    host.ok(
        "{\"id\":0,\"cmd\":\"host.auth\",\"token\":\""
            + f.gateway.credentials().providerToken()
            + "\"}");
    return host;
  }

  /** Authenticates {@code host} as a new owner; returns its re-claim token. */
  private String authenticatedOwner(RecordingHostConnection host) {
    return host.ok(
            "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}")
        .get("reclaimToken")
        .asText();
  }

  /** {@code host} authenticates with {@code reclaimToken}; returns the reply. */
  private static JsonNode reclaim(
      RecordingHostConnection host, String providerToken, String reclaimToken) {
    return host.ok(
        "{\"cmd\":\"host.auth\",\"token\":\""
            + providerToken
            + "\",\"reclaimToken\":\""
            + reclaimToken
            + "\"}");
  }

  private static String startSession(RecordingHostConnection host, String label) {
    return host.ok("{\"cmd\":\"session.start\",\"label\":\"" + label + "\"}")
        .get("sessionId")
        .asText();
  }

  private static boolean shutdownPending(RecordingProviderConnection provider, String sessionId) {
    for (GatewayMessage message : provider.history()) {
      if (message instanceof SessionLifecycle lifecycle
          && lifecycle.sessionId().equals(sessionId)
          && lifecycle.state() == LifecycleState.SHUTDOWN_PENDING) {
        return true;
      }
    }
    return false;
  }

  /**
   * Issue 34: {@code session.settle} is replied once the providers started for the session have
   * bound and their tools are registered; at once when none is starting.
   */
  @Test
  void sessionSettleIsRepliedOnceTheSessionsStartedProvidersHaveBoundAndRegistered() {
    RecordingHostConnection host = authenticated();
    String session = startSession(host, "agent");
    assertThat(
            host.request("{\"id\":1,\"cmd\":\"session.settle\",\"sessionId\":\"" + session + "\"}"))
        .as("nothing starting")
        .isInstanceOf(io.github.providergateway.host.protocol.HostReply.Ok.class);
    RecordingProviderConnection stdio = f.connectSpawned(session, "greeter");
    stdio.next(io.github.providergateway.protocol.Sessions.class);

    int before = host.size();
    host.send("{\"id\":2,\"cmd\":\"session.settle\",\"sessionId\":\"" + session + "\"}");
    assertThat(host.size()).as("no reply while greeter is starting").isEqualTo(before);
    stdio.send(
        io.github.providergateway.protocol.Hello.builder("greeter")
            .tools(java.util.List.of(GatewayFixture.tool("greet")))
            .build());
    f.clock.advance(Duration.ofMillis(200));

    assertThat(host.snapshot().subList(before, host.size()))
        .anySatisfy(
            output ->
                assertThat(output)
                    .isInstanceOf(io.github.providergateway.host.protocol.HostReply.Ok.class));
  }

  @Test
  void aHostMustAuthenticateFirst() {
    RecordingHostConnection host = connect();

    HostReply reply = host.request("{\"id\":1,\"cmd\":\"sessions.list\"}");

    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
    assertThat(host.isClosed()).isTrue();
  }

  @Test
  void aWrongTokenIsAuthFailedAndClosesTheConnection() {
    RecordingHostConnection host = connect();

    HostReply reply = host.request("{\"id\":1,\"cmd\":\"host.auth\",\"token\":\"ptk-wrong\"}");

    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.AUTH_FAILED);
    assertThat(host.isClosed()).isTrue();
    assertThat(hosts.connectedHosts().join()).isZero();
  }

  @Test
  void authenticatingTellsTheCarrierOnceAndTakesTheAuthDeadlineAway() {
    RecordingHostConnection host = connect();
    assertThat(f.clock.pendingTasks()).as("its auth deadline").isEqualTo(1);

    host.ok(
        "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");

    assertThat(host.timesAuthenticated()).isEqualTo(1);
    assertThat(f.clock.pendingTasks()).isZero();
    assertThat(hosts.connectedHosts().join()).isEqualTo(1);
  }

  @Test
  void aHostThatLeavesBeforeAuthenticatingTakesItsDeadlineWithIt() {
    connect().drop();

    assertThat(f.clock.pendingTasks()).isZero();
    assertThat(hosts.connectedHosts().join()).isZero();
  }

  @Test
  void unreadableTextBeforeHostAuthIsRefusedAndCloses() {
    RecordingHostConnection host = connect();

    host.send("{not json");

    assertThat(host.snapshot()).singleElement().isInstanceOf(HostReply.Failed.class);
    assertThat(host.isClosed()).isTrue();
  }

  @Test
  void unreadableTextFromAnAuthenticatedHostIsRefusedAndTheConnectionStays() {
    RecordingHostConnection host = authenticated();
    int before = host.size();

    host.send("{not json");

    assertThat(host.snapshot().subList(before, host.size()))
        .singleElement()
        .isInstanceOf(HostReply.Failed.class);
    assertThat(host.isClosed()).isFalse();
    assertThat(host.ok("{\"cmd\":\"sessions.list\"}").get("sessions")).isEmpty();
  }

  @Test
  void aSecondHostAuthIsRefusedAndTheHostStaysAuthenticated() {
    RecordingHostConnection host = authenticated();

    HostReply again =
        host.request(
            "{\"id\":2,\"cmd\":\"host.auth\",\"token\":\""
                + f.gateway.credentials().providerToken()
                + "\"}");

    assertThat(((HostReply.Failed) again).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
    assertThat(host.isClosed()).isFalse();
    assertThat(host.timesAuthenticated()).isEqualTo(1);
  }

  // ---- host.challenge: the gateway proves it holds the token before a host shows it ----

  private static final String NONCE = "q3JdZl8w0c4uY2bE1Ck7nA5tP9sH6vXiMr0oLgWfTzQ";

  private static String challenge(int id) {
    return "{\"id\":" + id + ",\"cmd\":\"host.challenge\",\"nonce\":\"" + NONCE + "\"}";
  }

  private RecordingHostConnection connectOn(InetSocketAddress localAddress) {
    RecordingHostConnection connection =
        new RecordingHostConnection("host#" + (++connections), localAddress);
    return connection.attach(hosts.open(connection));
  }

  private static InetSocketAddress loopback(int port) throws UnknownHostException {
    return new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port);
  }

  @Test
  void aChallengeBeforeHostAuthIsAnsweredWithTheProofOnlyTheTokensHolderCanGiveThenAuthFollows() {
    RecordingHostConnection host = connect();

    JsonNode answer = host.ok(challenge(1));

    InetSocketAddress acceptedOn = RecordingHostConnection.DEFAULT_LOCAL_ADDRESS;
    assertThat(answer.get("proof").asText())
        .isEqualTo(
            new HostChallenge(null, NONCE)
                .proof(f.gateway.credentials().providerToken(), acceptedOn))
        .isNotEqualTo(new HostChallenge(null, NONCE).proof("ptk-someone-else", acceptedOn));
    assertThat(answer.get("endpoint").asText()).isEqualTo("127.0.0.1:" + acceptedOn.getPort());
    assertThat(host.isClosed()).isFalse();
    assertThat(host.timesAuthenticated()).as("a challenge authenticates nobody").isZero();
    authenticatedOwner(host);
    assertThat(host.timesAuthenticated()).isEqualTo(1);
  }

  @Test
  void aSecondChallengeOrAnyOtherCommandAfterOneIsUnauthorizedAndClosesTheConnection() {
    RecordingHostConnection twice = connect();
    twice.ok(challenge(1));
    HostReply again = twice.request(challenge(2));
    RecordingHostConnection other = connect();
    other.ok(challenge(1));
    HostReply list = other.request("{\"id\":2,\"cmd\":\"sessions.list\"}");

    assertThat(((HostReply.Failed) again).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
    assertThat(twice.isClosed()).isTrue();
    assertThat(((HostReply.Failed) list).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
    assertThat(other.isClosed()).isTrue();
  }

  @Test
  void aChallengeDoesNotExtendTheTenSecondsToAuthenticate() {
    RecordingHostConnection host = connect();
    f.clock.advance(Duration.ofSeconds(9));
    host.ok(challenge(1));

    f.clock.advance(Duration.ofSeconds(1).minus(ONE_MS));
    assertThat(host.isClosed()).isFalse();
    f.clock.advance(ONE_MS);

    assertThat(host.isClosed()).isTrue();
  }

  @Test
  void aChallengeAfterAuthenticatingIsRefusedAndTheHostStays() {
    RecordingHostConnection host = authenticated();

    HostReply reply = host.request(challenge(3));

    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
    assertThat(host.isClosed()).isFalse();
  }

  /**
   * The review of issue 32: a proof says where the gateway accepted the connection, so a process on
   * another port that passes a host's challenge on to the gateway gets a proof for the gateway's
   * port, which the host, having dialled the other, refuses.
   */
  @Test
  void theProofIsForTheAddressAndPortTheConnectionWasAcceptedOnAndSaysWhichInEndpoint()
      throws Exception {
    String token = f.gateway.credentials().providerToken();

    JsonNode on9400 = connectOn(loopback(9400)).ok(challenge(1));
    JsonNode on9401 = connectOn(loopback(9401)).ok(challenge(1));
    JsonNode onIpv6 =
        connectOn(new InetSocketAddress(InetAddress.getByName("::1"), 9400)).ok(challenge(1));

    HostChallenge same = new HostChallenge(null, NONCE);
    assertThat(on9400.get("proof").asText()).isEqualTo(same.proof(token, loopback(9400)));
    assertThat(on9401.get("proof").asText())
        .isEqualTo(same.proof(token, loopback(9401)))
        .isNotEqualTo(on9400.get("proof").asText());
    assertThat(onIpv6.get("proof").asText()).isNotEqualTo(on9400.get("proof").asText());
    assertThat(List.of(on9400, on9401, onIpv6))
        .extracting(answer -> answer.get("endpoint").asText())
        .containsExactly("127.0.0.1:9400", "127.0.0.1:9401", "[::1]:9400");
  }

  @Test
  void aConnectionThatCannotSayItWasAcceptedOnLoopbackGetsNoProofAndIsClosed() throws Exception {
    RecordingHostConnection unknown = connectOn(null);
    RecordingHostConnection outside =
        connectOn(new InetSocketAddress(InetAddress.getByAddress(new byte[] {10, 0, 0, 5}), 9400));

    for (RecordingHostConnection host : List.of(unknown, outside)) {
      HostReply reply = host.request(challenge(1));

      assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
      assertThat(host.isClosed()).isTrue();
    }
  }

  @Test
  void aChallengeWithoutANonceIsRefusedAndClosesTheConnection() {
    RecordingHostConnection host = connect();

    HostReply reply = host.request("{\"id\":1,\"cmd\":\"host.challenge\"}");

    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    assertThat(host.isClosed()).isTrue();
  }

  @Test
  void aConnectionThatNeverAuthenticatesIsClosedAfterTenSeconds() {
    RecordingHostConnection host = connect();

    f.clock.advance(Duration.ofSeconds(10).minus(ONE_MS));
    assertThat(host.isClosed()).isFalse();
    f.clock.advance(ONE_MS);

    assertThat(host.isClosed()).isTrue();
  }

  /**
   * Issue 49: {@code HostService.builder(gateway).build()} (docs/embedding.md's Jakarta example)
   * threw {@code NullPointerException: scheduler}; without one it times on the gateway's own, so
   * the gateway's manual clock closes a host that never authenticates.
   */
  @Test
  void aServiceBuiltWithoutASchedulerTimesOnTheGatewaysOwn() {
    try (HostService defaults = HostService.builder(f.gateway).build()) {
      RecordingHostConnection host = new RecordingHostConnection("defaults");
      host.attach(defaults.open(host));

      f.clock.advance(Duration.ofSeconds(10).minus(ONE_MS));
      assertThat(host.isClosed()).isFalse();
      f.clock.advance(ONE_MS);

      assertThat(host.isClosed()).isTrue();
    }
  }

  @Test
  void eachHostHearsItsOwnSessionsAndEveryoneHearsProviders() {
    RecordingHostConnection a = authenticated();
    RecordingHostConnection b = authenticated();
    String sessionA = startSession(a, "a");
    String sessionB = startSession(b, "b");

    RecordingProviderConnection provider = f.bound("ci", sessionA, GatewayFixture.tool("build"));
    provider.send(new Push(null, sessionA, "Build 12 passed", null, PushLevel.SURFACE, null, null));
    f.settle();

    assertThat(a.events(SessionLog.class, log -> log.message().equals("Build 12 passed")))
        .hasSize(1);
    assertThat(a.events(ToolsChanged.class, e -> e.sessionId().equals(sessionA))).isNotEmpty();
    assertThat(b.events(SessionLog.class)).isEmpty();
    assertThat(b.events(ToolsChanged.class)).isEmpty();
    assertThat(a.events(ProviderPresence.class, ProviderPresence::connected)).hasSize(1);
    assertThat(b.events(ProviderPresence.class, ProviderPresence::connected)).hasSize(1);
    // Hosts have internal trust: b may drive a's session.
    assertThat(b.ok("{\"cmd\":\"tools.list\",\"sessionId\":\"" + sessionA + "\"}").get("tools"))
        .hasSize(1);
    assertThat(sessionB).isNotEqualTo(sessionA);
  }

  @Test
  void everyHostHearsAProviderLeaveAndTheOwnerHearsItsTurns() {
    RecordingHostConnection owner = authenticated();
    RecordingHostConnection other = authenticated();
    String session = startSession(owner, "a");
    RecordingProviderConnection provider = f.bound("ci", session);

    provider.send(new Push(null, session, "CI failed", null, PushLevel.INJECT, null, null));
    provider.drop();

    assertThat(owner.events(SessionSend.class))
        .extracting(SessionSend::prompt)
        .containsExactly("CI failed");
    assertThat(other.events(SessionSend.class)).isEmpty();
    for (RecordingHostConnection host : List.of(owner, other)) {
      assertThat(host.events(ProviderPresence.class, presence -> !presence.connected()))
          .extracting(ProviderPresence::name)
          .containsExactly("ci");
    }
  }

  @Test
  void anObserverHearsEverySessionsTimeline() {
    RecordingHostConnection owner = authenticated();
    RecordingHostConnection console = connect();
    console.ok(
        "{\"cmd\":\"host.auth\",\"token\":\""
            + f.gateway.credentials().providerToken()
            + "\",\"observer\":true}");
    String session = startSession(owner, "a");

    RecordingProviderConnection provider = f.bound("ci", session);
    provider.send(new Push(null, session, "hello", null, PushLevel.SURFACE, null, null));

    assertThat(console.events(SessionLog.class, log -> log.message().equals("hello"))).hasSize(1);
    assertThat(owner.events(SessionLog.class, log -> log.message().equals("hello"))).hasSize(1);
  }

  @Test
  void aHostLeavingEndsOnlyItsOwnSessionsAfterTheGrace() {
    RecordingHostConnection a = authenticated();
    RecordingHostConnection b = authenticated();
    String sessionA = startSession(a, "a");
    String sessionB = startSession(b, "b");
    RecordingProviderConnection onA = f.bound("ci-a", sessionA);
    RecordingProviderConnection onB = f.bound("ci-b", sessionB);

    a.drop();
    assertThat(hosts.orphanedSessions().join()).containsExactly(sessionA);
    f.clock.advance(GRACE.minus(ONE_MS));
    assertThat(shutdownPending(onA, sessionA)).isFalse();
    f.clock.advance(ONE_MS);

    assertThat(shutdownPending(onA, sessionA)).isTrue();
    assertThat(shutdownPending(onB, sessionB)).isFalse();
    f.clock.advance(f.gateway.limits().calls().defaultShutdownDeadline());
    assertThat(GatewayFixture.done(f.gateway.sessions()))
        .extracting(info -> info.id())
        .containsExactly(sessionB);
    assertThat(b.events(SessionEnded.class)).isEmpty();
  }

  @Test
  void aHostComingBackWithinTheGraceReclaimsItsSessions() {
    RecordingHostConnection first = connect();
    String token =
        first
            .ok(
                "{\"cmd\":\"host.auth\",\"token\":\""
                    + f.gateway.credentials().providerToken()
                    + "\"}")
            .get("reclaimToken")
            .asText();
    String session = startSession(first, "a");
    RecordingProviderConnection provider = f.bound("ci", session, GatewayFixture.tool("build"));
    f.settle();

    first.drop();
    f.clock.advance(GRACE.minus(ONE_MS));
    RecordingHostConnection second = connect();
    var reply =
        second.ok(
            "{\"cmd\":\"host.auth\",\"token\":\""
                + f.gateway.credentials().providerToken()
                + "\",\"reclaimToken\":\""
                + token
                + "\"}");
    f.clock.advance(GRACE.multipliedBy(2));

    assertThat(f.clock.pendingTasks()).as("the grace went with the re-claim").isZero();
    assertThat(reply.get("reclaimed").toString()).isEqualTo("[\"" + session + "\"]");
    assertThat(reply.get("reclaimToken").asText()).isEqualTo(token);
    assertThat(shutdownPending(provider, session)).isFalse();
    assertThat(second.events(ToolsChanged.class, e -> e.tools().contains("build"))).hasSize(1);
    provider.send(new Push(null, session, "after", null, PushLevel.SURFACE, null, null));
    assertThat(second.events(SessionLog.class, log -> log.message().equals("after"))).hasSize(1);
    assertThat(first.events(SessionLog.class, log -> log.message().equals("after"))).isEmpty();
  }

  @Test
  void aStaleReclaimTokenReclaimsNothing() {
    RecordingHostConnection first = connect();
    String token =
        first
            .ok(
                "{\"cmd\":\"host.auth\",\"token\":\""
                    + f.gateway.credentials().providerToken()
                    + "\"}")
            .get("reclaimToken")
            .asText();
    startSession(first, "a");
    first.drop();
    f.clock.advance(GRACE);

    RecordingHostConnection late = connect();
    var reply =
        late.ok(
            "{\"cmd\":\"host.auth\",\"token\":\""
                + f.gateway.credentials().providerToken()
                + "\",\"reclaimToken\":\""
                + token
                + "\"}");

    assertThat(reply.get("reclaimed")).isEmpty();
    assertThat(reply.get("reclaimToken").asText()).isNotEqualTo(token);
  }

  @Test
  void theSessionEndIsToldToItsOwner() {
    RecordingHostConnection a = authenticated();
    RecordingHostConnection b = authenticated();
    String session = startSession(a, "a");

    b.ok("{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\"}");

    assertThat(a.events(SessionEnded.class))
        .extracting(SessionEnded::sessionId)
        .containsExactly(session);
    assertThat(b.events(SessionEnded.class)).isEmpty();
  }

  @Test
  void idleExitComesThirtySecondsAfterTheLastSessionAndHost() {
    hosts.startIdleExit();
    RecordingHostConnection host = authenticated();
    String session = startSession(host, "a");
    host.ok("{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\"}");
    host.drop();

    f.clock.advance(GRACE.minus(ONE_MS));
    assertThat(idleExits).hasValue(0);
    f.clock.advance(ONE_MS);

    assertThat(idleExits).hasValue(1);
  }

  @Test
  void aSessionStartingWithinTheIdleGraceKeepsTheGatewayRunning() {
    hosts.startIdleExit();
    f.clock.advance(GRACE.minus(ONE_MS)); // a fresh gateway nobody has used yet counts down too
    RecordingHostConnection host = authenticated();
    startSession(host, "late");
    host.drop(); // its session lives on in the re-claim grace, then ends

    f.clock.advance(GRACE.plus(f.gateway.limits().calls().defaultShutdownDeadline()));
    assertThat(idleExits).hasValue(0); // the session ended just now: a new countdown runs
    f.clock.advance(GRACE);

    assertThat(idleExits).hasValue(1);
  }

  @Test
  void aConnectedHostWithoutSessionsKeepsTheGatewayRunning() {
    hosts.startIdleExit();
    RecordingHostConnection host = authenticated();

    f.clock.advance(GRACE.multipliedBy(3));

    assertThat(idleExits).hasValue(0);
    host.drop();
    f.clock.advance(GRACE);
    assertThat(idleExits).hasValue(1);
  }

  /**
   * The countdown waits until the gateway says hosts can find it: a detached gateway whose start
   * took longer than the grace must not exit before the host that launched it could connect.
   */
  @Test
  void theIdleCountdownStartsOnlyWhenTheGatewayCanBeFound() {
    RecordingHostConnection host = authenticated();
    host.drop();
    f.clock.advance(GRACE.multipliedBy(3));
    assertThat(idleExits).hasValue(0);

    hosts.startIdleExit();
    hosts.startIdleExit(); // again: still one countdown
    f.clock.advance(GRACE.minus(ONE_MS));
    assertThat(idleExits).hasValue(0);
    f.clock.advance(ONE_MS);

    assertThat(idleExits).hasValue(1);
    f.clock.advance(GRACE.multipliedBy(3));
    assertThat(idleExits).hasValue(1);
  }

  @Test
  void closingTheHostServiceStopsItsGraceAndIdleTimers() {
    hosts.startIdleExit();
    RecordingHostConnection host = authenticated();
    startSession(host, "a");
    host.drop(); // its session's re-claim grace is pending

    hosts.close();

    assertNoTimerLeftAndNoExit();
  }

  private void assertNoTimerLeftAndNoExit() {
    assertThat(f.clock.pendingTasks()).isZero();
    f.clock.advance(GRACE.multipliedBy(3));
    assertThat(idleExits).hasValue(0);
  }

  @Test
  void closingTheHostServiceStopsARunningIdleCountdown() {
    hosts.startIdleExit(); // nothing needs the gateway: the countdown runs

    hosts.close();

    assertNoTimerLeftAndNoExit();
  }

  /** Sessions keep the gateway running whoever starts them, the embedding app included. */
  @Test
  void aSessionStartedWithoutAHostStopsTheIdleCountdown() {
    hosts.startIdleExit();
    f.clock.advance(GRACE.minus(ONE_MS));

    String session = f.startSession("embedded");
    f.clock.advance(GRACE.multipliedBy(3));

    assertThat(idleExits).hasValue(0);
    GatewayFixture.done(f.gateway.endSession(session, null));
    f.clock.advance(GRACE);
    assertThat(idleExits).hasValue(1);
  }

  /** A re-claim ends the grace for good: a later drop starts a whole new one. */
  @Test
  void aHostThatComesBackAndLeavesAgainGetsAWholeNewGrace() {
    RecordingHostConnection first = connect();
    String token = authenticatedOwner(first);
    String session = startSession(first, "a");
    RecordingProviderConnection provider = f.bound("ci", session);
    first.drop();
    f.clock.advance(GRACE.minusSeconds(10));
    RecordingHostConnection second = connect();
    reclaim(second, f.gateway.credentials().providerToken(), token);
    f.clock.advance(Duration.ofSeconds(5));

    second.drop();
    f.clock.advance(GRACE.minus(ONE_MS));
    assertThat(shutdownPending(provider, session)).isFalse();
    f.clock.advance(ONE_MS);

    assertThat(shutdownPending(provider, session)).isTrue();
  }

  @Test
  void aSessionThatEndedIsNoLongerItsOwnersToReclaim() {
    RecordingHostConnection first = connect();
    String token = authenticatedOwner(first);
    String ended = startSession(first, "ended");
    String live = startSession(first, "live");
    first.ok("{\"cmd\":\"session.end\",\"sessionId\":\"" + ended + "\"}");

    first.drop();
    assertThat(hosts.orphanedSessions().join()).containsExactly(live);
    var reply = reclaim(connect(), f.gateway.credentials().providerToken(), token);

    assertThat(reply.get("reclaimed").toString()).isEqualTo("[\"" + live + "\"]");
  }

  @Test
  void aGatewayThatLetsHostsStopItRepliesFirstThenStopsWithTheDeadlineAsked() {
    List<Duration> stops = new java.util.ArrayList<>();
    HostService stoppable = HostService.builder(f.gateway).onShutdown(stops::add).build();
    RecordingHostConnection host = new RecordingHostConnection("stopper");
    host.attach(stoppable.open(host));
    host.ok(
        "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");

    host.ok("{\"cmd\":\"shutdown\",\"deadlineMs\":2500}");
    host.ok("{\"cmd\":\"shutdown\"}");

    assertThat(stops)
        .containsExactly(
            Duration.ofMillis(2_500), f.gateway.limits().calls().defaultShutdownDeadline());
    stoppable.close();
  }

  @Test
  void shutdownIsRefusedUnlessTheGatewayLetsHostsStopIt() {
    RecordingHostConnection host = authenticated();

    HostReply reply = host.request("{\"id\":5,\"cmd\":\"shutdown\"}");

    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
  }
}
