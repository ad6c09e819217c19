package io.github.providergateway.provider.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.loop.testing.ManualBackend;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.logging.Level;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's own logic on a fake socket: connecting, backoff, reconnecting, stopping, sending one
 * at a time, reading with backpressure. The provider's executor is direct and the manual clock is
 * the scheduler, so every backoff is checked one tick before and exactly at its delay.
 */
class WebSocketProviderClientTest {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final URI GATEWAY = URI.create("ws://127.0.0.1:9400/");
  private static final ToolDefinition GREET =
      ToolDefinition.of("greet", "Say hello", CODEC.parseJson("{\"type\":\"object\"}"));

  private final ManualClock clock = new ManualClock();
  private final FakeConnector connector = new FakeConnector();
  private final List<ErrorMessage> errors = new ArrayList<>();

  // ---- connecting ----

  @Test
  void eachConnectionAuthenticatesAndSaysHelloOnceSessionsArrive() {
    connect(options());
    Attempt attempt = connector.attempt(0);

    attempt.open();
    assertThat(attempt.ws.next(Auth.class)).isEqualTo(Auth.withToken("ptk-test"));
    attempt.ws.assertNothingMoreSent();
    attempt.deliver(Sessions.of(List.of(new SessionInfo("s-1", "demo", null, null))));

    Hello hello = attempt.ws.next(Hello.class);
    assertThat(hello.session()).isEqualTo(SessionSelector.of("s-1"));
    assertThat(hello.toolsOrEmpty()).containsExactly(GREET);
  }

  @Test
  void failedAttemptsAreRetriedAfterDoublingDelaysUpToTwoSeconds() {
    connect(options());

    int attempts = 1;
    for (long millis : new long[] {250, 500, 1000, 2000, 2000, 2000}) {
      connector.attempt(attempts - 1).fail();
      clock.advance(Duration.ofMillis(millis - 1));
      assertThat(connector.attempts()).as("one tick before %d ms", millis).isEqualTo(attempts);
      clock.advance(Duration.ofMillis(1));
      assertThat(connector.attempts()).as("at %d ms", millis).isEqualTo(++attempts);
    }
  }

  @Test
  void jitterTakesUpToItsShareOffEachDelay() {
    connect(options().jitter(0.2).backend(clock.backend().withRandom(always(0.5))));

    connector.attempt(0).fail();
    clock.advance(Duration.ofMillis(224));
    assertThat(connector.attempts()).isEqualTo(1);
    clock.advance(Duration.ofMillis(1));

    assertThat(connector.attempts()).isEqualTo(2);
    WebSocketProviderClient.Options defaults = WebSocketProviderClient.Options.defaults();
    assertThat(defaults.backoff(0, 0.0)).isEqualTo(Duration.ofMillis(250));
    assertThat(defaults.backoff(0, 0.999_999)).isGreaterThan(Duration.ofMillis(200));
    assertThat(defaults.backoff(40, 0.0)).isEqualTo(Duration.ofSeconds(2));
  }

  /** One manual backend is all a test gives (issue 50): its thread, its scheduler, its jitter. */
  @Test
  void aManualBackendAloneTimesTheBackoffOnTheTestThread() {
    connect(WebSocketProviderClient.Options.builder().backend(clock.backend()).jitter(0));

    connector.attempt(0).fail();
    clock.advance(Duration.ofMillis(249));
    assertThat(connector.attempts()).as("one tick before 250 ms").isEqualTo(1);
    clock.advance(Duration.ofMillis(1));

    assertThat(connector.attempts()).isEqualTo(2);
  }

  @Test
  void theBackendsSeededGeneratorIsTheJitter() {
    WebSocketProviderClient.Options.Builder jittered =
        WebSocketProviderClient.Options.builder().backend(clock.backend(7)).jitter(1);
    Duration delay = jittered.build().backoff(0, new SplittableRandom(7).nextDouble());
    assertThat(delay).isLessThan(Duration.ofMillis(240));
    connect(jittered);

    connector.attempt(0).fail();
    clock.advance(delay.minusMillis(1));
    assertThat(connector.attempts()).isEqualTo(1);
    clock.advance(Duration.ofMillis(1));

    assertThat(connector.attempts()).isEqualTo(2);
  }

