package io.github.providergateway.host;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.host.protocol.CallProgress;
import io.github.providergateway.host.protocol.GateAsk;
import io.github.providergateway.host.protocol.GateAskEnded;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.host.protocol.OffersChanged;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.StreamUpdated;
import io.github.providergateway.host.testing.FakeHeldGates;
import io.github.providergateway.host.testing.RecordingHostConnection;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.TransformRule;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each host command of spec/host-rpc.md as the host service runs it: the gateway call it makes and
 * the reply's fields, or the refusal's code (spec: host-rpc.md, Commands).
 */
class HostCommandsTest {

  private final GatewayFixture f = GatewayFixture.withLimits(l -> l.maxPushesPerSecond(1_000));

  /** What a {@code prompt} without sections runs on (the reference app has its own texts). */
  private static final Map<String, String> DEFAULT_SECTIONS =
      Map.of("identity", "You are a test agent.", "custom_instructions", "Be brief.");

  private final HostService hosts =
      HostService.builder(f.gateway)
          .backend(f.clock.backend(7))
          .defaultPromptSections(DEFAULT_SECTIONS)
          .build();
  private final RecordingHostConnection host = authenticated();
  private final String session =
      host.ok("{\"cmd\":\"session.start\",\"label\":\"alpha\",\"cwd\":\"/code/alpha\"}")
          .get("sessionId")
          .asText();
  private final RecordingProviderConnection worker =
      f.bound(
          Hello.builder("worker")
              .session(session)
              .tools(tool("echo"))
              .subscribe(List.of("user.message"))
              .context("worker context")
              .startupContext("worker started")
              .build());

  @AfterEach
  void close() {
    hosts.close();
    f.close();
  }

  private RecordingHostConnection authenticated() {
    RecordingHostConnection connection = new RecordingHostConnection("host");
    connection.attach(hosts.open(connection));
    connection.ok(
        "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");
    return connection;
  }

  private String command(String cmd, String fields) {
    return "{\"cmd\":\""
        + cmd
        + "\",\"sessionId\":\""
        + session
        + "\""
        + (fields.isEmpty() ? "" : "," + fields)
        + "}";
  }

  /**
   * The fields of the successful reply to the command with {@code id}, or null while there is none.
   */
  private JsonNode repliedTo(int id) {
    for (HostOutput output : host.snapshot()) {
      if (output instanceof HostReply.Ok ok && ok.id() != null && ok.id().asInt() == id) {
        return ok.fields();
      }
    }
    return null;
  }

  /** The fields of the successful reply to the command with {@code id}, which has come by now. */
  private JsonNode replyTo(int id) {
    JsonNode fields = repliedTo(id);
    assertThat(fields).as("reply to %d in %s", id, host).isNotNull();
    return fields;
  }

  private RpcErrorCode refusal(String json) {
    HostReply reply = host.request(json);
    assertThat(reply).as("reply to %s", json).isInstanceOf(HostReply.Failed.class);
    return ((HostReply.Failed) reply).code();
  }

  @Test
  void sessionsListShowsEachActiveSessionWithItsLabelAndCwd() {
    assertThat(host.ok("{\"cmd\":\"sessions.list\"}"))
        .isEqualTo(
            json(
                "{\"sessions\":[{\"id\":\""
                    + session
                    + "\",\"label\":\"alpha\",\"cwd\":\"/code/alpha\"}]}"));
  }

  @Test
  void sessionIdleReachesTheSessionsProviders() {
    assertThat(host.ok(command("session.idle", ""))).isEmpty();

    assertThat(worker.next(SessionLifecycle.class).state()).isEqualTo(LifecycleState.IDLE);
  }

