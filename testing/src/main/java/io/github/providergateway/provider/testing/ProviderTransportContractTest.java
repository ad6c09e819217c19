package io.github.providergateway.provider.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.ProviderTool;
import io.github.providergateway.provider.ToolCallContext;
import io.github.providergateway.provider.ToolException;
import io.github.providergateway.provider.ToolHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every transport must do for the Java provider API, run once per transport (STYLE: one
 * abstract contract test against both transports): bind, answer, keep order both ways, carry large
 * payloads, close, ignore unknown types, and end calls cleanly however a provider goes away. The
 * provider code in these tests is the same for both transports.
 *
 * <p>A subclass supplies the transport: a gateway (on a manual clock, so no timeout fires unless a
 * test says so), a way to connect a provider, a tap on what providers send, and two ways to disturb
 * a connection. Waits are on futures and recorded messages with a timeout; with an in-process
 * transport on a direct executor they return at once.
 */
public abstract class ProviderTransportContractTest {

  /** How long a test waits for a future or a recorded message. */
  protected static final Duration WAIT = Duration.ofSeconds(10);

  /** The codec the helpers parse JSON with. */
  protected static final ProtocolCodec CODEC = ProtocolCodec.create();

  private static final ToolDefinition GREET =
      ToolDefinition.of("greet", "Say hello", json("{\"type\":\"object\"}"));
  private static final ToolHandler HELLO =
      (args, call) ->
          CompletableFuture.completedFuture(
              TextNode.valueOf("Hello, " + args.path("name").asText() + "!"));

  /** The host of the test's session. */
  protected final RecordingSessionHost host = new RecordingSessionHost();

  /** The test's session, started before each test. */
  protected String sessionId;

  private final List<ProviderSession> sessions = new ArrayList<>();

  // ---- what a transport supplies ----

  /** A contract test; the subclass supplies the transport. */
  protected ProviderTransportContractTest() {}

  /**
   * Starts the gateway (and whatever the transport needs) before each test.
   *
   * @throws Exception when it cannot start; the test fails
   */
  protected abstract void startTransport() throws Exception;

  /**
   * Stops everything {@link #startTransport()} started.
   *
   * @throws Exception when it cannot stop; the test fails
   */
  protected abstract void stopTransport() throws Exception;

  /**
   * The gateway under test.
   *
   * @return the gateway {@link #startTransport()} started
   */
  protected abstract Gateway gateway();

  /**
   * Connects a provider to {@link #gateway()} over the transport under test.
   *
   * @param provider the provider
   * @return the running provider; it may still be connecting
   */
  protected abstract ProviderSession connect(JavaProvider provider);

  /**
   * Everything providers sent the gateway over this transport, as the gateway received it.
   *
   * @return the tap
   */
  protected abstract MessageTap fromProviders();

  /**
   * Delivers JSON to the last connected provider as if the gateway had sent it.
   *
   * @param json the message
   * @throws Exception when it cannot be delivered
   */
  protected abstract void sendToProvider(String json) throws Exception;

  /**
   * The last connected provider's connection drops under it, as if its process had died.
   *
   * @throws Exception when it cannot be dropped
   */
  protected abstract void dropConnection() throws Exception;

  /**
   * Moves the gateway's manual clock forward, firing the timers that fall due.
   *
   * @param duration how far
   */
  protected abstract void advance(Duration duration);

  // ---- set-up ----

  @BeforeEach
  final void startGatewayAndSession() throws Exception {
    startTransport();
    sessionId = await(gateway().startSession(SessionSpec.of("demo", "/code/demo"), host)).id();
  }

  @AfterEach
  final void stopEverything() throws Exception {
    try {
      for (ProviderSession session : sessions) {
        session.close();
      }
    } finally {
      stopTransport();
    }
  }

  // ---- the contract ----

  @Test
  void helloBindsTheProviderAndItsToolsReachTheSession() throws Exception {
    ProviderSession session = start(greeter().tool(GREET, HELLO));

    HelloAck ack = await(session.bound());

    assertThat(ack.sessionId()).isEqualTo(sessionId);
    Hello hello = fromProviders().await(Hello.class, h -> true, WAIT);
    assertThat(hello.name()).isEqualTo("greeter");
    assertThat(hello.toolsOrEmpty()).containsExactly(GREET);
    assertThat(await(gateway().tools(sessionId)))
        .extracting(HostTool::name)
        .containsExactly("greet");
  }