  @Test
  void aConnectionThatWasBoundStartsTheBackoffOver() {
    connect(options());
    connector.attempt(0).fail();
    clock.advance(Duration.ofMillis(250));
    connector.attempt(1).fail();
    clock.advance(Duration.ofMillis(500));
    bind(connector.attempt(2), "rtk-1");

    connector.attempt(2).closedByGateway();
    clock.advance(Duration.ofMillis(249));
    assertThat(connector.attempts()).isEqualTo(3);
    clock.advance(Duration.ofMillis(1));

    assertThat(connector.attempts()).isEqualTo(4);
  }

  @Test
  void aReconnectAuthenticatesAgainAndOffersTheReconnectToken() {
    ProviderSession session = connect(options());
    bind(connector.attempt(0), "rtk-1");
    connector.attempt(0).closedByGateway();

    clock.advance(Duration.ofMillis(250));
    Attempt again = connector.attempt(1);
    again.open();
    assertThat(again.ws.next(Auth.class).token()).isEqualTo("ptk-test");
    again.deliver(Sessions.of(List.of(new SessionInfo("s-1", "demo", null, null))));

    Hello hello = again.ws.next(Hello.class);
    assertThat(hello.reconnectToken()).isEqualTo("rtk-1");
    assertThat(hello.session()).isEqualTo(SessionSelector.of("s-1"));
    assertThat(session.closed().toCompletableFuture()).isNotDone();
  }

  // ---- a gateway that cannot be reached ----

  @Test
  void theFirstFailedConnectIsWarnedOnceNamingTheUrlAndTheReasonWhileRetriesGoOn() {
    try (RecordedLogs logs = new RecordedLogs()) {
      connect(options());

      connector.attempt(0).fail();
      assertThat(logs.at(Level.WARNING))
          .singleElement(STRING)
          .contains("ws://127.0.0.1:9400/")
          .contains("ConnectException: Connection refused")
          .contains("Retrying in 250 ms");
      clock.advance(Duration.ofMillis(250));
      connector.attempt(1).fail();
      clock.advance(Duration.ofMillis(500));
      connector.attempt(2).fail();

      assertThat(logs.at(Level.WARNING)).hasSize(1);
      assertThat(connector.attempts()).isEqualTo(3);
    }
  }

  @Test
  void aGatewayLostAgainAfterAConnectionOpenedIsWarnedAgain() {
    try (RecordedLogs logs = new RecordedLogs()) {
      connect(options());
      connector.attempt(0).fail();
      clock.advance(Duration.ofMillis(250));
      bind(connector.attempt(1), "rtk-1");
      assertThat(logs.at(Level.INFO))
          .containsExactly("connected to the gateway at ws://127.0.0.1:9400/");

      connector.attempt(1).closedByGateway();
      clock.advance(Duration.ofMillis(250));
      connector.attempt(2).fail();

      assertThat(logs.at(Level.WARNING)).hasSize(2);
    }
  }

  @Test
  void theReasonIsWhatTheJdkWrappedInItsCompletionException() {
    assertThat(ReconnectLoop.describe(new CompletionException(new ConnectException())))
        .isEqualTo("ConnectException");
    assertThat(
            ReconnectLoop.describe(new CompletionException(new HttpTimeoutException("timed out"))))
        .isEqualTo("HttpTimeoutException: timed out");
    assertThat(ReconnectLoop.describe(null)).isEqualTo("closed before it opened");
  }

  // ---- from the environment ----

