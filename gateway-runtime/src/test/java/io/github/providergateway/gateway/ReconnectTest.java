package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reconnect tokens and identity protection (spec: Reconnect protocol, Identity protection). */
class ReconnectTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  /** Binds "browser"/"tab-a" and returns its connection and ack. */
  private record Bound(RecordingProviderConnection conn, HelloAck ack) {}

  private Bound bindTab() {
    RecordingProviderConnection conn = f.authenticated();
    conn.send(
        Hello.builder("browser")
            .instance("tab-a")
            .session(session)
            .tools(tool("page_title"))
            .context("Dashboard open")
            .build());
    HelloAck ack = conn.next(HelloAck.class);
    conn.next(SessionLifecycle.class);
    return new Bound(conn, ack);
  }

  private HelloAck reconnect(RecordingProviderConnection conn, String token) {
    conn.send(Hello.builder("browser").instance("tab-a").reconnectToken(token).build());
    return conn.next(HelloAck.class);
  }

  @Test
  void withinThirtySecondsATokenRestoresTheIdentitySessionToolsAndContext() {
    Bound first = bindTab();
    first.conn().drop();
    f.clock.advance(Duration.ofMillis(29_999));

    RecordingProviderConnection again = f.authenticated();
    HelloAck ack = reconnect(again, first.ack().reconnectToken());

    assertThat(ack.providerId()).isEqualTo(first.ack().providerId());
    assertThat(ack.sessionId()).isEqualTo(session);
    assertThat(done(f.gateway.tools(session)))
        .extracting(HostTool::name)
        .containsExactly("page_title", "list_browser_instances");
    assertThat(done(f.gateway.onPrompt(session, "hi", java.util.Map.of())).context())
        .containsExactly("Dashboard open");
    var call = f.call(session, "page_title", "{}");
    again.next(SessionLifecycle.class);
    ToolCall sent = again.next(ToolCall.class);
    again.send(ToolResult.success(sent.id(), json("\"Dashboard\"")));
    assertThat(done(call).outcome().status()).isEqualTo(ToolOutcome.Status.SUCCESS);
  }

  @Test
  void afterThirtySecondsTheTokenIsRefusedAndTheHelloIsAFreshRegistration() {
    Bound first = bindTab();
    first.conn().drop();
    f.clock.advance(Duration.ofSeconds(30));

    RecordingProviderConnection again = f.authenticated();
    again.send(
        Hello.builder("browser")
            .instance("tab-a")
            .session(session)
            .reconnectToken(first.ack().reconnectToken())
            .build());

    HelloAck ack = again.next(HelloAck.class);
    assertThat(ack.providerId()).isNotEqualTo(first.ack().providerId());
    assertThat(done(f.gateway.tools(session))).extracting(HostTool::name).doesNotContain("page_title");
  }

  @Test
  void aTokenTakesOverALiveConnectionWhichIsClosed() {
    Bound first = bindTab();
    RecordingProviderConnection second = f.authenticated();

    HelloAck ack = reconnect(second, first.ack().reconnectToken());

    assertThat(ack.providerId()).isEqualTo(first.ack().providerId());
    assertThat(first.conn().closeReason()).isEqualTo(CloseReason.NORMAL);
    assertThat(done(f.gateway.providers())).singleElement()
        .satisfies(p -> assertThat(p.sessions()).containsExactly(session));
  }

  @Test
  void callsInFlightOnTheOldConnectionEndDisconnectedAndAreNotReplayed() {
    Bound first = bindTab();
    var call = f.call(session, "page_title", "{}");
    first.conn().next(ToolCall.class);
    RecordingProviderConnection second = f.authenticated();

    reconnect(second, first.ack().reconnectToken());

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    second.next(SessionLifecycle.class);
    second.assertNoMoreMessages();
  }

  @Test
  void aTokenPresentedForAnotherIdentityRestoresNothing() {
    Bound first = bindTab();
    first.conn().drop();
    RecordingProviderConnection other = f.authenticated();

    other.send(
        Hello.builder("browser")
            .instance("tab-b")
            .session(session)
            .reconnectToken(first.ack().reconnectToken())
            .build());

    HelloAck ack = other.next(HelloAck.class);
    assertThat(ack.providerId()).isNotEqualTo(first.ack().providerId());
    assertThat(done(f.gateway.tools(session))).extracting(HostTool::name).doesNotContain("page_title");
  }

  @Test
  void aTokenWorksOnlyOnce() {
    Bound first = bindTab();
    first.conn().drop();
    RecordingProviderConnection again = f.authenticated();
    HelloAck restored = reconnect(again, first.ack().reconnectToken());
    RecordingProviderConnection thief = f.authenticated();

    thief.send(Hello.builder("browser").instance("tab-a").session(session)
        .reconnectToken(first.ack().reconnectToken()).build());

    assertThat(thief.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(again.isClosed()).isFalse();
    assertThat(restored.reconnectToken()).isNotEqualTo(first.ack().reconnectToken());
  }

  @Test
  void claimingALiveIdentityWithoutATokenIsADuplicateAndMayRetryWithAnotherInstance() {
    Bound first = bindTab();
    RecordingProviderConnection second = f.authenticated();

    second.send(Hello.builder("browser").instance("tab-a").session(session).build());

    assertThat(second.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(first.conn().isClosed()).isFalse();
    second.send(Hello.builder("browser").instance("tab-b").session(session).build());
    second.next(HelloAck.class);
  }

  @Test
  void aReconnectTokenNeverStandsInForAuth() {
    Bound first = bindTab();
    first.conn().drop();
    RecordingProviderConnection sneaky = f.connect();

    sneaky.send(Hello.builder("browser").instance("tab-a").reconnectToken(first.ack().reconnectToken()).build());

    assertThat(sneaky.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(sneaky.isClosed()).isTrue();
  }

  @Test
  void tokensOfAnEarlierGatewayRunAreNotHonoured() {
    String oldToken;
    String oldId;
    try (GatewayFixture earlier = GatewayFixture.with(b -> b.random(new java.util.SplittableRandom(99)))) {
      String s = earlier.startSession("old");
      RecordingProviderConnection conn = earlier.authenticated();
      conn.send(Hello.builder("browser").instance("tab-a").session(s).build());
      HelloAck ack = conn.next(HelloAck.class);
      oldToken = ack.reconnectToken();
      oldId = ack.providerId();
    }
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("browser").instance("tab-a").session(session).reconnectToken(oldToken).build());

    assertThat(conn.next(HelloAck.class).providerId()).isNotEqualTo(oldId);
  }

  @Test
  void aDroppedProvidersToolsLeaveTheSessionAtOnceEvenWhileItsTokenIsValid() {
    Bound first = bindTab();
    f.settle();

    first.conn().drop();
    f.settle();

    assertThat(f.host(session).registeredNames()).isEmpty();
  }

  @Test
  void atMostAThousandDroppedIdentitiesWaitToBeReclaimedTheOldestGoesFirst() {
    Bound first = bindTab();
    first.conn().drop();
    for (int i = 0; i < 1_000; i++) {
      RecordingProviderConnection churn = f.authenticated();
      churn.send(Hello.builder("churn-" + i).session(session).build());
      churn.drop();
    }

    RecordingProviderConnection again = f.authenticated();
    again.send(Hello.builder("browser").instance("tab-a").session(session)
        .reconnectToken(first.ack().reconnectToken()).build());

    assertThat(again.next(HelloAck.class).providerId()).isNotEqualTo(first.ack().providerId());
  }

  @Test
  void snapshotsAreBoundedInBytesTooAndTheOldestGoesFirst() {
    // Each provider declares a tool whose schema is estimated at about 3.7 KB; 8 KB hold two.
    String schema = "{\"type\":\"object\",\"enum\":[" + "0,".repeat(99) + "0]}";
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxSnapshotBytes(8_000))) {
      String s = small.startSession("small");
      java.util.List<HelloAck> acks = new java.util.ArrayList<>();
      for (int i = 0; i < 3; i++) {
        RecordingProviderConnection conn = small.authenticated();
        conn.send(Hello.builder("big-" + i).session(s)
            .tools(io.github.providergateway.protocol.ToolDefinition.of("t" + i, "d", json(schema))).build());
        acks.add(conn.next(HelloAck.class));
        conn.drop();
      }

      RecordingProviderConnection oldest = small.authenticated();
      oldest.send(Hello.builder("big-0").session(s).reconnectToken(acks.get(0).reconnectToken()).build());
      RecordingProviderConnection newest = small.authenticated();
      newest.send(Hello.builder("big-2").session(s).reconnectToken(acks.get(2).reconnectToken()).build());

      assertThat(oldest.next(HelloAck.class).providerId()).as("forgotten to make room").isNotEqualTo(acks.get(0).providerId());
      assertThat(newest.next(HelloAck.class).providerId()).as("restored").isEqualTo(acks.get(2).providerId());
    }
  }
  @Test
  void aSnapshotTakenBackGivesItsRoomBackAndLeavesNoTimer() {
    // Each snapshot is estimated at about 4.2 KB (the schema's tree and the tool around it), so
    // 9,000 bytes hold two; a provider that came back no longer takes any room.
    String schema = "{\"type\":\"object\",\"enum\":[" + "0,".repeat(99) + "0]}";
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxSnapshotBytes(9_000))) {
      String s = small.startSession("small");
      java.util.List<HelloAck> acks = new java.util.ArrayList<>();
      java.util.List<RecordingProviderConnection> conns = new java.util.ArrayList<>();
      for (int i = 0; i < 3; i++) {
        RecordingProviderConnection conn = small.authenticated();
        conn.send(Hello.builder("big-" + i).session(s)
            .tools(io.github.providergateway.protocol.ToolDefinition.of("t" + i, "d", json(schema))).build());
        acks.add(conn.next(HelloAck.class));
        conns.add(conn);
      }
      conns.get(0).drop();
      RecordingProviderConnection back = small.authenticated();
      back.send(Hello.builder("big-0").session(s).reconnectToken(acks.get(0).reconnectToken()).build());
      assertThat(back.next(HelloAck.class).providerId()).isEqualTo(acks.get(0).providerId());
      small.settle();
      assertThat(small.clock.pendingTasks()).as("its reconnect window went with its snapshot").isZero();

      conns.get(1).drop();
      conns.get(2).drop();

      for (int i = 1; i < 3; i++) {
        RecordingProviderConnection again = small.authenticated();
        again.send(Hello.builder("big-" + i).session(s).reconnectToken(acks.get(i).reconnectToken()).build());
        assertThat(again.next(HelloAck.class).providerId()).as("big-" + i + " restored").isEqualTo(acks.get(i).providerId());
      }
    }
  }

  @Test
  void aStartupContextCountsTowardTheSnapshotBound() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxSnapshotBytes(8_000))) {
      String s = small.startSession("small");
      RecordingProviderConnection wordy = small.authenticated();
      wordy.send(Hello.builder("wordy").session(s).metadata(json("{\"a\":1}")).startupContext("x".repeat(5_000)).build());
      HelloAck ack = wordy.next(HelloAck.class);
      wordy.drop();

      RecordingProviderConnection again = small.authenticated();
      again.send(Hello.builder("wordy").session(s).reconnectToken(ack.reconnectToken()).build());

      assertThat(again.next(HelloAck.class).providerId()).as("10 KB: not kept").isNotEqualTo(ack.providerId());
    }
  }
}
