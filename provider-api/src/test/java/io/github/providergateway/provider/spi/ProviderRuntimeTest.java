package io.github.providergateway.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.ProviderTool;
import io.github.providergateway.provider.ToolCallContext;
import io.github.providergateway.provider.ToolException;
import io.github.providergateway.provider.ToolHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The provider runtime alone, on a fake connection: a direct loop and a manual clock, so each test
 * reads as the exchange of messages it checks.
 */
class ProviderRuntimeTest {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final ToolDefinition GREET = tool("greet");
  private static final ToolHandler HELLO =
      (args, call) ->
          CompletableFuture.completedFuture(
              TextNode.valueOf("Hello, " + args.path("name").asText()));

  private final ManualClock clock = new ManualClock();
  private final ProviderLoop loop = new ProviderLoop(Runnable::run);
  private final FakeProviderChannel channel = new FakeProviderChannel();
  private final List<ErrorMessage> errors = new ArrayList<>();
  private final List<SessionLifecycle> lifecycle = new ArrayList<>();
  private final List<List<SessionInfo>> sessionLists = new ArrayList<>();
  private int terminations;
  private ProviderRuntime runtime;

  @AfterEach
  void nothingUnexpectedWasSent() {
    channel.assertNoMoreMessages();
  }

  // ---- binding ----

  @Test
  void overWebSocketAuthGoesFirstAndHelloFollowsTheSessionList() {
    startWebSocket(provider().session("s-1"));

    open(channel);
    assertThat(channel.next(Auth.class).token()).isEqualTo("ptk-test");
    channel.assertNoMoreMessages();
    deliver(Sessions.of(List.of(session("s-1"))));

    Hello hello = channel.next(Hello.class);
    assertThat(hello.name()).isEqualTo("greeter");
    assertThat(hello.protocolVersion()).isEqualTo(Hello.PROTOCOL_VERSION);
    assertThat(hello.session()).isEqualTo(SessionSelector.of("s-1"));
    assertThat(hello.toolsOrEmpty()).containsExactly(GREET);
    assertThat(sessionLists).containsExactly(List.of(session("s-1")));
  }

  @Test
  void inProcessHelloGoesAtOnceAndLeavesTheSessionToTheGateway() {
    start(provider());

    open(channel);

    assertThat(channel.next(Hello.class).session()).isNull();
  }

  @Test
  void boundCompletesWithTheHelloAck() {
    ProviderSession session = start(provider());
    open(channel);
    channel.next(Hello.class);

    deliver(ack("s-1"));

    assertThat(session.bound().toCompletableFuture()).isCompletedWithValue(ack("s-1"));
  }

  @Test
  void theOnlyActiveSessionIsNamedAtOnceSoABindProducesNoRefusal() {
    startWebSocket(provider());
    open(channel);
    channel.next(Auth.class);

    deliver(Sessions.of(List.of(session("s-1"))));

    assertThat(channel.next(Hello.class).session()).isEqualTo(SessionSelector.of("s-1"));
  }

  /**
   * Issue 34: with several sessions and nothing to choose by, the runtime does not guess "the
   * first": the hello names none (a spawned or paired credential has a session of its own), and
   * after the gateway's refusal it waits until the list offers one it can choose.
   */
  @Test
  void withSeveralSessionsAndNothingToChooseByItNeverGuessesAndWaitsForAChoice() {
    startWebSocket(provider());
    open(channel);
    channel.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-1"), session("s-2"))));
    assertThat(channel.next(Hello.class).session()).isNull();

    deliver(
        ErrorMessage.of(ErrorCode.INVALID_SESSION, "hello must name a session")
            .withReplyTo("hello"));
    deliver(new SessionsUpdated(List.of(session("s-1"), session("s-2"), session("s-3"))));
    channel.assertNoMoreMessages(); // no guess among three
    deliver(new SessionsUpdated(List.of(session("s-2"))));

    assertThat(channel.next(Hello.class).session()).isEqualTo(SessionSelector.of("s-2"));
    assertThat(errors).as("an expected step, not the user's concern").isEmpty();
  }