  @Test
  void aToolCallIsAnswered() throws Exception {
    await(start(greeter().tool(GREET, HELLO)).bound());

    CallResult result = await(call("greet", "{\"name\":\"Alice\"}"));

    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Alice!")));
  }

  @Test
  void aThousandCallsReachTheProviderInTheOrderTheGatewaySentThem() throws Exception {
    List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) -> {
                          seen.add(args.get("n").asInt());
                          return CompletableFuture.completedFuture(args.get("n"));
                        }))
            .bound());

    List<CompletableFuture<CallResult>> results = new ArrayList<>();
    for (int n = 0; n < 1000; n++) {
      results.add(call("greet", "{\"n\":" + n + "}"));
    }
    for (CompletableFuture<CallResult> result : results) {
      assertThat(await(result).outcome()).isInstanceOf(ToolOutcome.Success.class);
    }

    assertThat(seen).containsExactlyElementsOf(IntStream.range(0, 1000).boxed().toList());
  }

  @Test
  void aThousandMessagesReachTheGatewayInTheOrderTheProviderSentThem() throws Exception {
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) -> {
                          for (int n = 0; n < 1000; n++) {
                            call.progress("step " + n);
                          }
                          return CompletableFuture.completedFuture(TextNode.valueOf("done"));
                        }))
            .bound());

    await(call("greet", "{}"));

    // tool.progress lines reach the session's timeline as the gateway handles them, before the
    // result that follows them on the same connection.
    List<String> steps = new ArrayList<>();
    for (RecordingSessionHost.Line line : host.logs) {
      if (line.text().startsWith("step ")) {
        steps.add(line.text());
      }
    }
    assertThat(steps)
        .containsExactlyElementsOf(IntStream.range(0, 1000).mapToObj(n -> "step " + n).toList());
  }

  @Test
  void aMebibyteCrossesBothWays() throws Exception {
    String blob = megabyteOfText();
    List<Integer> lengthSeen = Collections.synchronizedList(new ArrayList<>());
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) -> {
                          String received = args.get("blob").asText();
                          lengthSeen.add(received.length());
                          return CompletableFuture.completedFuture(
                              TextNode.valueOf(new StringBuilder(received).reverse().toString()));
                        }))
            .bound());

    CallResult result =
        await(
            gateway()
                .callTool(
                    sessionId, "greet", CODEC.parseJson("{\"blob\":\"" + blob + "\"}"), null));

    assertThat(lengthSeen).containsExactly(blob.length());
    assertThat(((ToolOutcome.Success) result.outcome()).data().asText())
        .isEqualTo(new StringBuilder(blob).reverse().toString());
  }

  @Test
  void goodbyeClosesTheSessionAndTakesItsToolsAway() throws Exception {
    ProviderSession session = start(greeter().tool(GREET, HELLO));
    await(session.bound());

    await(session.goodbye("done"));

    assertThat(fromProviders().await(Goodbye.class, g -> true, WAIT).reason()).isEqualTo("done");
    assertThat(await(gateway().tools(sessionId))).isEmpty();
    assertThat(session.push(PushLevel.KEEP, "too late")).isFalse();
  }

  @Test
  void anUnknownGatewayMessageIsDroppedAndTheProviderStaysConnected() throws Exception {
    await(start(greeter().tool(GREET, HELLO)).bound());
    // Bound means hello.ack arrived; the tap may record the hello a moment after the gateway
    // handled it.
    fromProviders().await(Hello.class, h -> true, WAIT);
    int before = fromProviders().size();

    sendToProvider("{\"type\":\"from.the.future\",\"id\":\"x-1\",\"payload\":{\"a\":[1,2]}}");
    CallResult result = await(call("greet", "{\"name\":\"Bob\"}"));
    // The host may have its outcome before the tap has recorded the result that carried it.
    fromProviders().await(ToolResult.class, r -> true, WAIT);

    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Bob!")));
    List<ProviderMessage> answered = fromProviders().since(before);
    assertThat(answered).hasSize(1).first().isInstanceOf(ToolResult.class);
  }

  @Test
  void aProviderVanishingMidCallLeavesTheHostWithDisconnected() throws Exception {
    CompletableFuture<ToolCallContext> started = new CompletableFuture<>();
    CompletableFuture<Void> toldToStop = new CompletableFuture<>();
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) -> {
                          call.onCancel(() -> toldToStop.complete(null));
                          started.complete(call);
                          return new CompletableFuture<JsonNode>(); // never answers
                        }))
            .bound());
    CompletableFuture<CallResult> result = call("greet", "{}");
    await(started);

    dropConnection();

    ToolOutcome outcome = await(result).outcome();
    assertThat(outcome).isInstanceOf(ToolOutcome.Failure.class);
    assertThat(((ToolOutcome.Failure) outcome).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    await(toldToStop);
    assertThat(started.join().isCancelled()).isTrue();
  }

  @Test
  void aCancelledCallGetsExactlyOneCancelledResult() throws Exception {
    CompletableFuture<ToolCallContext> started = new CompletableFuture<>();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) -> {
                          if (args.has("slow")) {
                            started.complete(call);
                            return answer;
                          }
                          return CompletableFuture.completedFuture(TextNode.valueOf("quick"));
                        }))
            .bound());
    CompletableFuture<CallResult> result = call("greet", "{\"slow\":true}");
    String id = await(started).id();

    await(gateway().interrupt(sessionId));
    ToolResult cancelled = fromProviders().await(ToolResult.class, r -> r.id().equals(id), WAIT);
    answer.complete(TextNode.valueOf("too late")); // the handler finishes anyway
    await(call("greet", "{}")); // a later round trip on the same connection

    assertThat(((ToolOutcome.Failure) await(result).outcome()).code())
        .isEqualTo(ToolErrorCode.CANCELLED);
    assertThat(cancelled.errorCode()).isEqualTo(ToolErrorCode.CANCELLED);
    assertThat(fromProviders().resultsFor(id)).containsExactly(cancelled);
    assertThat(started.join().isCancelled()).isTrue();
  }

  @Test
  void aThrowingHandlerFailsTheCallWithInternal() throws Exception {
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) -> {
                          throw new IllegalStateException("boom");
                        }))
            .bound());

    ToolOutcome outcome = await(call("greet", "{}")).outcome();

    assertThat(outcome)
        .isEqualTo(new ToolOutcome.Failure("boom", ToolErrorCode.INTERNAL, "INTERNAL"));
  }

  @Test
  void aHandlerFailingWithAToolExceptionKeepsItsCode() throws Exception {
    await(
        start(
                greeter()
                    .tool(
                        GREET,
                        (args, call) ->
                            CompletableFuture.failedFuture(
                                new ToolException(ToolErrorCode.NOT_FOUND, "no such page"))))
            .bound());

    ToolOutcome outcome = await(call("greet", "{}")).outcome();

    assertThat(outcome)
        .isEqualTo(new ToolOutcome.Failure("no such page", ToolErrorCode.NOT_FOUND, "NOT_FOUND"));
  }

  // ---- refusals: no future waits forever (issue 49) ----

  @Test
  void aHelloNamingASessionThatDoesNotExistFailsBoundAndClosedWithInvalidSession()
      throws Exception {
    ProviderSession session = start(quiet("greeter").session("no-such-session").tool(GREET, HELLO));

    GatewayErrorException refused = refusal(session.bound());

    assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(refused.getMessage()).startsWith("INVALID_SESSION: ").contains("no-such-session");
    assertThat(refusal(session.closed()).error()).isEqualTo(refused.error());
    assertThat(fromProviders().all())
        .as("the provider does not come back to be refused again")
        .filteredOn(Hello.class::isInstance)
        .hasSize(1);
  }

  @Test
  void aSecondProviderOfTheSameNameFailsBoundWithDuplicateInstance() throws Exception {
    ProviderSession first = start(greeter().tool(GREET, HELLO));
    await(first.bound());

    ProviderSession second = start(quiet("greeter").session(sessionId));

    GatewayErrorException refused = refusal(second.bound());
    assertThat(refused.code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(refused.getMessage()).startsWith("DUPLICATE_INSTANCE: ").contains("greeter");
    assertThat(refusal(second.closed()).code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(first.closed().toCompletableFuture()).as("the holder is untouched").isNotDone();
    assertThat(await(call("greet", "{\"name\":\"Ann\"}")).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Ann!")));
  }

  @Test
  void aToolNameTakenInTheSessionFailsBoundWithToolConflict() throws Exception {
    await(start(greeter().tool(GREET, HELLO)).bound());

    ProviderSession rival = start(quiet("rival").session(sessionId).tool(GREET, HELLO));

    GatewayErrorException refused = refusal(rival.bound());
    assertThat(refused.code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    assertThat(refused.error().message()).contains("greet");
    assertThat(refusal(rival.closed()).code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
  }

  @Test
  void aHelloReplacingAProtectedSectionFailsBoundWithUnauthorized() throws Exception {
    ProviderSession session =
        start(
            quiet("rewriter")
                .session(sessionId)
                .transform("safety", TransformRule.replace("anything goes")));

    GatewayErrorException refused = refusal(session.bound());

    assertThat(refused.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refused.error().message()).contains("safety");
    assertThat(refusal(session.closed()).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  /** A provider whose {@code onError} does not log: the refusals here are expected. */
  private static JavaProvider.Builder quiet(String name) {
    return JavaProvider.builder(name).onError(error -> {});
  }

  /** The {@link GatewayErrorException} {@code stage} fails with, within {@link #WAIT}. */
  private static GatewayErrorException refusal(CompletionStage<?> stage) {
    ExecutionException failed = catchThrowableOfType(ExecutionException.class, () -> await(stage));
    assertThat(failed).as("the stage failed within " + WAIT).isNotNull();
    assertThat(failed.getCause()).isInstanceOf(GatewayErrorException.class);
    return (GatewayErrorException) failed.getCause();
  }

  // ---- hooks and gates ----

  @Test
  void aJavaGateDeniesAHostToolWhileItsFlagIsSet() throws Exception {
    boolean[] red = {true};
    await(
        start(
                greeter()
                    .gate(
                        HookMatch.toolAndArgs("shell", "git push"),
                        "ci",
                        check ->
                            CompletableFuture.completedFuture(
                                red[0] ? GateVerdict.deny("CI is red") : GateVerdict.allow())))
            .bound());

    HookDecision push = await(preToolUse("shell", "{\"command\":\"git push origin main\"}"));
    HookDecision status = await(preToolUse("shell", "{\"command\":\"git status\"}"));
    red[0] = false;
    HookDecision later = await(preToolUse("shell", "{\"command\":\"git push origin main\"}"));

    assertThat(push).isEqualTo(HookDecision.deny("CI is red", List.of()));
    assertThat(status.allowed()).as("the rule does not match").isTrue();
    assertThat(later.allowed()).isTrue();
  }

  @Test
  void aJavaGateDeniesACallToAProviderTool() throws Exception {
    await(
        start(
                greeter()
                    .tool(GREET, HELLO)
                    .gate(
                        HookMatch.toolAndArgs("greet", "Mallory"),
                        "no-mallory",
                        check ->
                            CompletableFuture.completedFuture(GateVerdict.deny("Not Mallory"))))
            .bound());

    CallResult denied = await(call("greet", "{\"name\":\"Mallory\"}"));
    CallResult allowed = await(call("greet", "{\"name\":\"Alice\"}"));

    assertThat(denied.outcome()).isEqualTo(new ToolOutcome.Denied("Not Mallory"));
    assertThat(allowed.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Alice!")));
  }

  @Test
  void aGateThatNeverAnswersIsDeniedByTheGatewayAfterFiveSeconds() throws Exception {
    CompletableFuture<GateCheck> asked = new CompletableFuture<>();
    await(
        start(
                greeter()
                    .gate(
                        HookMatch.tool("shell"),
                        "slow",
                        check -> {
                          asked.complete(check);
                          return new CompletableFuture<>(); // never decides
                        }))
            .bound());

    CompletableFuture<HookDecision> decision = preToolUse("shell", "{}");
    String callId = await(asked).callId();
    advance(Duration.ofMillis(4_999));
    assertThat(decision).isNotDone();
    advance(Duration.ofMillis(1));

    HookDecision denied = await(decision);
    assertThat(denied.allowed()).isFalse();
    assertThat(denied.reason()).contains("did not respond in time");
    assertThat(fromProviders().all())
        .as("no gate.result for " + callId)
        .noneMatch(m -> m instanceof io.github.providergateway.protocol.GateResult);
  }

  @Test
  void updateHooksAddsARuleThatTheGatewayAppliesOnceAcknowledged() throws Exception {
    ProviderSession session =
        start(
            greeter()
                .gateHandler(
                    "ci",
                    check ->
                        CompletableFuture.completedFuture(GateVerdict.context("CI is green"))));
    await(session.bound());
    assertThat(await(preToolUse("shell", "{}")).context()).isEmpty();

    await(
        session.updateHooks(
            new Hooks(
                List.of(
                    HookRule.context(HookMatch.tool("shell"), "Run tests first."),
                    HookRule.gate(HookMatch.tool("shell"), "ci")),
                null)));

    assertThat(await(preToolUse("shell", "{}")))
        .isEqualTo(HookDecision.allow(List.of("Run tests first.", "CI is green")));
  }

  @Test
  void aRefusedUpdateFailsWithTheGatewaysError() throws Exception {
    ProviderSession session = start(greeter());
    await(session.bound());

    CompletionStage<Void> refused =
        session.updateHooks(
            new Hooks(null, Map.of("safety", Optional.of(TransformRule.replace("anything goes")))));

    assertThatThrownBy(() -> await(refused))
        .hasCauseInstanceOf(GatewayErrorException.class)
        .hasMessageContaining("UNAUTHORIZED");
  }

  // ---- prompts: transforms and context ----

  @Test
  void aCallbackTransformRewritesItsSectionOfThePrompt() throws Exception {
    await(
        start(
                greeter()
                    .transform(
                        "rules",
                        request ->
                            CompletableFuture.completedFuture(
                                request.current() + "\nCI is red: do not merge.")))
            .bound());

    PromptResult prompt = await(prompt(Map.of("rules", "Be careful.")));

    assertThat(prompt.sections()).containsEntry("rules", "Be careful.\nCI is red: do not merge.");
  }

  @Test
  void staticTransformsContextAndStartupContextReachThePrompt() throws Exception {
    ProviderSession session =
        start(
            greeter()
                .transform("custom_instructions", TransformRule.append("This repo uses pnpm."))
                .context("CI is green.")
                .startupContext("Watching CI."));
    await(session.bound());

    PromptResult before = await(prompt(Map.of("custom_instructions", "Be brief.")));
    await(session.updateContext("CI is red."));
    PromptResult after = await(prompt(Map.of("custom_instructions", "Be brief.")));

    assertThat(before.sections())
        .containsEntry("custom_instructions", "Be brief.\nThis repo uses pnpm.");
    assertThat(before.context()).containsExactly("CI is green.");
    assertThat(before.startupContext()).containsExactly("Watching CI.");
    assertThat(after.context()).containsExactly("CI is red.");
  }

  // ---- updates, streams, filters, events ----

  @Test
  void updateToolsCompletesOnceTheHostHasTheNewTools() throws Exception {
    ProviderSession session = start(greeter().tool(GREET, HELLO));
    await(session.bound());
    ToolDefinition wave = ToolDefinition.of("wave", "Wave", json("{\"type\":\"object\"}"));

    CompletionStage<Void> applied = session.updateTools(List.of(new ProviderTool(wave, HELLO)));
    fromProviders().await(ToolsUpdate.class, u -> true, WAIT);
    await(gateway().sessions()); // the gateway has handled the update and started its debounce
    advance(gateway().limits().registration().registrationDebounce());
    await(applied);

    assertThat(await(gateway().tools(sessionId)))
        .extracting(HostTool::name)
        .containsExactly("wave");
  }

  @Test
  void queryStreamsReadsBackWhatTheProviderPushed() throws Exception {
    ProviderSession session = start(greeter());
    await(session.bound());

    session.push("ci", PushLevel.KEEP, "running");
    session.push("ci", PushLevel.KEEP, "failure on test/auth.spec.ts");
    StreamHistory history = await(session.queryStreams(List.of("ci"), 10));

    assertThat(history.streams().get("ci"))
        .extracting(StreamEntry::event)
        .containsExactly("failure on test/auth.spec.ts", "running");
  }

  @Test
  void aFilterSetByTheProviderDropsMatchingEvents() throws Exception {
    ProviderSession session = start(greeter());
    await(session.bound());

    await(session.setFilter("git", List.of(new FilterRule("behind=0", FilterOutcome.DROP))));
    session.push("git", PushLevel.SURFACE, "behind=0");
    session.push("git", PushLevel.SURFACE, "behind=2");
    StreamHistory history = await(session.queryStreams(List.of("git"), 10));

    assertThat(history.streams().get("git"))
        .extracting(StreamEntry::event)
        .containsExactly("behind=2");
    assertThat(host.loggedTexts()).contains("behind=2").doesNotContain("behind=0");
  }

  @Test
  void subscribedSessionEventsReachTheProvider() throws Exception {
    CompletableFuture<SessionEvent> received = new CompletableFuture<>();
    await(start(greeter().subscribe("user.message").onEvent(received::complete)).bound());

    await(gateway().emit(sessionId, "user.message", json("{\"content\":\"fix the auth bug\"}")));

    SessionEvent event = await(received);
    assertThat(event.event()).isEqualTo("user.message");
    assertThat(event.data().get("content").asText()).isEqualTo("fix the auth bug");
  }

  // ---- helpers ----

  /**
   * A provider named {@code greeter} bound to the test's session.
   *
   * @return its builder, to add tools and handlers to
   */
  protected JavaProvider.Builder greeter() {
    return JavaProvider.builder("greeter").session(sessionId);
  }

  /**
   * Connects a provider and closes it after the test.
   *
   * @param provider the provider, built here
   * @return the running provider
   */
  protected ProviderSession start(JavaProvider.Builder provider) {
    ProviderSession session = connect(provider.build());
    sessions.add(session);
    return session;
  }

  /**
   * Calls a tool in the test's session.
   *
   * @param tool the tool's name
   * @param args the arguments, as JSON text
   * @return the call's result
   */
  protected CompletableFuture<CallResult> call(String tool, String args) {
    return gateway().callTool(sessionId, tool, json(args), null);
  }

  /**
   * Runs the pre-tool-use hooks of the test's session for a call.
   *
   * @param tool the tool's name
   * @param args the arguments, as JSON text
   * @return the hooks' decision
   */
  protected CompletableFuture<HookDecision> preToolUse(String tool, String args) {
    return gateway().preToolUse(sessionId, tool, json(args));
  }

  /**
   * Runs the prompt pipeline of the test's session.
   *
   * @param sections the system prompt's sections, by name
   * @return the sections after the transforms, and the contexts
   */
  protected CompletableFuture<PromptResult> prompt(Map<String, String> sections) {
    return gateway().onPrompt(sessionId, sections);
  }

  /**
   * Waits up to {@link #WAIT} for a stage.
   *
   * @param <T> the value's type
   * @param stage the stage
   * @return its value
   * @throws Exception what it failed with, or a timeout
   */
  protected static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Parses JSON text.
   *
   * @param text JSON
   * @return the tree
   */
  protected static JsonNode json(String text) {
    return CODEC.parseJson(text);
  }

  /** 1 MiB of ASCII that is not all one character, so a reordering would show. */
  private static String megabyteOfText() {
    StringBuilder text = new StringBuilder(1 << 20);
    for (int i = 0; text.length() < (1 << 20); i++) {
      text.append((char) ('a' + i % 26));
    }
    return text.toString();
  }
}