  @Test
  void theEnvironmentNamesTheGatewayAndTheToken() {
    fromEnvironment(
        Map.of(
            "TAP_GATEWAY_URL", "ws://127.0.0.1:20123",
            "TAP_PROVIDER_TOKEN", "ptk-spawned",
            "COPILOT_HOME", "/nonexistent"));

    Attempt attempt = connector.attempt(0);
    assertThat(attempt.uri).isEqualTo(URI.create("ws://127.0.0.1:20123"));
    attempt.open();
    assertThat(attempt.ws.next(Auth.class)).isEqualTo(Auth.withToken("ptk-spawned"));
  }

  @Test
  void withoutVariablesTheDefaultUrlAndTheTokenFileOfCopilotHomeAreUsed(@TempDir Path home)
      throws Exception {
    writeTokenFile(home, "ptk-from-file\n");

    fromEnvironment(Map.of("COPILOT_HOME", home.toString(), "HOME", "/nonexistent"));

    Attempt attempt = connector.attempt(0);
    assertThat(attempt.uri).isEqualTo(URI.create("ws://127.0.0.1:9400"));
    attempt.open();
    assertThat(attempt.ws.next(Auth.class)).isEqualTo(Auth.withToken("ptk-from-file"));
  }

  @Test
  void copilotHomeDefaultsToDotCopilotInHome(@TempDir Path user) throws Exception {
    writeTokenFile(user.resolve(".copilot"), "ptk-home");

    fromEnvironment(Map.of("HOME", user.toString()));

    connector.attempt(0).open();
    assertThat(connector.attempt(0).ws.next(Auth.class).token()).isEqualTo("ptk-home");
  }

  @Test
  void emptyVariablesCountAsUnsetAsInTheNodeAndPythonExamples(@TempDir Path home) throws Exception {
    writeTokenFile(home, "ptk-from-file");

    fromEnvironment(
        Map.of("TAP_GATEWAY_URL", "", "TAP_PROVIDER_TOKEN", "", "COPILOT_HOME", home.toString()));

    assertThat(connector.attempt(0).uri).isEqualTo(URI.create("ws://127.0.0.1:9400"));
    connector.attempt(0).open();
    assertThat(connector.attempt(0).ws.next(Auth.class).token()).isEqualTo("ptk-from-file");
  }

  @Test
  void theVariableWinsOverTheTokenFile(@TempDir Path home) throws Exception {
    writeTokenFile(home, "ptk-from-file");

    fromEnvironment(Map.of("TAP_PROVIDER_TOKEN", "ptk-spawned", "COPILOT_HOME", home.toString()));

    connector.attempt(0).open();
    assertThat(connector.attempt(0).ws.next(Auth.class).token()).isEqualTo("ptk-spawned");
  }

  @Test
  void tapHomeNamesTheHomeBeforeCopilotHome(@TempDir Path dir) throws Exception {
    Path home = dir.resolve("my-home");
    writeHome(home, "ptk-tap-home", 9411);
    writeTokenFile(dir.resolve("copilot"), "ptk-copilot");

    fromEnvironment(
        Map.of("TAP_HOME", home.toString(), "COPILOT_HOME", dir.resolve("copilot").toString()));

    assertThat(connector.attempt(0).uri).isEqualTo(URI.create("ws://127.0.0.1:9411"));
    connector.attempt(0).open();
    assertThat(connector.attempt(0).ws.next(Auth.class).token()).isEqualTo("ptk-tap-home");
  }

  @Test
  void theHomesPortIsItsGatewaysElseItsSettingsElse9400(@TempDir Path home) throws Exception {
    Files.createDirectories(home);
    Files.writeString(home.resolve(".provider-token"), "ptk");
    Files.writeString(home.resolve("settings.json"), "{\"port\": 9422, \"watch\": false}");
    fromEnvironment(Map.of("TAP_HOME", home.toString()));
    assertThat(connector.attempt(0).uri).isEqualTo(URI.create("ws://127.0.0.1:9422"));

    Files.writeString(home.resolve("gateway.port"), "9433\n");
    connector.attempt(0).fail();
    clock.advance(Duration.ofMillis(250));
    assertThat(connector.attempt(1).uri).isEqualTo(URI.create("ws://127.0.0.1:9433"));

    Files.delete(home.resolve("gateway.port"));
    Files.writeString(home.resolve("settings.json"), "{\"port\": \"9444\"}");
    connector.attempt(1).fail();
    clock.advance(Duration.ofMillis(500));
    assertThat(connector.attempt(2).uri).isEqualTo(URI.create("ws://127.0.0.1:9400"));
  }