  /**
   * Issue 49: a refused hello fails bound() at once with the gateway's code, and closed() with it;
   * the runtime does not wait for a session list that could not change the refusal.
   */
  @Test
  void aHelloNamingASessionThatDoesNotExistFailsBoundAndEndsTheProvider() {
    ProviderSession session = startWebSocket(provider().session("s-2"));
    open(channel);
    channel.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-1"))));
    channel.next(Hello.class);
    ErrorMessage refused =
        ErrorMessage.of(ErrorCode.INVALID_SESSION, "Session s-2 does not exist")
            .withReplyTo("hello")
            .withContext(null, "s-2");

    deliver(refused);

    assertRefusedWith(session, refused);
    assertThat(channel.isClosed()).isTrue();
    assertThat(drop(true).reconnect()).as("the same hello would be refused again").isFalse();
    assertThatThrownBy(() -> session.closed().toCompletableFuture().join())
        .hasCauseInstanceOf(GatewayErrorException.class);
    assertThat(terminations).isEqualTo(1);
    assertThat(errors).as("onError still hears it").containsExactly(refused);
  }

  @Test
  void aHomeSessionThatDoesNotExistFailsBoundInsteadOfWaitingForAChoice() {
    ProviderSession session = start(provider());
    open(channel);
    channel.next(Hello.class);
    // The gateway chose the in-process home session for the hello, and names it: it has ended.
    ErrorMessage refused =
        ErrorMessage.of(ErrorCode.INVALID_SESSION, "Session s-9 does not exist")
            .withReplyTo("hello")
            .withContext(null, "s-9");

    deliver(refused);
    deliver(new SessionsUpdated(List.of(session("s-1"))));

    assertRefusedWith(session, refused);
  }

