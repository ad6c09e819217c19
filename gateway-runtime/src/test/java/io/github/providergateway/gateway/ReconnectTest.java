package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
            .hooks(
                new io.github.providergateway.protocol.Hooks(
                    java.util.List.of(
                        io.github.providergateway.protocol.HookRule.deny(
                            io.github.providergateway.protocol.HookMatch.tool("close_tab"),
                            "Keep the dashboard open")),
                    null))
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
    assertThat(done(f.gateway.onPrompt(session, java.util.Map.of())).context())
        .containsExactly("Dashboard open");
    assertThat(done(f.gateway.preToolUse(session, "close_tab", json("{}"))).reason())
        .as("its hook rules came back too")
        .isEqualTo("Keep the dashboard open");
    var call = f.call(session, "page_title", "{}");
    again.next(SessionLifecycle.class);
    ToolCall sent = again.next(ToolCall.class);
    again.send(ToolResult.success(sent.id(), json("\"Dashboard\"")));
    assertThat(done(call).outcome().status()).isEqualTo(ToolOutcome.Status.SUCCESS);
  }

  /**
   * Revisions only grow (spec: Update acknowledgments): a restored binding goes on from its own.
   */
  @Test
  void aRestoredBindingsRevisionsGoOnFromWhereTheyWere() {
    Bound first = bindTab();
    first.conn().send(new ContextUpdate("r1", null, "Dashboard still open"));
    first.conn().send(new ContextUpdate("r2", null, "Dashboard closed"));
    assertThat(first.conn().drain()).extracting(m -> ((Ack) m).revision()).containsExactly(1L, 2L);
    first.conn().drop();

    RecordingProviderConnection again = f.authenticated();
    reconnect(again, first.ack().reconnectToken());
    again.drain();
    again.send(new ContextUpdate("r3", null, "Dashboard open again"));

    assertThat(again.next(Ack.class).revision()).isEqualTo(3);
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
    assertThat(done(f.gateway.tools(session)))
        .extracting(HostTool::name)
        .doesNotContain("page_title");
  }

  @Test
  void aTokenTakesOverALiveConnectionWhichIsClosed() {
    Bound first = bindTab();
    RecordingProviderConnection second = f.authenticated();

    HelloAck ack = reconnect(second, first.ack().reconnectToken());

    assertThat(ack.providerId()).isEqualTo(first.ack().providerId());
    assertThat(first.conn().closeReason()).isEqualTo(CloseReason.NORMAL);
    assertThat(done(f.gateway.providers()))
        .singleElement()
        .satisfies(p -> assertThat(p.sessions()).containsExactly(session));
  }

  @Test
  void callsInFlightOnTheOldConnectionEndDisconnectedAndAreNotReplayed() {
    Bound first = bindTab();
    var call = f.call(session, "page_title", "{}");
    first.conn().next(ToolCall.class);
    RecordingProviderConnection second = f.authenticated();

    reconnect(second, first.ack().reconnectToken());

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.DISCONNECTED);
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
    assertThat(done(f.gateway.tools(session)))
        .extracting(HostTool::name)
        .doesNotContain("page_title");
  }

  @Test
  void aTokenWorksOnlyOnce() {
    Bound first = bindTab();
    first.conn().drop();
    RecordingProviderConnection again = f.authenticated();
    HelloAck restored = reconnect(again, first.ack().reconnectToken());
    RecordingProviderConnection thief = f.authenticated();

    thief.send(
        Hello.builder("browser")
            .instance("tab-a")
            .session(session)
            .reconnectToken(first.ack().reconnectToken())
            .build());

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

    sneaky.send(
        Hello.builder("browser")
            .instance("tab-a")
            .reconnectToken(first.ack().reconnectToken())
            .build());

    assertThat(sneaky.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(sneaky.isClosed()).isTrue();
  }

  /**
   * A restart on the same home, as a real gateway restarts, while the provider is still inside its
   * reconnect window: whatever the earlier run might write there, its reconnect token restores
   * nothing (no providerId, tools or context) and revisions start again (R-RECON-09). Each run has
   * its own random source, as each real run has its own SecureRandom.
   */
  @Test
  void tokensAndRevisionsOfAnEarlierRunOnTheSameHomeAreNotHonoured(@TempDir Path home) {
    HelloAck old;
    try (GatewayFixture earlier =
        GatewayFixture.with(t -> t.withRandom(new SplittableRandom(99)), b -> b.home(home))) {
      String s = earlier.startSession("alpha");
      RecordingProviderConnection conn = earlier.authenticated();
      conn.send(
          Hello.builder("browser")
              .instance("tab-a")
              .session(s)
              .tools(tool("page_title"))
              .context("Dashboard open")
              .build());
      old = conn.next(HelloAck.class);
      conn.next(SessionLifecycle.class);
      conn.send(new ContextUpdate("r1", s, "Dashboard open, tab 2"));
      conn.send(new ContextUpdate("r2", s, "Dashboard open, tab 3"));
      conn.next(Ack.class);
      assertThat(conn.next(Ack.class).revision()).isEqualTo(2);
      conn.drop(); // the gateway dies within the reconnect window
    }

    try (GatewayFixture restarted =
        GatewayFixture.with(t -> t.withRandom(new SplittableRandom(100)), b -> b.home(home))) {
      String s = restarted.startSession("alpha");
      RecordingProviderConnection conn = restarted.authenticated();
      conn.send(
          Hello.builder("browser")
              .instance("tab-a")
              .session(s)
              .reconnectToken(old.reconnectToken())
              .build());
      HelloAck ack = conn.next(HelloAck.class);
      conn.next(SessionLifecycle.class);
      conn.send(new ContextUpdate("r1", s, "fresh"));

      assertThat(ack.providerId()).isNotEqualTo(old.providerId());
      assertThat(ack.reconnectToken()).isNotEqualTo(old.reconnectToken());
      assertThat(conn.next(Ack.class).revision()).as("revisions start again").isEqualTo(1);
      restarted.settle();
      assertThat(done(restarted.gateway.tools(s)))
          .extracting(HostTool::name)
          .doesNotContain("page_title");
      assertThat(done(restarted.gateway.onPrompt(s, java.util.Map.of())).context())
          .containsExactly("fresh");
    }
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
    again.send(
        Hello.builder("browser")
            .instance("tab-a")
            .session(session)
            .reconnectToken(first.ack().reconnectToken())
            .build());

    assertThat(again.next(HelloAck.class).providerId()).isNotEqualTo(first.ack().providerId());
  }

  /**
   * A tool schema estimated with its tool at about 4.2 KB of snapshot (its tree, the tool around
   * it).
   */
  private static final String BIG_SCHEMA =
      "{\"type\":\"object\",\"enum\":[" + "0,".repeat(99) + "0]}";

  /** Binds "big-0" to "big-{count - 1}" in {@code s}, each with one tool of {@link #BIG_SCHEMA}. */
  private static java.util.List<Bound> bindBig(GatewayFixture small, String s, int count) {
    java.util.List<Bound> bound = new java.util.ArrayList<>();
    for (int i = 0; i < count; i++) {
      RecordingProviderConnection conn = small.authenticated();
      conn.send(
          Hello.builder("big-" + i)
              .session(s)
              .tools(
                  io.github.providergateway.protocol.ToolDefinition.of(
                      "t" + i, "d", json(BIG_SCHEMA)))
              .build());
      bound.add(new Bound(conn, conn.next(HelloAck.class)));
    }
    return bound;
  }

  /**
   * "big-{i}" says hello again with the token {@code bound} got; returns the provider id it gets.
   */
  private static String reclaim(GatewayFixture small, String s, int i, Bound bound) {
    RecordingProviderConnection again = small.authenticated();
    again.send(
        Hello.builder("big-" + i).session(s).reconnectToken(bound.ack().reconnectToken()).build());
    return again.next(HelloAck.class).providerId();
  }

  @Test
  void snapshotsAreBoundedInBytesTooAndTheOldestGoesFirst() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxSnapshotBytes(8_000))) {
      String s = small.startSession("small");
      java.util.List<Bound> big = bindBig(small, s, 3);
      big.forEach(b -> b.conn().drop());

      assertThat(reclaim(small, s, 0, big.get(0)))
          .as("forgotten to make room")
          .isNotEqualTo(big.get(0).ack().providerId());
      assertThat(reclaim(small, s, 2, big.get(2)))
          .as("restored")
          .isEqualTo(big.get(2).ack().providerId());
    }
  }

  @Test
  void aSnapshotTakenBackGivesItsRoomBackAndLeavesNoTimer() {
    // 9,000 bytes hold two snapshots; a provider that came back no longer takes any room.
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxSnapshotBytes(9_000))) {
      String s = small.startSession("small");
      java.util.List<Bound> big = bindBig(small, s, 3);
      big.get(0).conn().drop();
      assertThat(reclaim(small, s, 0, big.get(0))).isEqualTo(big.get(0).ack().providerId());
      small.settle();
      assertThat(small.clock.pendingTasks())
          .as("its reconnect window went with its snapshot")
          .isZero();

      big.get(1).conn().drop();
      big.get(2).conn().drop();

      assertThat(reclaim(small, s, 1, big.get(1)))
          .as("big-1 restored")
          .isEqualTo(big.get(1).ack().providerId());
      assertThat(reclaim(small, s, 2, big.get(2)))
          .as("big-2 restored")
          .isEqualTo(big.get(2).ack().providerId());
    }
  }

  @Test
  void aStartupContextCountsTowardTheSnapshotBound() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxSnapshotBytes(8_000))) {
      String s = small.startSession("small");
      RecordingProviderConnection wordy = small.authenticated();
      wordy.send(
          Hello.builder("wordy")
              .session(s)
              .metadata(json("{\"a\":1}"))
              .startupContext("x".repeat(5_000))
              .build());
      HelloAck ack = wordy.next(HelloAck.class);
      wordy.drop();

      RecordingProviderConnection again = small.authenticated();
      again.send(Hello.builder("wordy").session(s).reconnectToken(ack.reconnectToken()).build());

      assertThat(again.next(HelloAck.class).providerId())
          .as("10 KB: not kept")
          .isNotEqualTo(ack.providerId());
    }
  }

  @Test
  void aReconnectKeepsWhatItsHelloLeavesOutAndTakesWhatItSends() {
    RecordingProviderConnection first = f.authenticated();
    first.send(
        Hello.builder("watcher")
            .session(session)
            .tools(tool("t"))
            .subscribe(java.util.List.of("user.message"))
            .startupContext("booted")
            .concurrency(new io.github.providergateway.protocol.Concurrency(1, null))
            .build());
    String token = first.next(HelloAck.class).reconnectToken();
    first.drop();

    RecordingProviderConnection again = f.authenticated();
    again.send(Hello.builder("watcher").reconnectToken(token).build());
    again.next(HelloAck.class);
    again.drain();

    done(f.gateway.emit(session, "user.message", json("{}")));
    assertThat(again.next(io.github.providergateway.protocol.SessionEvent.class).event())
        .isEqualTo("user.message");
    assertThat(done(f.gateway.onPrompt(session, java.util.Map.of())).startupContext())
        .containsExactly("booted");
    f.call(session, "t", "{}");
    f.call(session, "t", "{}");
    assertThat(again.drain()).as("still one call at a time").hasSize(1);
  }

  @Test
  void aReconnectingHelloThatSendsAFieldReplacesTheRestoredOne() {
    RecordingProviderConnection first = f.authenticated();
    first.send(
        Hello.builder("watcher")
            .session(session)
            .startupContext("booted")
            .hooks(
                new io.github.providergateway.protocol.Hooks(
                    null,
                    java.util.Map.of(
                        "style",
                        java.util.Optional.of(
                            io.github.providergateway.protocol.TransformRule.append("old style")))))
            .build());
    String token = first.next(HelloAck.class).reconnectToken();
    first.drop();

    RecordingProviderConnection again = f.authenticated();
    again.send(
        Hello.builder("watcher")
            .reconnectToken(token)
            .startupContext("rebooted")
            .hooks(
                new io.github.providergateway.protocol.Hooks(
                    null,
                    java.util.Map.of(
                        "tone",
                        java.util.Optional.of(
                            io.github.providergateway.protocol.TransformRule.append("new tone")))))
            .build());
    again.next(HelloAck.class);

    PromptResult prompt = done(f.gateway.onPrompt(session, java.util.Map.of()));
    assertThat(prompt.startupContext()).containsExactly("rebooted");
    assertThat(prompt.sections()).containsExactly(java.util.Map.entry("tone", "new tone"));
  }
}