  /**
   * Issue 43: a hand-run provider follows its home's gateway across a restart on another port with
   * a new token: each reconnect looks up gateway.port and reads the token file again, and the dead
   * gateway's token refused by a new one does not end it.
   */
  @Test
  void eachReconnectFindsTheHomesGatewayAndReadsItsTokenAgain(@TempDir Path home) throws Exception {
    writeHome(home, "ptk-first", 9451);
    ProviderSession session = fromEnvironment(Map.of("TAP_HOME", home.toString()));
    bind(connector.attempt(0), "rtk-1");

    writeHome(home, "ptk-second", 9452); // a gateway restarted: new port, new token
    connector.attempt(0).closedByGateway();
    clock.advance(Duration.ofMillis(250));

    Attempt again = connector.attempt(1);
    assertThat(again.uri).isEqualTo(URI.create("ws://127.0.0.1:9452"));
    again.open();
    assertThat(again.ws.next(Auth.class).token()).isEqualTo("ptk-second");

    again.deliver(ErrorMessage.of(ErrorCode.AUTH_FAILED, "Invalid token").withReplyTo("auth"));
    again.closedByGateway();
    writeHome(home, "ptk-third", 9453);
    clock.advance(Duration.ofMillis(500));

    Attempt third = connector.attempt(2);
    assertThat(third.uri).isEqualTo(URI.create("ws://127.0.0.1:9453"));
    third.open();
    assertThat(third.ws.next(Auth.class).token()).isEqualTo("ptk-third");
    assertThat(session.closed().toCompletableFuture()).isNotDone();
  }

  @Test
  void aTokenFileGoneAtAReconnectLeavesTheLastTokenRead(@TempDir Path home) throws Exception {
    writeHome(home, "ptk-first", 9461);
    fromEnvironment(Map.of("TAP_HOME", home.toString()));
    bind(connector.attempt(0), "rtk-1");

    Files.delete(home.resolve(".provider-token"));
    connector.attempt(0).closedByGateway();
    clock.advance(Duration.ofMillis(250));
    connector.attempt(1).open();

    assertThat(connector.attempt(1).ws.next(Auth.class).token()).isEqualTo("ptk-first");
  }

  /**
   * A token file newer than gateway.port: a gateway started after the last one was killed and does
   * not listen yet. Its token must not go to the dead gateway's port, which anyone may hold now.
   */
  @Test
  void aTokenNewerThanTheGatewaysPortWaitsForTheNewGatewayToListen(@TempDir Path home)
      throws Exception {
    writeHome(home, "ptk-new", 9471);
    Files.setLastModifiedTime(
        home.resolve("gateway.port"),
        FileTime.fromMillis(
            Files.getLastModifiedTime(home.resolve(".provider-token")).toMillis() - 60_000));

    fromEnvironment(Map.of("TAP_HOME", home.toString()));
    clock.advance(Duration.ofMillis(250 + 500));
    assertThat(connector.attempts()).as("no connection to the dead gateway's port").isZero();

    Files.writeString(home.resolve("gateway.port"), "9472"); // the new gateway listens
    clock.advance(Duration.ofMillis(1000));

    assertThat(connector.attempt(0).uri).isEqualTo(URI.create("ws://127.0.0.1:9472"));
  }