  /**
   * In process no session list has come when the first hello is refused: the warning said "no
   * session is active", which was untrue whenever one was.
   */
  @Test
  void anInProcessProviderWithoutAHomeSessionWaitsAndDoesNotClaimThatNoSessionIsActive() {
    List<String> warnings = new ArrayList<>();
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger(Binder.class.getName());
    java.util.logging.Handler handler =
        new java.util.logging.Handler() {
          @Override
          public void publish(java.util.logging.LogRecord record) {
            warnings.add(record.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(handler);
    try {
      ProviderSession session = start(provider());
      open(channel);
      channel.next(Hello.class);

      deliver(
          ErrorMessage.of(ErrorCode.INVALID_SESSION, "hello must name a session")
              .withReplyTo("hello"));
      deliver(new SessionsUpdated(List.of(session("s-1"))));

      assertThat(channel.next(Hello.class).session()).isEqualTo(SessionSelector.of("s-1"));
      assertThat(session.bound().toCompletableFuture()).as("waiting is not refused").isNotDone();
      assertThat(warnings)
          .singleElement()
          .asString()
          .contains("names no session")
          .doesNotContain("no session is active");
    } finally {
      logger.removeHandler(handler);
    }
  }

  @Test
  void aDuplicateInstanceFailsBoundAndAPendingUpdateWithIt() {
    ProviderSession session = start(provider());
    open(channel);
    channel.next(Hello.class);
    CompletableFuture<Void> update = session.updateContext("ctx").toCompletableFuture();
    ErrorMessage refused =
        ErrorMessage.of(ErrorCode.DUPLICATE_INSTANCE, "provider 'greeter' is connected")
            .withReplyTo("hello");

    deliver(refused);
    drop(false);

    assertRefusedWith(session, refused);
    assertThatThrownBy(update::join).hasCauseInstanceOf(GatewayErrorException.class);
  }

  @Test
  void aToolConflictFailsBound() {
    ProviderSession session = start(provider().session("s-1"));
    open(channel);
    channel.next(Hello.class);
    ErrorMessage refused =
        ErrorMessage.of(ErrorCode.TOOL_CONFLICT, "Tool greet is taken").withReplyTo("hello");

    deliver(refused);

    assertRefusedWith(session, refused);
  }

  /**
   * {@code bound()} failed, already, with a {@link GatewayErrorException} carrying {@code error}.
   */
  private static void assertRefusedWith(ProviderSession session, ErrorMessage error) {
    CompletableFuture<HelloAck> bound = session.bound().toCompletableFuture();
    assertThat(bound).isCompletedExceptionally();
    assertThatThrownBy(bound::join)
        .cause()
        .isInstanceOfSatisfying(
            GatewayErrorException.class,
            e -> {
              assertThat(e.code()).isEqualTo(error.code());
              assertThat(e.error()).isEqualTo(error);
              assertThat(e).hasMessage(error.codeText() + ": " + error.message());
            });
  }

  @Test
  void aConnectionThatWasBoundIsNeverReboundByTheRuntime() {
    bind(provider());

    deliver(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));
    channel.next(ShutdownReady.class);
    deliver(new SessionsUpdated(List.of(session("s-2"))));

    channel.assertNoMoreMessages();
  }

  @Test
  void anAllBoundProviderIsReadyForEachSessionThatStartsLater() {
    start(provider().allSessions());
    open(channel);
    assertThat(channel.next(Hello.class).session()).isEqualTo(SessionSelector.All.INSTANCE);
    deliver(new HelloAck(2, "p-1", "all", "rtk-1", null));
    deliver(SessionLifecycle.started("s-1"));

    deliver(new SessionsUpdated(List.of(session("s-1"), session("s-2"))));
    deliver(new SessionsUpdated(List.of(session("s-1"), session("s-2"))));

    assertThat(channel.next(SessionReady.class).sessionId()).isEqualTo("s-2");
  }

  // ---- tool calls ----

  @Test
  void aToolCallIsAnsweredWithTheHandlersValue() {
    bind(provider());

    deliver(call("c-1", "greet", "{\"name\":\"Alice\"}"));

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(ToolResult.success("c-1", TextNode.valueOf("Hello, Alice")));
  }

  @Test
  void aNullValueIsAnsweredAsJsonNull() {
    bind(provider().tool(tool("nothing"), (args, call) -> CompletableFuture.completedFuture(null)));

    deliver(call("c-1", "nothing", "{}"));

    assertThat(channel.next(ToolResult.class).data()).isEqualTo(NullNode.getInstance());
  }

  @Test
  void aCallForAToolTheProviderDoesNotHaveIsAnsweredNotFound() {
    bind(provider());

    deliver(call("c-1", "fly", "{}"));

    assertThat(channel.next(ToolResult.class).errorCode()).isEqualTo(ToolErrorCode.NOT_FOUND);
  }

  @Test
  void aThrowingHandlerIsAnsweredInternalWithItsMessage() {
    bind(
        provider()
            .tool(
                tool("boom"),
                (args, call) -> {
                  throw new java.io.IOException("disk on fire");
                }));

    deliver(call("c-1", "boom", "{}"));

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(ToolResult.failure("c-1", "disk on fire", ToolErrorCode.INTERNAL));
  }

  @Test
  void aHandlerThatOverflowsItsStackFailsItsCallAndTheProviderGoesOn() {
    bind(
        provider()
            .tool(
                tool("recurse"),
                (args, call) -> {
                  throw new StackOverflowError();
                })
            .tool(tool("echo"), (args, call) -> CompletableFuture.completedFuture(args)));

    deliver(call("c-1", "recurse", "{}"));
    deliver(call("c-2", "echo", "{\"a\":1}"));

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(
            ToolResult.failure("c-1", "java.lang.StackOverflowError", ToolErrorCode.INTERNAL));
    assertThat(channel.next(ToolResult.class).id()).isEqualTo("c-2");
  }

  @Test
  void aCallbackThatThrowsAnErrorIsLoggedAndTheSessionStillEnds() {
    bind(
        provider()
            .onLifecycle(
                event -> {
                  throw new NoClassDefFoundError("missing/Dependency");
                })
            .onShutdown(
                event -> {
                  throw new Error("user bug");
                }));

    deliver(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));

    assertThat(channel.next(ShutdownReady.class).sessionId()).isEqualTo("s-1");
  }

  @Test
  void aCallbackThatThrowsACheckedExceptionSneakilyStillLetsTheSessionEnd() {
    bind(
        provider()
            .onLifecycle(
                event -> {
                  throw ProviderRuntimeTest.<RuntimeException>sneaky(
                      new java.io.IOException("disk"));
                }));

    deliver(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));

    assertThat(channel.next(ShutdownReady.class).sessionId()).isEqualTo("s-1");
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable thrown) throws T {
    throw (T) thrown;
  }

