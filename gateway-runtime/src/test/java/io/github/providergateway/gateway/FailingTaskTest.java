package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformRule;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loop task that fails with an {@link Error} (what a jar rewritten under the running JVM causes:
 * {@link NoClassDefFoundError} at the next class it loads) does not leave a host waiting: every
 * future it owned completes, calls in flight still end, and a stop still finishes. The failure is
 * injected where the engine meets code it does not own: a provider connection's {@code send} or
 * {@code close}, and the I/O executor.
 */
class FailingTaskTest {

  private GatewayFixture f = GatewayFixture.create();

  @AfterEach
  void close() {
    f.close();
  }

  /** What a rewritten jar throws: a class the task needs no longer loads. */
  private static NoClassDefFoundError brokenJar() {
    return new NoClassDefFoundError(
        "io/github/providergateway/protocol/json/MessageEncoder$Rewritten");
  }

  /**
   * Makes {@code connection} fail, as a broken encoder would, when the gateway sends it a {@code
   * type}.
   */
  private static void failSending(
      RecordingProviderConnection connection, Class<? extends GatewayMessage> type) {
    connection.onSend(
        message -> {
          if (type.isInstance(message)) {
            throw brokenJar();
          }
        });
  }

  private static void assertFailedInternal(CompletableFuture<?> future) {
    assertThat(future)
        .isCompletedExceptionally()
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(ExecutionException.class)
        .havingCause()
        .isInstanceOfSatisfying(
            HostException.class,
            e -> {
              assertThat(e.code()).isEqualTo(HostErrorCode.INTERNAL);
              assertThat(e.getCause()).isInstanceOf(NoClassDefFoundError.class);
            });
  }