  /**
   * A port a crashed gateway left in its home, where another user of the machine listens now: the
   * provider's token and tools must not go there. The kernel's socket tables say whose listener it
   * is (here a copy whose rows the test writes; port 9491 is 2513 in them).
   */
  @Test
  void aPortWhereAnotherUserListensIsWaitedOutNotConnectedTo(@TempDir Path dir) throws Exception {
    Path home = dir.resolve("home");
    writeHome(home, "ptk-old", 9491);
    Path tables = Files.createDirectories(dir.resolve("net"));
    long me = LoopbackListener.currentUid();
    Assumptions.assumeTrue(me >= 0, "a user id from /proc/self");
    Files.writeString(
        tables.resolve("tcp6"), socketRow("0000000000000000FFFF00000100007F", me + 1));

    WebSocketProviderClient.fromEnvironment(
        greeter(), Map.of("TAP_HOME", home.toString()), options().build(), connector, tables);
    clock.advance(Duration.ofMillis(250 + 500 + 1000));
    assertThat(connector.attempts()).as("no connection to another user's listener").isZero();

    // The home's gateway listens there again: this user's.
    Files.writeString(tables.resolve("tcp6"), socketRow("0000000000000000FFFF00000100007F", me));
    clock.advance(Duration.ofMillis(2000));
    assertThat(connector.attempt(0).uri).isEqualTo(URI.create("ws://127.0.0.1:9491"));
  }

  /** A table of sockets with one listening at port 9491 of {@code address}, user {@code uid}'s. */
  private static String socketRow(String address, long uid) {
    return "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid\n"
        + "   0: "
        + address
        + ":2513 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000 "
        + uid
        + " 0 4711 1 0000000000000000 100 0 0 10 0\n";
  }

  @Test
  void aGivenTokenIsNotWaitedForByThePortFilesAge(@TempDir Path home) throws Exception {
    writeHome(home, "ptk-new", 9481);
    Files.setLastModifiedTime(home.resolve("gateway.port"), FileTime.fromMillis(0));

    fromEnvironment(Map.of("TAP_HOME", home.toString(), "TAP_PROVIDER_TOKEN", "ptk-given"));

    assertThat(connector.attempt(0).uri).isEqualTo(URI.create("ws://127.0.0.1:9481"));
  }

  @Test
  void noTokenAnywhereFailsAtOnceNamingTheFile(@TempDir Path home) {
    assertThatThrownBy(() -> fromEnvironment(Map.of("COPILOT_HOME", home.toString())))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("TAP_PROVIDER_TOKEN")
        .hasMessageContaining(home.resolve("extensions/tap/.provider-token").toString());
    assertThat(connector.attempts()).isZero();
  }