  @Test
  void aFailedStageWithoutAMessageIsAnsweredInternalWithItsType() {
    bind(
        provider()
            .tool(
                tool("boom"),
                (args, call) -> CompletableFuture.failedFuture(new NullPointerException())));

    deliver(call("c-1", "boom", "{}"));

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(
            ToolResult.failure("c-1", "java.lang.NullPointerException", ToolErrorCode.INTERNAL));
  }

  @Test
  void aToolExceptionKeepsItsCodeAndRetryability() {
    bind(
        provider()
            .tool(
                tool("tab"),
                (args, call) -> {
                  throw new ToolException(ToolErrorCode.NOT_FOUND, "Element not found", true);
                }));

    deliver(call("c-1", "tab", "{}"));

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(
            ToolResult.failure("c-1", "Element not found", ToolErrorCode.NOT_FOUND)
                .withRetryable(true));
  }

  @Test
  void aHandlerReturningNoStageIsAnsweredInternal() {
    bind(provider().tool(tool("lazy"), (args, call) -> null));

    deliver(call("c-1", "lazy", "{}"));

    assertThat(channel.next(ToolResult.class).errorCode()).isEqualTo(ToolErrorCode.INTERNAL);
  }

  @Test
  void aCancelIsAnsweredCancelledOnceAndTheLateResultIsDropped() {
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    AtomicReference<ToolCallContext> context = new AtomicReference<>();
    List<String> cancelActions = new ArrayList<>();
    bind(
        provider()
            .tool(
                tool("slow"),
                (args, call) -> {
                  context.set(call);
                  call.onCancel(() -> cancelActions.add("stop"));
                  return answer;
                }));
    deliver(call("c-1", "slow", "{}"));
    assertThat(context.get().isCancelled()).isFalse();

    deliver(new ToolCancel("c-1", "s-1", CancelReason.TIMEOUT));
    deliver(new ToolCancel("c-1", "s-1", CancelReason.TIMEOUT));
    answer.complete(TextNode.valueOf("too late"));

    assertThat(channel.next(ToolResult.class)).isEqualTo(ToolResult.cancelled("c-1"));
    assertThat(context.get().isCancelled()).isTrue();
    assertThat(cancelActions).containsExactly("stop");
  }

  @Test
  void aBlockingHandlerRunsOnItsOwnExecutorAndWhatItReturnsIsTheResult() {
    List<Runnable> work = new ArrayList<>();
    bind(
        provider()
            .tool(
                tool("wait"),
                ToolHandler.blocking(
                    work::add, (args, call) -> TextNode.valueOf("waited for " + call.id()))));

    deliver(call("c-1", "wait", "{}"));
    channel.assertNoMoreMessages(); // handed over: the provider's executor is free at once
    work.remove(0).run();

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(ToolResult.success("c-1", TextNode.valueOf("waited for c-1")));
  }

  @Test
  void aBlockingHandlerThatThrowsFailsItsCallWithTheCodeOrInternal() {
    List<Runnable> work = new ArrayList<>();
    bind(
        provider()
            .tool(
                tool("busy"),
                ToolHandler.blocking(
                    work::add,
                    (args, call) -> {
                      throw new ToolException(ToolErrorCode.RATE_LIMITED, "try later");
                    }))
            .tool(
                tool("broken"),
                ToolHandler.blocking(
                    work::add,
                    (args, call) -> {
                      throw new StackOverflowError("too deep");
                    })));

    deliver(call("c-1", "busy", "{}"));
    deliver(call("c-2", "broken", "{}"));
    work.forEach(Runnable::run);

    assertThat(channel.next(ToolResult.class).errorCode()).isEqualTo(ToolErrorCode.RATE_LIMITED);
    assertThat(channel.next(ToolResult.class))
        .isEqualTo(ToolResult.failure("c-2", "too deep", ToolErrorCode.INTERNAL));
  }