  private static ToolOutcome.Failure failure(CompletableFuture<CallResult> call) {
    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Failure.class);
    return (ToolOutcome.Failure) done(call).outcome();
  }

  // ---- the request's own task fails ----

  @Test
  void aCallWhoseSendingFailsEndsInternalAtOnceNotAtItsTimeout() {
    String session = f.startSession("alpha");
    RecordingProviderConnection worker = f.bound("worker", session, tool("echo"));
    failSending(worker, ToolCall.class);

    var call = f.call(session, "echo", "{}");

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.INTERNAL);
    assertThat(failure(call).error()).contains("NoClassDefFoundError");
  }

  @Test
  void startSessionWhoseTaskFailsCompletesInternal() {
    RecordingProviderConnection waiting = f.authenticated();
    failSending(waiting, SessionsUpdated.class);

    assertFailedInternal(
        f.gateway.startSession(
            SessionSpec.of("beta", "/code/beta"),
            new io.github.providergateway.gateway.testing.RecordingSessionHost()));
  }

  @Test
  void requestsThatReachAProviderCompleteInternalWhenSendingToItFails() {
    String session = f.startSession("alpha");
    RecordingProviderConnection everything =
        f.bound(
            Hello.builder("everything")
                .session(session)
                .tools(tool("echo"))
                .subscribe(List.of("user.message"))
                .hooks(
                    new Hooks(
                        List.of(HookRule.gate(null, "check")),
                        Map.of("custom_instructions", Optional.of(TransformRule.callback()))))
                .build());
    var inFlight = f.call(session, "echo", "{}");
    everything.next(GateCheck.class);
    everything.drain();
    Map<Class<? extends GatewayMessage>, Supplier<CompletableFuture<?>>> requests =
        Map.of(
            GateCheck.class, () -> f.gateway.preToolUse(session, "shell", json("{}")),
            TransformRequest.class,
                () -> f.gateway.onPrompt(session, Map.of("custom_instructions", "Be brief.")),
            SessionEvent.class,
                () -> f.gateway.emit(session, "user.message", json("{\"content\":\"hi\"}")),
            SessionLifecycle.class, () -> f.gateway.idle(session));
    requests.forEach(
        (sent, request) -> {
          failSending(everything, sent);
          assertFailedInternal(request.get());
        });
    assertThat(inFlight).isNotDone();
  }

  @Test
  void interruptAndEndSessionWhoseTasksFailCompleteInternal() {
    String session = f.startSession("alpha");
    RecordingProviderConnection worker = f.bound("worker", session, tool("echo"));
    var call = f.call(session, "echo", "{}");
    worker.next(ToolCall.class);
    failSending(worker, ToolCancel.class);

    assertFailedInternal(f.gateway.interrupt(session));
    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.CANCELLED); // decided before the send

    failSending(worker, SessionLifecycle.class);
    assertFailedInternal(f.gateway.endSession(session, Duration.ofSeconds(5)));
  }

  // ---- a call in flight whose answer cannot be handled ----

  @Test
  void aCallWhoseResultCannotBeHandledEndsAtOnceAndItsProviderIsClosed(@TempDir Path home) {
    f.close();
    f =
        GatewayFixture.with(
            t ->
                t.withIoExecutor(
                    task -> {
                      throw brokenJar();
                    }),
            b -> b.home(home));
    String session = f.startSession("alpha");
    RecordingProviderConnection browser = f.authenticated();
    browser.send(Hello.builder("browser").session(session).tools(tool("screenshot")).build());
    Path persistDir = Path.of(browser.next(HelloAck.class).persistDir());
    var call = f.call(session, "screenshot", "{}");
    String id =
        browser.drain().stream()
            .filter(ToolCall.class::isInstance)
            .map(m -> ((ToolCall) m).id())
            .findFirst()
            .orElseThrow();

    browser.send(
        ToolResult.file(
            id, new FileRef(persistDir.resolve("shot.png").toString(), "image/png", null, null)));

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(browser.isClosed()).isTrue();
  }

  @Test
  void aCallWhoseAnswerIsLostEndsAtItsOwnTimeout(@TempDir Path home) {
    f.close();
    // The I/O task dies without a word (its failure lost on another thread): the call waits on.
    f = GatewayFixture.with(t -> t.withIoExecutor(task -> {}), b -> b.home(home));
    String session = f.startSession("alpha");
    RecordingProviderConnection browser = f.authenticated();
    browser.send(
        Hello.builder("browser")
            .session(session)
            .tools(tool("screenshot").withTimeout(Duration.ofSeconds(15)))
            .build());
    Path persistDir = Path.of(browser.next(HelloAck.class).persistDir());
    var call = f.call(session, "screenshot", "{}");
    String id =
        browser.drain().stream()
            .filter(ToolCall.class::isInstance)
            .map(m -> ((ToolCall) m).id())
            .findFirst()
            .orElseThrow();
    browser.send(
        ToolResult.file(
            id, new FileRef(persistDir.resolve("shot.png").toString(), "image/png", null, null)));

    f.clock.advance(Duration.ofSeconds(15).minusNanos(1000));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofNanos(1000));
    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);
  }

  // ---- stopping after a failure ----

  @Test
  void aShutdownClosesTheGatewayASecondAfterItsDeadlineWhenASessionCannotEnd() throws Exception {
    String session = f.startSession("alpha");
    RecordingProviderConnection worker = f.bound("worker", session, tool("echo"));
    var call = f.call(session, "echo", "{}");
    worker.next(ToolCall.class);
    // Tearing the session down cancels the call, and sending that cancel fails: the teardown
    // stops half-way and the session never reports itself ended.
    failSending(worker, ToolCancel.class);

    CompletableFuture<Void> stopped = f.gateway.shutdown(Duration.ofSeconds(5));
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.CANCELLED);
    f.clock.advance(Gateway.SHUTDOWN_SLACK.minusNanos(1000));
    assertThat(stopped).isNotDone();

    f.clock.advance(Duration.ofNanos(1000));

    stopped.get(5, TimeUnit.SECONDS); // the close runs on a thread of its own
    assertThat(worker.isClosed()).isTrue();
  }

  @Test
  void closingEndsEveryPendingFutureEvenWhenStoppingTheEngineFails() {
    String session = f.startSession("alpha");
    RecordingProviderConnection recorded = new RecordingProviderConnection("breaks on close");
    recorded.attach(f.gateway.transports().acceptWebSocket(new FailsToClose(recorded)));
    recorded.send(Auth.withToken(f.gateway.credentials().providerToken()));
    recorded.next(Sessions.class);
    recorded.send(Hello.builder("first").session(session).tools(tool("one")).build());
    RecordingProviderConnection second = f.bound("second", session, tool("two"));
    var first = f.call(session, "one", "{}");
    var other = f.call(session, "two", "{}");
    second.next(ToolCall.class);

    f.gateway.close(); // the engine's stop fails at the first connection, before the second

    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(failure(other).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
  }

  /** A transport whose close fails as a class that no longer loads would make it fail. */
  private record FailsToClose(RecordingProviderConnection recorded) implements ProviderConnection {
    @Override
    public boolean send(GatewayMessage message) {
      return recorded.send(message);
    }

    @Override
    public void close(CloseReason reason) {
      throw brokenJar();
    }

    @Override
    public String describe() {
      return recorded.describe();
    }
  }
}