  @Test
  void aCommandWhoseGatewayTaskFailsWithAnErrorIsStillAnsweredInternal() {
    // A class that no longer loads (the jar rewritten under the JVM) fails the gateway's task.
    worker.onSend(
        message -> {
          throw new NoClassDefFoundError(
              "io/github/providergateway/protocol/SessionLifecycle$Rewritten");
        });

    HostReply reply = host.request(command("session.idle", "\"id\":5"));

    assertThat(reply).isInstanceOf(HostReply.Failed.class);
    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.INTERNAL);
    assertThat(((HostReply.Failed) reply).message()).contains("NoClassDefFoundError");
  }

  @Test
  void sessionInterruptCancelsTheSessionsCalls() {
    host.send(command("tool.call", "\"id\":7,\"tool\":\"echo\",\"args\":{}"));
    worker.next(ToolCall.class);

    host.send(command("session.interrupt", "\"id\":8"));

    assertThat(replyTo(8)).isEmpty();

    assertThat(worker.next(ToolCancel.class)).isNotNull();
    assertThat(replyTo(7).at("/outcome/errorCode").asText()).isEqualTo("CANCELLED");
  }

  // ---- a host's control of its own calls: progress events and tool.cancel ----

  private RecordingHostConnection observer() {
    RecordingHostConnection connection = new RecordingHostConnection("observer");
    connection.attach(hosts.open(connection));
    connection.ok(
        "{\"cmd\":\"host.auth\",\"token\":\""
            + f.gateway.credentials().providerToken()
            + "\",\"observer\":true}");
    return connection;
  }

  @Test
  void aToolCallAskingForProgressGetsItsProgressAsEventsWithItsOwnIdAndNoOtherHostDoes() {
    RecordingHostConnection watching = observer();
    host.send(command("tool.call", "\"id\":\"c-1\",\"tool\":\"echo\",\"progress\":true"));
    String id = worker.next(ToolCall.class).id();

    worker.send(new ToolProgress(id, "half way"));

    assertThat(host.events(CallProgress.class))
        .containsExactly(new CallProgress(session, json("\"c-1\""), "half way"));
    assertThat(watching.events(CallProgress.class)).isEmpty();
    assertThat(watching.events(SessionLog.class))
        .extracting(SessionLog::message)
        .containsExactly("half way");
  }

  @Test
  void aToolCallWithoutProgressGetsNoProgressEvents() {
    host.send(command("tool.call", "\"id\":1,\"tool\":\"echo\""));
    String id = worker.next(ToolCall.class).id();

    worker.send(new ToolProgress(id, "half way"));

    assertThat(host.events(CallProgress.class)).isEmpty();
    assertThat(host.events(SessionLog.class))
        .extracting(SessionLog::message)
        .containsExactly("half way");
  }

  @Test
  void toolCancelEndsTheHostsOwnCallCancelledAndItsProviderGetsToolCancelInterrupted() {
    host.send(command("tool.call", "\"id\":7,\"tool\":\"echo\""));
    String id = worker.next(ToolCall.class).id();

    host.send(command("tool.cancel", "\"id\":8,\"callId\":7"));

    assertThat(replyTo(8)).isEmpty();

    ToolCancel cancel = worker.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(id);
    assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
    assertThat(replyTo(7).at("/outcome/errorCode").asText()).isEqualTo("CANCELLED");
    assertThat(refusal(command("tool.cancel", "\"id\":9,\"callId\":7")))
        .as("a second cancel finds nothing in flight")
        .isEqualTo(RpcErrorCode.UNKNOWN_CALL);
  }

  @Test
  void toolCancelOfACallThatIsNotInFlightIsUnknownCall() {
    host.send(command("tool.call", "\"id\":7,\"tool\":\"echo\""));
    String id = worker.next(ToolCall.class).id();
    worker.send(ToolResult.success(id, json("1")));
    replyTo(7);

    assertThat(refusal(command("tool.cancel", "\"callId\":7")))
        .isEqualTo(RpcErrorCode.UNKNOWN_CALL);
    assertThat(refusal(command("tool.cancel", "\"callId\":\"never sent\"")))
        .isEqualTo(RpcErrorCode.UNKNOWN_CALL);
    worker.assertNoMoreMessages();
  }

  @Test
  void aHostCannotCancelAnotherHostsCall() {
    RecordingHostConnection other = authenticated();
    host.send(command("tool.call", "\"id\":7,\"tool\":\"echo\""));
    worker.next(ToolCall.class);

    HostReply reply = other.request(command("tool.cancel", "\"callId\":7"));

    assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNKNOWN_CALL);
    worker.assertNoMoreMessages();
    assertThat(repliedTo(7)).isNull();
  }

  // ---- stream.updated ----

  @Test
  void streamUpdatedGoesToTheOwnerOfASessionThatAskedForItAndToNoObserver() {
    RecordingHostConnection watching = observer();
    String asked =
        host.ok("{\"cmd\":\"session.start\",\"label\":\"beta\",\"streamUpdates\":true}")
            .get("sessionId")
            .asText();
    RecordingProviderConnection ci = f.bound("ci", asked);

    ci.send(Push.event("builds", PushLevel.KEEP, "green"));

    assertThat(host.events(StreamUpdated.class))
        .containsExactly(new StreamUpdated(asked, "builds@ci"));
    assertThat(watching.events(StreamUpdated.class)).isEmpty();
  }

  @Test
  void aFederatedServersOffersChangedGoesToTheOwnerThatAskedForUpdatesAndToNoObserver() {
    RecordingHostConnection watching = observer();
    String asked =
        host.ok("{\"cmd\":\"session.start\",\"label\":\"beta\",\"streamUpdates\":true}")
            .get("sessionId")
            .asText();
    f.gateway.mcpOffers().offer(asked, "docs", (method, params) -> new CompletableFuture<>());
    f.gateway.mcpOffers().offer(session, "docs", (method, params) -> new CompletableFuture<>());

    f.gateway.mcpOffers().listChanged(asked, "docs", McpFeature.PROMPTS_LIST);
    f.gateway.mcpOffers().listChanged(session, "docs", McpFeature.RESOURCES_LIST);
    f.settle();

    assertThat(host.events(OffersChanged.class))
        .containsExactly(new OffersChanged(asked, McpFeature.PROMPTS_LIST));
    assertThat(watching.events(OffersChanged.class)).isEmpty();
  }

  @Test
  void aSessionStartedWithoutAskingGetsNoStreamUpdated() {
    worker.send(Push.event("builds", PushLevel.KEEP, "green"));
    f.settle();

    assertThat(host.events(StreamUpdated.class)).isEmpty();
  }

  @Test
  void sessionEndIsRepliedAfterTeardownAtTheDefaultDeadlineWhenItNamesNone() {
    Duration deadline = f.gateway.limits().calls().defaultShutdownDeadline();
    host.send(command("session.end", "\"id\":1"));
    assertThat(worker.next(SessionLifecycle.class).deadline()).isEqualTo(deadline);

    f.clock.advance(deadline.minusMillis(1));
    assertThat(repliedTo(1)).isNull();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(replyTo(1)).isEmpty();
  }

  @Test
  void sessionEndWithADeadlinePassesItToTheProviders() {
    host.send(command("session.end", "\"deadlineMs\":2500"));

    assertThat(worker.next(SessionLifecycle.class).deadline()).isEqualTo(Duration.ofMillis(2_500));
  }

  @Test
  void toolCallRepliesWithTheOutcomeAndTheContextHooksAdded() {
    f.bound(
        Hello.builder("guard")
            .session(session)
            .hooks(new Hooks(List.of(HookRule.context(HookMatch.tool("echo"), "be careful")), null))
            .build());
    host.send(command("tool.call", "\"id\":3,\"tool\":\"echo\",\"args\":{\"a\":1}"));
    ToolCall call = worker.next(ToolCall.class);
    assertThat(call.args()).isEqualTo(json("{\"a\":1}"));

    worker.send(ToolResult.success(call.id(), json("{\"echo\":1}")));

    assertThat(replyTo(3))
        .isEqualTo(
            json(
                "{\"outcome\":{\"status\":\"success\",\"data\":{\"echo\":1}},\"context\":[\"be careful\"]}"));
  }

  @Test
  void aFailedCallAndADeniedCallAreRepliedWithTheirStatus() {
    f.bound(
        Hello.builder("guard")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(
                        HookRule.deny(HookMatch.toolAndArgs("echo", "forbidden"), "not this one")),
                    null))
            .build());
    host.send(command("tool.call", "\"id\":5,\"tool\":\"echo\",\"args\":{}"));
    worker.send(
        ToolResult.failure(worker.next(ToolCall.class).id(), "it broke", ToolErrorCode.INTERNAL));
    JsonNode failed = replyTo(5);

    JsonNode denied =
        host.ok(command("tool.call", "\"tool\":\"echo\",\"args\":{\"x\":\"forbidden\"}"));

    assertThat(failed.get("outcome"))
        .isEqualTo(
            json("{\"status\":\"failure\",\"error\":\"it broke\",\"errorCode\":\"INTERNAL\"}"));
    assertThat(denied.get("outcome"))
        .isEqualTo(json("{\"status\":\"denied\",\"reason\":\"not this one\"}"));
  }

  @Test
  void preToolUseRepliesWithTheDecisionOfTheHooks() {
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("shell"), "g")), null))
                .build());

    host.send(
        command("hook.preToolUse", "\"id\":4,\"tool\":\"shell\",\"args\":{\"command\":\"ls\"}"));
    GateCheck check = guard.next(GateCheck.class);
    assertThat(check.args()).isEqualTo(json("{\"command\":\"ls\"}"));
    guard.send(GateResult.deny("g", check.callId(), "no shell today"));

    assertThat(replyTo(4))
        .isEqualTo(
            json(
                "{\"decision\":{\"permission\":\"deny\",\"reason\":\"no shell today\",\"context\":[]}}"));
  }

  // ---- gates that ask the person (extension gate.ask) ----

  /** A provider whose gate on {@code echo} in {@code sessionId} speaks gate.ask. */
  private RecordingProviderConnection askingGate(String sessionId) {
    return f.bound(
        Hello.builder("asker")
            .session(sessionId)
            .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("echo"), "confirm")), null))
            .extensions(ProtocolExtension.GATE_ASK)
            .build());
  }

  @Test
  void aSessionStartedWithAsksPutsGatesQuestionsToItsOwnerWhoseAnswerDecides() {
    RecordingHostConnection watching = observer();
    String asking =
        host.ok("{\"cmd\":\"session.start\",\"label\":\"beta\",\"asks\":true}")
            .get("sessionId")
            .asText();
    RecordingProviderConnection echo =
        f.bound(Hello.builder("echoer").session(asking).tools(tool("echo")).build());
    RecordingProviderConnection gate = askingGate(asking);

    host.send(
        "{\"id\":9,\"cmd\":\"tool.call\",\"sessionId\":\""
            + asking
            + "\",\"tool\":\"echo\",\"args\":{\"a\":1}}");
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.ask("confirm", check.callId(), "Echo it?", Duration.ofSeconds(30)));
    GateAsk asked = host.events(GateAsk.class).get(0);
    assertThat(asked.question().question()).isEqualTo("Echo it?");
    assertThat(asked.question().sessionId()).isEqualTo(asking);
    assertThat(asked.question().args()).isEqualTo(json("{\"a\":1}"));
    assertThat(asked.question().deadline()).isEqualTo(f.clock.instant().plusSeconds(30));
    assertThat(watching.events(GateAsk.class)).as("observers are not asked").isEmpty();

    JsonNode answered =
        host.ok(
            "{\"cmd\":\"gate.answer\",\"askId\":\""
                + asked.question().askId()
                + "\",\"allow\":true,\"via\":\"test\"}");
    assertThat(answered).isEqualTo(json("{\"decided\":true}"));
    assertThat(host.events(GateAskEnded.class))
        .containsExactly(
            new GateAskEnded(asking, asked.question().askId(), AskOutcome.ALLOWED, "host (test)"));
    ToolCall call = echo.next(ToolCall.class);
    echo.send(ToolResult.success(call.id(), json("1")));
    assertThat(replyTo(9).get("outcome").get("status").asText()).isEqualTo("success");
    assertThat(
            host.ok(
                "{\"cmd\":\"gate.answer\",\"askId\":\""
                    + asked.question().askId()
                    + "\",\"allow\":false}"))
        .as("the question has ended: a second answer decides nothing")
        .isEqualTo(json("{\"decided\":false}"));
  }

  @Test
  void aSessionStartedWithoutAsksIsNoChannelSoNobodyIsAskedAndTheCallIsDenied() {
    RecordingProviderConnection gate = askingGate(session);

    host.send(command("tool.call", "\"id\":6,\"tool\":\"echo\",\"args\":{}"));
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.ask("confirm", check.callId(), "Echo it?", null));

    assertThat(host.events(GateAsk.class)).isEmpty();
    assertThat(replyTo(6).get("outcome").get("reason").asText()).startsWith("No one to ask");
  }

  @Test
  void aHostThatAsksItselfGetsPermissionAskWithTheQuestion() {
    RecordingProviderConnection gate = askingGate(session);

    host.send(
        command("hook.preToolUse", "\"id\":4,\"tool\":\"echo\",\"args\":{},\"hostAsks\":true"));
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.ask("confirm", check.callId(), "Echo it?", null));

    assertThat(replyTo(4))
        .isEqualTo(
            json("{\"decision\":{\"permission\":\"ask\",\"reason\":\"Echo it?\",\"context\":[]}}"));
  }

  @Test
  void anAnswerToAQuestionNobodyAskedDecidesNothing() {
    assertThat(host.ok("{\"cmd\":\"gate.answer\",\"askId\":\"ask-nope\",\"allow\":true}"))
        .isEqualTo(json("{\"decided\":false}"));
  }

  @Test
  void promptWithoutSectionsTransformsTheDefaultOnes() {
    f.bound(
        Hello.builder("styler")
            .session(session)
            .hooks(
                new Hooks(
                    null,
                    Map.of("custom_instructions", Optional.of(TransformRule.append("Use tabs.")))))
            .build());

    JsonNode reply = host.ok(command("prompt", "\"text\":\"hi\""));

    Map<String, String> defaults = DEFAULT_SECTIONS;
    assertThat(reply.get("sections").get("custom_instructions").asText())
        .isEqualTo(defaults.get("custom_instructions") + "\nUse tabs.");
    assertThat(reply.get("sections").get("identity").asText()).isEqualTo(defaults.get("identity"));
    assertThat(reply.get("context")).isEqualTo(json("[\"worker context\"]"));
    assertThat(reply.get("startupContext")).isEqualTo(json("[\"worker started\"]"));
  }

  @Test
  void promptWithSectionsTransformsThose() {
    JsonNode reply =
        host.ok(command("prompt", "\"text\":\"hi\",\"sections\":{\"mine\":\"as given\"}"));

    assertThat(reply.get("sections")).isEqualTo(json("{\"mine\":\"as given\"}"));
  }

  @Test
  void anEventReachesTheProvidersSubscribedToIt() {
    assertThat(
            host.ok(command("event", "\"event\":\"user.message\",\"data\":{\"text\":\"hello\"}")))
        .isEmpty();

    SessionEvent event = worker.next(SessionEvent.class);
    assertThat(event.event()).isEqualTo("user.message");
    assertThat(event.data()).isEqualTo(json("{\"text\":\"hello\"}"));
  }

  @Test
  void aStreamQueryIsNotCappedAtTheProvidersHundredAndWithoutLastReturnsEverything() {
    for (int i = 0; i < 150; i++) {
      worker.send(new Push(null, null, "e" + i, null, PushLevel.KEEP, null, null));
    }

    JsonNode capped =
        host.ok(command("stream.query", "\"streams\":[\"worker@worker\"],\"last\":120"));
    JsonNode all = host.ok(command("stream.query", "\"streams\":[\"worker@worker\"]"));

    assertThat(capped.at("/streams/worker@worker")).hasSize(120);
    assertThat(capped.at("/streams/worker@worker/0/event").asText())
        .as("newest first")
        .isEqualTo("e149");
    assertThat(all.at("/streams/worker@worker")).hasSize(150);
  }

  @Test
  void providersListShowsEachBoundProviderWithItsSessionsAndTools() {
    JsonNode reply = host.ok("{\"cmd\":\"providers.list\"}");

    assertThat(reply.get("providers")).hasSize(1);
    JsonNode provider = reply.get("providers").get(0);
    assertThat(provider.get("name").asText()).isEqualTo("worker");
    assertThat(provider.get("trust").asText()).isEqualTo("project");
    assertThat(provider.get("sessions")).isEqualTo(json("[\"" + session + "\"]"));
    assertThat(provider.get("tools")).isEqualTo(json("[\"echo\"]"));
  }

  @Test
  void providersListShowsWhenEachConnectedAndHowManyCallsItIsAnswering() {
    java.time.Instant before = f.clock.instant();
    f.clock.advance(java.time.Duration.ofSeconds(3));
    f.call(session, "echo", "{}");
    JsonNode provider = host.ok("{\"cmd\":\"providers.list\"}").get("providers").get(0);

    assertThat(provider.get("connectedSince").asText()).isEqualTo(before.toString());
    assertThat(provider.get("callsInFlight").asInt()).isEqualTo(1);
  }

  @Test
  void statusLinkGivesANewLinkEachTimeOrIsRefusedWithoutAStatusPage() {
    assertThat(refusal("{\"cmd\":\"status.link\"}")).isEqualTo(RpcErrorCode.UNAUTHORIZED);

    java.util.concurrent.atomic.AtomicInteger issued =
        new java.util.concurrent.atomic.AtomicInteger();
    try (HostService withPage =
        HostService.builder(f.gateway)
            .statusLinks(
                () ->
                    java.net.URI.create(
                        "http://127.0.0.1:9400/status?open=" + issued.incrementAndGet()))
            .build()) {
      RecordingHostConnection other = new RecordingHostConnection("other");
      other.attach(withPage.open(other));
      other.ok(
          "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");

      assertThat(other.ok("{\"cmd\":\"status.link\"}").get("url").asText())
          .isEqualTo("http://127.0.0.1:9400/status?open=1");
      assertThat(other.ok("{\"cmd\":\"status.link\"}").get("url").asText())
          .isEqualTo("http://127.0.0.1:9400/status?open=2");
    }
  }

  @Test
  void providersReloadRepliesWhatItsReloaderDidOrItsRefusalOrIsRefusedWithoutOne() {
    assertThat(refusal("{\"cmd\":\"providers.reload\"}")).isEqualTo(RpcErrorCode.UNAUTHORIZED);

    List<String> asked = new java.util.ArrayList<>();
    ProviderReloads reloads =
        name -> {
          asked.add(String.valueOf(name));
          return switch (String.valueOf(name)) {
            case "nope" ->
                CompletableFuture.failedFuture(
                    new HostException(HostErrorCode.INVALID_ARGUMENT, "no config entry 'nope'"));
            case "broken" ->
                CompletableFuture.failedFuture(
                    new HostException(
                        HostErrorCode.INVALID_CONFIG, "config file x: not valid JSON"));
            default ->
                CompletableFuture.completedFuture(
                    new ReloadReport(
                        List.of("greeter"), List.of("added"), List.of("removed"), List.of()));
          };
        };
    try (HostService withConfig = HostService.builder(f.gateway).providerReloads(reloads).build()) {
      RecordingHostConnection other = new RecordingHostConnection("other");
      other.attach(withConfig.open(other));
      other.ok(
          "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");

      assertThat(other.ok("{\"cmd\":\"providers.reload\"}"))
          .isEqualTo(
              json(
                  "{\"restarted\":[\"greeter\"],\"started\":[\"added\"],\"stopped\":[\"removed\"],\"problems\":[]}"));
      HostReply unknown = other.request("{\"cmd\":\"providers.reload\",\"name\":\"nope\"}");
      assertThat(((HostReply.Failed) unknown).code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
      HostReply broken = other.request("{\"cmd\":\"providers.reload\",\"name\":\"broken\"}");
      assertThat(((HostReply.Failed) broken).code()).isEqualTo(RpcErrorCode.INVALID_CONFIG);
      assertThat(((HostReply.Failed) broken).message()).contains("not valid JSON");
      assertThat(asked).containsExactly("null", "nope", "broken");
    }
  }

  /** A host authenticated on a host service of {@code f}'s gateway that {@code hosts} built. */
  private RecordingHostConnection hostOf(HostService hosts) {
    RecordingHostConnection other = new RecordingHostConnection("other");
    other.attach(hosts.open(other));
    other.ok(
        "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");
    return other;
  }

  @Test
  void gatesHeldListsWhatTheRecordHoldsAndGatesReleaseRepliesWhatItReleased() {
    HeldGate pushes = FakeHeldGates.CI_GREEN;
    HeldGate deny = FakeHeldGates.CI_DENY;
    FakeHeldGates record = new FakeHeldGates(pushes, deny);
    try (HostService withRecord = HostService.builder(f.gateway).heldGates(record).build()) {
      RecordingHostConnection other = hostOf(withRecord);

      assertThat(other.ok("{\"cmd\":\"gates.held\"}"))
          .isEqualTo(
              json(
                  "{\"gates\":[{\"provider\":\"ci-guard\",\"gateId\":\"ci-green\",\"project\":\"/code/alpha\","
                      + "\"since\":\"2026-11-26T07:30:16Z\",\"why\":\"the gateway crashed\"},"
                      + "{\"provider\":\"ci-guard\",\"project\":\"/code/beta\","
                      + "\"since\":\"1970-01-01T00:00:00Z\",\"why\":\"the gateway was stopped\"}]}"));
      assertThat(
              other.ok("{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\",\"gateId\":\"nope\"}"))
          .isEqualTo(json("{\"released\":[]}"));
      assertThat(
              other
                  .ok(
                      "{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\",\"project\":\"/code/alpha\"}")
                  .get("released"))
          .isEqualTo(json("[" + HostWire.heldGate(pushes) + "]"));
      assertThat(other.ok("{\"cmd\":\"gates.held\"}").get("gates"))
          .isEqualTo(json("[" + HostWire.heldGate(deny) + "]"));
      assertThat(record.releases())
          .containsExactly(
              new FakeHeldGates.Release("ci-guard", "nope", null),
              new FakeHeldGates.Release("ci-guard", null, "/code/alpha"));
    }
  }

  /**
   * Issue 75: for a host on this process's own input (no far end: the console, {@code --rpc}), who
   * asks is this process, read on the loop, so that a command read before the input ends is
   * answered before the gateway stops for that end. A check that throws or answers null refuses the
   * person's acts at once, saying so, and nothing is done.
   */
  @Test
  void aCheckOfThisProcessThatFailsRefusesThePersonsActsAtOnce() {
    PersonCheck throwing =
        new PersonCheck() {
          @Override
          public Optional<String> refusalOfPeer(
              java.net.InetSocketAddress peer, java.net.InetSocketAddress local, Act act) {
            return Optional.empty();
          }

          @Override
          public Optional<String> refusalOfThisProcess(Act act) {
            throw new IllegalStateException("no /proc");
          }
        };
    PersonCheck answeringNull =
        new PersonCheck() {
          @Override
          public Optional<String> refusalOfPeer(
              java.net.InetSocketAddress peer, java.net.InetSocketAddress local, Act act) {
            return Optional.empty();
          }

          @Override
          public Optional<String> refusalOfThisProcess(Act act) {
            return null;
          }
        };
    FakeHeldGates record = new FakeHeldGates(FakeHeldGates.CI_GREEN);
    for (PersonCheck broken : List.of(throwing, answeringNull)) {
      try (HostService withCheck =
          HostService.builder(f.gateway).heldGates(record).personCheck(broken).build()) {
        RecordingHostConnection other = hostOf(withCheck);

        HostReply reply = other.request("{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\"}");

        assertThat(reply).isInstanceOf(HostReply.Failed.class);
        assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
        assertThat(((HostReply.Failed) reply).message())
            .contains("releasing held gates is the person's, and who asks could not be told");
      }
    }
    assertThat(record.releases()).isEmpty();
  }

  @Test
  void gatesHeldAndReleaseAreRefusedByAGatewayWithoutARecordOfGatesSayingSo() {
    for (String command :
        List.of("{\"cmd\":\"gates.held\"}", "{\"cmd\":\"gates.release\",\"provider\":\"p\"}")) {
      HostReply reply = host.request(command);

      assertThat(reply).as(command).isInstanceOf(HostReply.Failed.class);
      assertThat(((HostReply.Failed) reply).code()).isEqualTo(RpcErrorCode.UNAUTHORIZED);
      assertThat(((HostReply.Failed) reply).message())
          .contains("this gateway keeps no record of gates");
    }
  }

  @Test
  void aRecordThatFailsOrAnswersLateIsStillRepliedToOnTheLoopWithItsCode() {
    CompletableFuture<List<HeldGate>> late = new CompletableFuture<>();
    HeldGates record =
        new HeldGates() {
          @Override
          public CompletableFuture<List<HeldGate>> held() {
            return late;
          }

          @Override
          public CompletableFuture<List<HeldGate>> release(
              String provider, String gateId, String project) {
            return CompletableFuture.failedFuture(
                new HostException(HostErrorCode.INVALID_ARGUMENT, "no provider " + provider));
          }
        };
    try (HostService withRecord = HostService.builder(f.gateway).heldGates(record).build()) {
      RecordingHostConnection other = hostOf(withRecord);

      HostReply refused = other.request("{\"cmd\":\"gates.release\",\"provider\":\"ghost\"}");
      assertThat(((HostReply.Failed) refused).code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
      assertThat(((HostReply.Failed) refused).message()).isEqualTo("no provider ghost");

      int before = other.size();
      other.send("{\"id\":1,\"cmd\":\"gates.held\"}");
      assertThat(other.size()).as("no reply before the record answers").isEqualTo(before);
      late.complete(null);
      HostReply broken = (HostReply) other.snapshot().get(before);
      assertThat(((HostReply.Failed) broken).code())
          .as("a record that answers nothing is the gateway's bug, and the host still hears")
          .isEqualTo(RpcErrorCode.INTERNAL);
    }
  }

  @Test
  void providersAreListedByProviderId() {
    for (int i = 0; i < 11; i++) {
      f.bound("more-" + i, session);
    }

    List<String> ids = host.ok("{\"cmd\":\"providers.list\"}").findValuesAsText("providerId");

    assertThat(ids).hasSize(12).isSorted();
  }

  @Test
  void refusalsKeepTheGatewaysCode() {
    assertThat(refusal("{\"cmd\":\"session.idle\",\"sessionId\":\"no-such-session\"}"))
        .isEqualTo(RpcErrorCode.INVALID_SESSION);
    for (String name : List.of("no-provider-part", "@worker", "worker@")) {
      assertThat(refusal(command("stream.query", "\"streams\":[\"" + name + "\"]")))
          .as(name)
          .isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    }
    assertThat(host.ok(command("stream.query", "\"streams\":[\"w@w\"]")).at("/streams/w@w"))
        .isEmpty();
    assertThat(
            refusal(
                "{\"cmd\":\"tool.call\",\"sessionId\":\"no-such-session\",\"tool\":\"echo\",\"args\":{}}"))
        .isEqualTo(RpcErrorCode.INVALID_SESSION);
  }
}