  @Test
  void aBlockingHandlerSeesTheCancelWhileItWaitsAndWhatItReturnsLaterIsDropped() {
    List<Runnable> work = new ArrayList<>();
    List<Boolean> cancelledWhenRun = new ArrayList<>();
    bind(
        provider()
            .tool(
                tool("slow"),
                ToolHandler.blocking(
                    work::add,
                    (args, call) -> {
                      cancelledWhenRun.add(call.isCancelled());
                      return TextNode.valueOf("too late");
                    })));
    deliver(call("c-1", "slow", "{}"));

    deliver(new ToolCancel("c-1", "s-1", CancelReason.TIMEOUT));
    assertThat(channel.next(ToolResult.class)).isEqualTo(ToolResult.cancelled("c-1"));
    work.remove(0).run();

    assertThat(cancelledWhenRun).containsExactly(true);
  }

  @Test
  void anExecutorThatRefusesABlockingHandlerFailsTheCallInternal() {
    bind(
        provider()
            .tool(
                tool("nowhere"),
                ToolHandler.blocking(
                    task -> {
                      throw new java.util.concurrent.RejectedExecutionException("pool is shut");
                    },
                    (args, call) -> TextNode.valueOf("never"))));

    deliver(call("c-1", "nowhere", "{}"));

    assertThat(channel.next(ToolResult.class))
        .isEqualTo(ToolResult.failure("c-1", "pool is shut", ToolErrorCode.INTERNAL));
  }

  @Test
  void aCancelArrivingAfterTheResultChangesNothing() {
    bind(provider());
    deliver(call("c-1", "greet", "{}"));
    channel.next(ToolResult.class);

    deliver(new ToolCancel("c-1", "s-1", CancelReason.TIMEOUT));

    channel.assertNoMoreMessages();
  }

  @Test
  void onCancelRegisteredAfterTheCancelRunsAtOnce() {
    AtomicReference<ToolCallContext> context = new AtomicReference<>();
    bind(
        provider()
            .tool(
                tool("slow"),
                (args, call) -> {
                  context.set(call);
                  return new CompletableFuture<>();
                }));
    deliver(call("c-1", "slow", "{}"));
    deliver(new ToolCancel("c-1", "s-1", CancelReason.INTERRUPTED));
    channel.next(ToolResult.class);
    List<String> ran = new ArrayList<>();

    context.get().onCancel(() -> ran.add("late"));

    assertThat(ran).containsExactly("late");
  }

  @Test
  void progressGoesOutWhileTheCallRunsAndIsDroppedAfter() {
    AtomicReference<ToolCallContext> context = new AtomicReference<>();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    bind(
        provider()
            .tool(
                tool("slow"),
                (args, call) -> {
                  context.set(call);
                  return answer;
                }));
    deliver(call("c-1", "slow", "{}"));

    context.get().progress("halfway");
    answer.complete(TextNode.valueOf("done"));
    context.get().progress("after the end");

    assertThat(channel.next(ToolProgress.class)).isEqualTo(new ToolProgress("c-1", "halfway"));
    assertThat(channel.next(ToolResult.class).data()).isEqualTo(TextNode.valueOf("done"));
  }

  @Test
  void aDroppedConnectionCancelsRunningCallsAndTheirResultsGoNowhere() {
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    AtomicReference<ToolCallContext> context = new AtomicReference<>();
    bind(
        provider()
            .tool(
                tool("slow"),
                (args, call) -> {
                  context.set(call);
                  return answer;
                }));
    deliver(call("c-1", "slow", "{}"));

    ProviderRuntime.AfterClose end = drop(true);
    FakeProviderChannel next = new FakeProviderChannel();
    open(next);
    next.next(Hello.class);
    answer.complete(TextNode.valueOf("for a connection that is gone"));

    assertThat(end).isEqualTo(new ProviderRuntime.AfterClose(true, true));
    assertThat(context.get().isCancelled()).isTrue();
    next.assertNoMoreMessages();
  }

  // ---- lifecycle, errors, unknown types ----

  @Test
  void shutdownPendingWaitsForTheCleanupThenSendsShutdownReady() {
    CompletableFuture<Void> cleanup = new CompletableFuture<>();
    bind(provider().onShutdown(event -> cleanup));

    deliver(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));
    channel.assertNoMoreMessages();
    cleanup.complete(null);