  @Test
  void aUrlThatIsNoWebSocketUrlIsRefused() {
    assertThatThrownBy(
            () ->
                fromEnvironment(
                    Map.of("TAP_GATEWAY_URL", "http://127.0.0.1:9400", "TAP_PROVIDER_TOKEN", "t")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ws://");
    assertThatThrownBy(
            () -> fromEnvironment(Map.of("TAP_GATEWAY_URL", "ws://a b", "TAP_PROVIDER_TOKEN", "t")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TAP_GATEWAY_URL");
  }

  // ---- stopping ----

  @Test
  void aFatalErrorStopsReconnectingForGood() {
    ProviderSession session = connect(options());
    Attempt attempt = connector.attempt(0);
    attempt.open();
    attempt.ws.next(Auth.class);

    attempt.deliver(ErrorMessage.of(ErrorCode.AUTH_FAILED, "Invalid token").withReplyTo("auth"));
    attempt.closedByGateway();
    clock.advance(Duration.ofHours(1));

    assertThat(connector.attempts()).isEqualTo(1);
    assertThat(errors).extracting(ErrorMessage::code).containsExactly(ErrorCode.AUTH_FAILED);
    assertThatThrownBy(() -> session.closed().toCompletableFuture().join())
        .hasCauseInstanceOf(GatewayErrorException.class);
  }

  @Test
  void closingWhileWaitingToRetryStopsAtOnce() {
    ProviderSession session = connect(options());
    connector.attempt(0).fail();

    session.close();
    clock.advance(Duration.ofHours(1));

    assertThat(connector.attempts()).isEqualTo(1);
    assertThat(session.closed().toCompletableFuture()).isCompleted();
  }

  @Test
  void goodbyeIsSentBeforeTheCloseFrameAndNothingReconnects() {
    ProviderSession session = connect(options());
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");

    CompletableFuture<Void> closed = session.goodbye("done").toCompletableFuture();
    assertThat(attempt.ws.next(Goodbye.class)).isEqualTo(new Goodbye("done"));
    assertThat(attempt.ws.closeCode).isEqualTo(WebSocket.NORMAL_CLOSURE);
    assertThat(closed).isNotDone();
    attempt.closedByGateway();
    clock.advance(Duration.ofHours(1));

    assertThat(closed).isCompleted();
    assertThat(connector.attempts()).isEqualTo(1);
  }

  @Test
  void aGatewayThatNeverAnswersTheCloseIsDroppedAfterTheCloseTimeout() {
    ProviderSession session = connect(options().closeTimeout(Duration.ofSeconds(5)));
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");
    session.close();
    attempt.ws.next(Goodbye.class);

    clock.advance(Duration.ofSeconds(5).minusMillis(1));
    assertThat(attempt.ws.aborted).isFalse();
    clock.advance(Duration.ofMillis(1));

    assertThat(attempt.ws.aborted).isTrue();
    assertThat(session.closed().toCompletableFuture()).isCompleted();
  }

  // ---- sending ----

  @Test
  void onlyOneSendIsInFlightAndTheRestFollowInOrder() {
    ProviderSession session = connect(options());
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");
    attempt.ws.holdSends = true;

    session.push(PushLevel.KEEP, "one");
    session.push(PushLevel.KEEP, "two");
    session.push(PushLevel.KEEP, "three");
    assertThat(attempt.ws.next(Push.class).event()).isEqualTo("one");
    attempt.ws.assertNothingMoreSent();
    attempt.ws.completeSends();

    assertThat(attempt.ws.next(Push.class).event()).isEqualTo("two");
    assertThat(attempt.ws.next(Push.class).event()).isEqualTo("three");
  }

  @Test
  void aFullOutboundQueueDropsTheConnectionAndReconnects() {
    ProviderSession session = connect(options().maxQueuedMessages(2));
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");
    attempt.ws.holdSends = true;

    assertThat(session.push(PushLevel.KEEP, "in flight")).isTrue();
    assertThat(session.push(PushLevel.KEEP, "queued 1")).isTrue();
    assertThat(session.push(PushLevel.KEEP, "queued 2")).isTrue();
    assertThat(session.push(PushLevel.KEEP, "one too many")).isFalse();
    clock.advance(Duration.ofMillis(250));

    assertThat(attempt.ws.aborted).isTrue();
    assertThat(connector.attempts()).isEqualTo(2);
  }

  // ---- reading ----

  @Test
  void aMessageSplitAcrossFramesIsReadWhole() {
    connect(options());
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");
    String call = CODEC.encode(new ToolCall("c-1", "s-1", "greet", CODEC.parseJson("{}")));

    attempt.listener.onText(attempt.ws, call.substring(0, 10), false);
    attempt.listener.onText(attempt.ws, call.substring(10), true);

    assertThat(attempt.ws.next(ToolResult.class).data()).isEqualTo(TextNode.valueOf("Hello"));
  }

  @Test
  void theNextMessageIsReadOnlyOnceTheProviderHandledThePrevious() {
    Deque<Runnable> providerThread = new ArrayDeque<>();
    connect(options().backend(backend().withLoopExecutor(providerThread::add)));
    runAll(providerThread);
    Attempt attempt = connector.attempt(0);
    attempt.listener.onOpen(attempt.ws);
    assertThat(attempt.ws.requested)
        .as("nothing read before the runtime knows the connection")
        .isZero();
    runAll(providerThread);
    assertThat(attempt.ws.requested).isEqualTo(1);

    attempt.deliver(Sessions.of(List.of(new SessionInfo("s-1", "demo", null, null))));
    assertThat(attempt.ws.requested).isEqualTo(1);
    runAll(providerThread);

    assertThat(attempt.ws.requested).isEqualTo(2);
  }

  @Test
  void aMessageOverTheSizeLimitDropsTheConnection() {
    connect(options().maxMessageChars(100));
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");

    attempt.listener.onText(attempt.ws, "x".repeat(101), false);
    clock.advance(Duration.ofMillis(250));

    assertThat(attempt.ws.aborted).isTrue();
    assertThat(connector.attempts()).isEqualTo(2);
  }

  @Test
  void unreadableTextIsDroppedAndReadingGoesOn() {
    connect(options());
    Attempt attempt = connector.attempt(0);
    bind(attempt, "rtk-1");
    long before = attempt.ws.requested;

    attempt.listener.onText(attempt.ws, "this is not JSON", true);

    assertThat(attempt.ws.requested).isEqualTo(before + 1);
    attempt.ws.assertNothingMoreSent();
    assertThat(attempt.ws.aborted).isFalse();
  }

  // ---- helpers ----

  private WebSocketProviderClient.Options.Builder options() {
    return WebSocketProviderClient.Options.builder().backend(backend());
  }

  /** The manual clock's backend, with no jitter drawn. */
  private ManualBackend backend() {
    return clock.backend().withRandom(always(0.0));
  }

  /** A generator whose every {@code nextDouble} is {@code value}: jitter the test pins. */
  private static RandomGenerator always(double value) {
    return new RandomGenerator() {
      @Override
      public long nextLong() {
        throw new UnsupportedOperationException("only nextDouble is drawn");
      }

      @Override
      public double nextDouble() {
        return value;
      }
    };
  }

  private ProviderSession connect(WebSocketProviderClient.Options.Builder options) {
    return WebSocketProviderClient.connect(
        GATEWAY, "ptk-test", greeter(), options.build(), connector);
  }

  private ProviderSession fromEnvironment(Map<String, String> environment) {
    return WebSocketProviderClient.fromEnvironment(
        greeter(), environment, options().build(), connector);
  }

  private JavaProvider greeter() {
    return JavaProvider.builder("greeter")
        .session("s-1")
        .tool(GREET, (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("Hello")))
        .onError(errors::add)
        .build();
  }

  /** Writes the token file of the gateway home under {@code copilotHome}. */
  private static void writeTokenFile(Path copilotHome, String content) throws IOException {
    Path file = copilotHome.resolve("extensions").resolve("tap").resolve(".provider-token");
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  /** Writes a gateway home: its token file, then its gateway.port, as a gateway writes them. */
  private static void writeHome(Path home, String token, int port) throws IOException {
    Files.createDirectories(home);
    Files.writeString(home.resolve(".provider-token"), token);
    Files.writeString(home.resolve("gateway.port"), Integer.toString(port));
    // Not older than the token, whatever the file system's timestamp granularity.
    Files.setLastModifiedTime(
        home.resolve("gateway.port"), Files.getLastModifiedTime(home.resolve(".provider-token")));
  }

  /** Opens {@code attempt} and binds it; everything it sent so far is taken. */
  private static void bind(Attempt attempt, String reconnectToken) {
    attempt.open();
    attempt.deliver(Sessions.of(List.of(new SessionInfo("s-1", "demo", null, null))));
    attempt.deliver(new HelloAck(2, "p-1", "s-1", reconnectToken, null));
    attempt.ws.next(Auth.class);
    attempt.ws.next(Hello.class);
  }

  private static void runAll(Deque<Runnable> tasks) {
    Runnable task;
    while ((task = tasks.poll()) != null) {
      task.run();
    }
  }

  /** Hands out one {@link Attempt} per connection the client opens. */
  private static final class FakeConnector implements WebSocketProviderClient.Connector {
    private final List<Attempt> attempts = new ArrayList<>();

    @Override
    public CompletableFuture<WebSocket> connect(URI uri, WebSocket.Listener listener) {
      Attempt attempt = new Attempt(uri, listener);
      attempts.add(attempt);
      return attempt.future;
    }

    int attempts() {
      return attempts.size();
    }

    Attempt attempt(int index) {
      assertThat(attempts).hasSizeGreaterThan(index);
      return attempts.get(index);
    }
  }

  /** One connection attempt, driven by the test as the JDK would drive it. */
  private static final class Attempt {
    final URI uri;
    final WebSocket.Listener listener;
    final CompletableFuture<WebSocket> future = new CompletableFuture<>();
    final FakeWebSocket ws = new FakeWebSocket();

    Attempt(URI uri, WebSocket.Listener listener) {
      this.uri = uri;
      this.listener = listener;
    }

    void open() {
      listener.onOpen(ws);
      future.complete(ws);
    }

    void fail() {
      future.completeExceptionally(new ConnectException("Connection refused"));
    }

    void deliver(GatewayMessage message) {
      listener.onText(ws, CODEC.encode(message), true);
    }

    void closedByGateway() {
      listener.onClose(ws, WebSocket.NORMAL_CLOSURE, "");
    }
  }

  /** A socket that keeps what is sent on it and can hold sends to show there is one in flight. */
  private static final class FakeWebSocket implements WebSocket {
    private final Deque<String> sent = new ArrayDeque<>();
    private final Deque<CompletableFuture<WebSocket>> heldSends = new ArrayDeque<>();
    boolean holdSends;
    long requested;
    boolean aborted;
    Integer closeCode;

    @Override
    public CompletableFuture<WebSocket> sendText(CharSequence data, boolean last) {
      if (!heldSends.isEmpty()) {
        // What the JDK does: one send at a time.
        return CompletableFuture.failedFuture(new IllegalStateException("send pending"));
      }
      sent.addLast(data.toString());
      if (!holdSends) {
        return CompletableFuture.completedFuture(this);
      }
      CompletableFuture<WebSocket> held = new CompletableFuture<>();
      heldSends.add(held);
      return held;
    }

    void completeSends() {
      holdSends = false;
      CompletableFuture<WebSocket> held;
      while ((held = heldSends.poll()) != null) {
        held.complete(this);
      }
    }

    <T extends ProviderMessage> T next(Class<T> type) {
      assertThat(sent).as("sent on the socket").isNotEmpty();
      ProviderMessage message = CODEC.decodeProviderMessage(sent.pollFirst()).messageOrNull();
      assertThat(message).isInstanceOf(type);
      return type.cast(message);
    }

    void assertNothingMoreSent() {
      assertThat(sent).isEmpty();
    }

    @Override
    public CompletableFuture<WebSocket> sendClose(int statusCode, String reason) {
      closeCode = statusCode;
      return CompletableFuture.completedFuture(this);
    }

    @Override
    public void request(long n) {
      requested += n;
    }

    @Override
    public void abort() {
      aborted = true;
    }

    @Override
    public CompletableFuture<WebSocket> sendBinary(ByteBuffer data, boolean last) {
      throw new UnsupportedOperationException("the protocol is text only");
    }

    @Override
    public CompletableFuture<WebSocket> sendPing(ByteBuffer message) {
      return CompletableFuture.completedFuture(this);
    }

    @Override
    public CompletableFuture<WebSocket> sendPong(ByteBuffer message) {
      return CompletableFuture.completedFuture(this);
    }

    @Override
    public String getSubprotocol() {
      return "";
    }

    @Override
    public boolean isOutputClosed() {
      return closeCode != null || aborted;
    }

    @Override
    public boolean isInputClosed() {
      return aborted;
    }
  }
}