    assertThat(channel.next(ShutdownReady.class)).isEqualTo(new ShutdownReady("s-1"));
    assertThat(lifecycle)
        .containsExactly(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));
  }

  @Test
  void aThrowingShutdownCallbackStillLetsTheSessionEnd() {
    bind(
        provider()
            .onLifecycle(
                event -> {
                  throw new IllegalStateException("user bug");
                })
            .onShutdown(
                event -> {
                  throw new IllegalStateException("user bug");
                }));

    deliver(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));

    assertThat(channel.next(ShutdownReady.class).sessionId()).isEqualTo("s-1");
  }

  @Test
  void gatewayErrorsGoToOnError() {
    bind(provider());
    ErrorMessage error = ErrorMessage.of(ErrorCode.RATE_LIMITED, "slow down").withReplyTo("push");

    deliver(error);

    assertThat(errors).containsExactly(error);
    assertThat(channel.isClosed()).isFalse();
  }

  @Test
  void aFatalErrorClosesTheConnectionAndEndsTheSessionForGood() {
    ProviderSession session = startWebSocket(provider());
    open(channel);
    channel.next(Auth.class);
    ErrorMessage refused =
        ErrorMessage.of(ErrorCode.AUTH_FAILED, "Invalid token").withReplyTo("auth");

    deliver(refused);
    ProviderRuntime.AfterClose end = drop(true);

    assertThat(channel.isClosed()).isTrue();
    assertThat(end.reconnect()).isFalse();
    assertThat(terminations).isEqualTo(1);
    assertThatThrownBy(() -> session.closed().toCompletableFuture().join())
        .hasCauseInstanceOf(GatewayErrorException.class);
    assertThatThrownBy(() -> session.bound().toCompletableFuture().join())
        .hasCauseInstanceOf(GatewayErrorException.class);
    assertThat(errors).containsExactly(refused);
  }

  @Test
  void unknownGatewayMessagesAreDroppedWithoutAnAnswer() {
    bind(provider());

    deliver(CODEC.decodeGatewayMessage("{\"type\":\"from.the.future\",\"x\":1}").messageOrNull());
    deliver(
        CODEC
            .decodeGatewayMessage(
                "{\"type\":\"tool.call\",\"id\":\"c-1\",\"sessionId\":\"s-1\",\"tool\":\"greet\",\"args\":{\"name\":\"Ann\"},\"priority\":\"new"
                    + " field\"}")
            .messageOrNull());

    assertThat(channel.next(ToolResult.class).id()).isEqualTo("c-1");
    assertThat(errors).isEmpty();
  }

  // ---- tool updates ----

  @Test
  void updateToolsCompletesWhenTheGatewayAcks() {
    ProviderSession session = bind(provider());
    ProviderTool wave = new ProviderTool(tool("wave"), HELLO);

    CompletableFuture<Void> applied = session.updateTools(List.of(wave)).toCompletableFuture();
    ToolsUpdate update = channel.next(ToolsUpdate.class);
    assertThat(update)
        .isEqualTo(ToolsUpdate.replaceAll(List.of(tool("wave"))).withRequestId("req-1"));
    assertThat(applied).isNotDone();
    deliver(new Ack("req-1", "s-1", 2));

    assertThat(applied).isCompleted();
  }

  @Test
  void aNewToolServesCallsBeforeItsAckAndARemovedOneUntilThen() {
    ProviderSession session = bind(provider());
    session.updateTools(List.of(new ProviderTool(tool("wave"), HELLO)));
    channel.next(ToolsUpdate.class);

    deliver(call("c-1", "wave", "{}"));
    deliver(call("c-2", "greet", "{}"));
    deliver(new Ack("req-1", "s-1", 2));
    deliver(call("c-3", "greet", "{}"));

    assertThat(channel.next(ToolResult.class).isFailure()).isFalse();
    assertThat(channel.next(ToolResult.class).isFailure()).isFalse();
    assertThat(channel.next(ToolResult.class).errorCode()).isEqualTo(ToolErrorCode.NOT_FOUND);
  }

  @Test
  void updatesGoOneAtATime() {
    ProviderSession session = bind(provider());
    CompletableFuture<Void> first =
        session.updateTools(List.of(new ProviderTool(tool("a"), HELLO))).toCompletableFuture();
    CompletableFuture<Void> second =
        session.updateTools(List.of(new ProviderTool(tool("b"), HELLO))).toCompletableFuture();
    assertThat(channel.next(ToolsUpdate.class).requestId()).isEqualTo("req-1");
    channel.assertNoMoreMessages();

    deliver(new Ack("req-1", "s-1", 2));

    assertThat(first).isCompleted();
    assertThat(channel.next(ToolsUpdate.class).requestId()).isEqualTo("req-2");
    assertThat(second).isNotDone();
  }

  @Test
  void aRefusedUpdateFailsAndThePreviousToolsStay() {
    ProviderSession session = bind(provider());
    CompletableFuture<Void> applied =
        session.updateTools(List.of(new ProviderTool(tool("wave"), HELLO))).toCompletableFuture();
    channel.next(ToolsUpdate.class);

    deliver(
        ErrorMessage.of(ErrorCode.TOOL_CONFLICT, "wave is taken")
            .withReplyTo("tools.update")
            .withRequestId("req-1"));
    deliver(call("c-1", "wave", "{}"));
    deliver(call("c-2", "greet", "{}"));

    assertThat(applied).isCompletedExceptionally();
    assertThatThrownBy(applied::join).hasCauseInstanceOf(GatewayErrorException.class);
    assertThat(channel.next(ToolResult.class).errorCode()).isEqualTo(ToolErrorCode.NOT_FOUND);
    assertThat(channel.next(ToolResult.class).isFailure()).isFalse();
  }

  @Test
  void anUpdateAskedForBetweenConnectionsRidesOnTheNextHello() {
    ProviderSession session = bind(provider());
    drop(true);

    CompletableFuture<Void> applied =
        session.updateTools(List.of(new ProviderTool(tool("wave"), HELLO))).toCompletableFuture();
    FakeProviderChannel next = new FakeProviderChannel();
    open(next);
    assertThat(next.next(Hello.class).toolsOrEmpty()).containsExactly(tool("wave"));
    assertThat(applied).isNotDone();
    deliver(ack("s-1"));

    assertThat(applied).isCompleted();
    next.assertNoMoreMessages();
  }

  // ---- reconnecting ----

  @Test
  void theReconnectTokenIsOfferedUntilThirtySecondsAfterTheDrop() {
    startWebSocket(provider());
    open(channel);
    channel.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-1"))));
    channel.next(Hello.class);
    deliver(new HelloAck(2, "p-1", "s-1", "rtk-1", null));
    drop(true);

    clock.advance(Duration.ofSeconds(30).minusMillis(1));
    FakeProviderChannel early = new FakeProviderChannel();
    open(early);
    early.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-1"))));
    Hello withToken = early.next(Hello.class);
    drop(true);

    clock.advance(Duration.ofMillis(1));
    FakeProviderChannel late = new FakeProviderChannel();
    open(late);
    late.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-1"))));
    Hello withoutToken = late.next(Hello.class);

    assertThat(withToken.reconnectToken()).isEqualTo("rtk-1");
    assertThat(withToken.session())
        .as("the binding the token restores")
        .isEqualTo(SessionSelector.of("s-1"));
    assertThat(withoutToken.reconnectToken()).isNull();
    assertThat(withoutToken.session())
        .as("the only active session, chosen again")
        .isEqualTo(SessionSelector.of("s-1"));
  }

  @Test
  void aReconnectWhoseSessionHasEndedBindsAsAFreshConnectionWould() {
    // Bound in s-1; s-1 ends; the gateway closes the connection for staying unbound beside s-2.
    startWebSocket(provider());
    open(channel);
    channel.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-1"))));
    channel.next(Hello.class);
    deliver(new HelloAck(2, "p-1", "s-1", "rtk-1", null));
    deliver(new SessionsUpdated(List.of(session("s-2"))));
    drop(true);

    FakeProviderChannel next = new FakeProviderChannel();
    open(next);
    next.next(Auth.class);
    deliver(Sessions.of(List.of(session("s-2"))));
    assertThat(next.next(Hello.class).reconnectToken()).isEqualTo("rtk-1");
    deliver(
        ErrorMessage.of(ErrorCode.INVALID_SESSION, "Session s-1 does not exist")
            .withReplyTo("hello"));

    Hello fresh = next.next(Hello.class);
    assertThat(fresh.reconnectToken()).as("the token restores nothing now").isNull();
    assertThat(fresh.session()).isNull();
    deliver(
        ErrorMessage.of(ErrorCode.INVALID_SESSION, "hello must name a session")
            .withReplyTo("hello"));
    assertThat(next.next(Hello.class).session()).isEqualTo(SessionSelector.of("s-2"));
    assertThat(errors).as("expected steps, not the user's concern").isEmpty();
  }

  // ---- pushing and leaving ----

  @Test
  void aPushGoesStraightOutWhileConnectedAndIsRefusedBetweenConnections() {
    ProviderSession session = bind(provider());

    assertThat(session.push(PushLevel.INJECT, "CI failed")).isTrue();
    drop(true);
    assertThat(session.push(PushLevel.INJECT, "CI failed again")).isFalse();

    assertThat(channel.next(Push.class)).isEqualTo(Push.event(PushLevel.INJECT, "CI failed"));
  }

  @Test
  void goodbyeSaysGoodbyeClosesAndEndsOnceTheConnectionCloses() {
    ProviderSession session = bind(provider());

    CompletableFuture<Void> closed = session.goodbye("done").toCompletableFuture();
    assertThat(channel.next(Goodbye.class)).isEqualTo(new Goodbye("done"));
    assertThat(channel.isClosed()).isTrue();
    assertThat(closed).isNotDone();
    ProviderRuntime.AfterClose end = drop(true);

    assertThat(end.reconnect()).isFalse();
    assertThat(closed).isCompleted();
    assertThat(terminations).isEqualTo(1);
    assertThat(runtime.isTerminated()).isTrue();
  }

  @Test
  void closingBetweenConnectionsEndsAtOnce() {
    ProviderSession session = bind(provider());
    drop(true);

    session.close();

    assertThat(session.closed().toCompletableFuture()).isCompleted();
    assertThat(terminations).isEqualTo(1);
    CompletionStage<Void> late = session.updateTools(List.of());
    assertThat(late.toCompletableFuture()).isCompletedExceptionally();
  }

  // ---- helpers ----

  /** The provider under test; its callbacks record into this test unless a test replaces them. */
  private JavaProvider.Builder provider() {
    return JavaProvider.builder("greeter")
        .tool(GREET, HELLO)
        .onError(errors::add)
        .onLifecycle(lifecycle::add)
        .onSessions(sessionLists::add);
  }

  /** An in-process runtime: no auth, hello at once. */
  private ProviderSession start(JavaProvider.Builder builder) {
    runtime = new ProviderRuntime(builder.build(), loop, clock, () -> terminations++);
    return runtime.session();
  }

  /** A WebSocket runtime: auth with a token first, hello after sessions. */
  private ProviderSession startWebSocket(JavaProvider.Builder builder) {
    runtime =
        new ProviderRuntime(
            builder.build(), loop, clock, ProviderAuth.token("ptk-test"), () -> terminations++);
    return runtime.session();
  }

  /** A provider bound in-process to {@code s-1}; its hello already taken. */
  private ProviderSession bind(JavaProvider.Builder builder) {
    ProviderSession session = start(builder);
    open(channel);
    channel.next(Hello.class);
    deliver(ack("s-1"));
    return session;
  }

  private void open(FakeProviderChannel connection) {
    loop.execute(() -> runtime.opened(connection));
  }

  private void deliver(GatewayMessage message) {
    loop.execute(() -> runtime.received(message));
  }

  private ProviderRuntime.AfterClose drop(boolean mayReconnect) {
    AtomicReference<ProviderRuntime.AfterClose> end = new AtomicReference<>();
    loop.execute(() -> end.set(runtime.closed(mayReconnect)));
    return end.get();
  }

  private static HelloAck ack(String sessionId) {
    return new HelloAck(2, "p-1", sessionId, null, null);
  }

  private static SessionInfo session(String id) {
    return new SessionInfo(id, "label " + id, null, null);
  }

  private static ToolCall call(String id, String tool, String args) {
    return new ToolCall(id, "s-1", tool, CODEC.parseJson(args));
  }

  private static ToolDefinition tool(String name) {
    return ToolDefinition.of(name, "Tool " + name, CODEC.parseJson("{\"type\":\"object\"}"));
  }
}
