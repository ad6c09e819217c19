package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code hello}: binding, its refusals, and rebinding (spec: hello, Rebinding). */
class HelloTest {

  private final GatewayFixture f = GatewayFixture.create();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void helloIsAcknowledgedWithVersionProviderIdAndSession() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("greeter").session(session).tools(tool("greet")).build());

    HelloAck ack = conn.next(HelloAck.class);
    assertThat(ack.protocolVersion()).isEqualTo(2);
    assertThat(ack.providerId()).startsWith("p-");
    assertThat(ack.sessionId()).isEqualTo(session);
    assertThat(ack.reconnectToken()).isNotBlank();
    SessionLifecycle started = conn.next(SessionLifecycle.class);
    assertThat(started.state()).isEqualTo(LifecycleState.STARTED);
    assertThat(started.sessionId()).isEqualTo(session);
    conn.assertNoMoreMessages();

    // Bound: session traffic reaches it, and it may send what only Bound accepts.
    f.call(session, "greet", "{}");
    assertThat(conn.next(ToolCall.class).tool()).isEqualTo("greet");
    conn.send(new ToolsUpdate("r1", null, List.of(tool("greet"), tool("wave")), null));
    f.settle();
    assertThat(conn.next(Ack.class).requestId()).isEqualTo("r1");
  }

  // ---- names (issue 13) ----

  private ErrorMessage refusedHello(Hello hello) {
    RecordingProviderConnection conn = f.authenticated();
    conn.send(hello);
    ErrorMessage refused = conn.next(ErrorMessage.class);
    assertThat(conn.isClosed()).as("a refused name leaves the connection open").isFalse();
    return refused;
  }

  @Test
  void toolNamesOutsideTheGrammarAreRefusedWithAShortTypedError() {
    String session = f.startSession("alpha");
    for (String bad :
        new String[] {
          "nul\u0000",
          "right\u202eleft",
          "lone\ud800",
          "has space",
          "x".repeat(129),
          "y".repeat(100_000)
        }) {
      ErrorMessage refused =
          refusedHello(Hello.builder("p").session(session).tools(tool(bad)).build());
      assertThat(refused.code())
          .as("tool name %s", bad.length() > 20 ? bad.length() + " chars" : bad)
          .isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(refused.message())
          .contains("tool name")
          .hasSizeLessThan(200)
          .doesNotContain("\u202e", "\u0000");
    }
    RecordingProviderConnection ok = f.authenticated();
    ok.send(Hello.builder("p").session(session).tools(tool("a.B-9_" + "z".repeat(122))).build());
    ok.next(HelloAck.class);
  }

  @Test
  void providerNamesAndInstancesOutsideTheGrammarAreRefusedWithATypedErrorNotAClose() {
    String session = f.startSession("alpha");
    for (String bad : new String[] {"n".repeat(5_000), "a/b", "..", "bad\u202ename"}) {
      assertThat(refusedHello(Hello.builder(bad).session(session).build()).code())
          .isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(refusedHello(Hello.builder("p").instance(bad).session(session).build()).code())
          .isEqualTo(ErrorCode.INVALID_JSON);
    }
  }

  /**
   * Issue 32, finding 7: a provider named {@code gateway} had its pushes reach the host as {@code
   * source: "gateway"}, like the gateway's own lines, and its questions read "gateway/…".
   */
  @Test
  void theNamesTheGatewaySignsWithAreReservedOnEveryKindOfConnectionAndTheProviderMayTryAnother() {
    String session = f.startSession("alpha");
    Map<String, java.util.function.Supplier<RecordingProviderConnection>> kinds =
        Map.of(
            "project", f::authenticated,
            "spawned",
                () -> {
                  RecordingProviderConnection spawned = f.connectSpawned(session);
                  spawned.next(io.github.providergateway.protocol.Sessions.class);
                  return spawned;
                },
            "in-process", () -> f.connectLocal(session),
            "paired", () -> f.paired(session, sessions -> {}));
    String[] reserved = {
      "gateway",
      "Gateway",
      "GATEWAY",
      "provider-gateway",
      "Provider_Gateway",
      "provider.gateway",
      "console",
      "host",
      "status-page",
      "Status_Page"
    };
    kinds.forEach(
        (kind, connect) -> {
          RecordingProviderConnection conn = connect.get();
          for (String name : reserved) {
            conn.send(Hello.builder(name).session(session).tools(tool("t-" + kind)).build());
            ErrorMessage refused = conn.next(ErrorMessage.class);
            assertThat(refused.code()).as(kind + " " + name).isEqualTo(ErrorCode.UNAUTHORIZED);
            assertThat(refused.message())
                .as(kind + " " + name)
                .contains("'" + name + "'", "reserved for the gateway");
          }
          assertThat(conn.isClosed())
              .as("not fatal: a " + kind + " provider may choose another name")
              .isFalse();
          conn.send(
              Hello.builder("gateway-" + kind).session(session).tools(tool("t-" + kind)).build());
          assertThat(conn.next(HelloAck.class).providerId()).startsWith("p-");
        });
  }

  /**
   * A name the host keeps for a provider in the gateway's process (the reference app's built-in
   * {@code guard}) is taken only there: a provider over a transport with that name would have its
   * verdicts read as the host's own provider's. A gateway that keeps no names refuses none.
   */
  @Test
  void aNameKeptForAnInProcessProviderIsRefusedOverEveryTransport() {
    try (GatewayFixture kept = GatewayFixture.with(b -> b.inProcessOnlyNames(List.of("guard")))) {
      String session = kept.startSession("alpha");
      Map<String, java.util.function.Supplier<RecordingProviderConnection>> remote =
          Map.of(
              "project", kept::authenticated,
              "spawned",
                  () -> {
                    RecordingProviderConnection spawned = kept.connectSpawned(session);
                    spawned.next(io.github.providergateway.protocol.Sessions.class);
                    return spawned;
                  },
              "paired", () -> kept.paired(session, sessions -> {}));
      remote.forEach(
          (kind, connect) -> {
            RecordingProviderConnection conn = connect.get();
            for (String name : new String[] {"guard", "Guard", "GUARD"}) {
              conn.send(Hello.builder(name).session(session).tools(tool("t-" + kind)).build());
              ErrorMessage refused = conn.next(ErrorMessage.class);
              assertThat(refused.code()).as(kind + " " + name).isEqualTo(ErrorCode.UNAUTHORIZED);
              assertThat(refused.message()).as(kind).contains("kept for a provider inside");
            }
            assertThat(conn.isClosed()).as(kind).isFalse();
          });

      RecordingProviderConnection inProcess = kept.connectLocal(session);
      inProcess.send(Hello.builder("guard").session(session).tools(tool("t-guard")).build());
      assertThat(inProcess.next(HelloAck.class).providerId()).startsWith("p-");
    }
    String session = f.startSession("beta");
    RecordingProviderConnection anyone = f.authenticated();
    anyone.send(Hello.builder("guard").session(session).tools(tool("t-any")).build());
    assertThat(anyone.next(HelloAck.class).providerId())
        .as("a gateway that keeps no names")
        .startsWith("p-");
  }

  @Test
  void declarationsPastFourMebibytesOfHeapAreTooLargeThoughTheirTextIsSmall() {
    String session = f.startSession("alpha");
    // 400 KB of text, about 7 MB as a tree.
    String schema = "{\"type\":\"object\",\"enum\":[" + "0,".repeat(199_999) + "0]}";

    ErrorMessage refused =
        refusedHello(
            Hello.builder("p")
                .session(session)
                .tools(
                    io.github.providergateway.protocol.ToolDefinition.of(
                        "t", "d", GatewayFixture.json(schema)))
                .build());

    assertThat(refused.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(refused.message()).contains("bytes of memory");
  }

  @Test
  void helloMetadataStartupContextAndSubscriptionsCountTowardTheDeclarationsBudget() {
    String session = f.startSession("alpha");
    // 400 KB of text, about 7 MB as a tree: kept as long as the provider is bound.
    String bulky = "{\"a\":[" + "0,".repeat(199_999) + "0]}";

    ErrorMessage byMetadata =
        refusedHello(
            Hello.builder("by-metadata")
                .session(session)
                .metadata(GatewayFixture.json(bulky))
                .build());
    ErrorMessage byStartup =
        refusedHello(
            Hello.builder("by-startup")
                .session(session)
                .startupContext("x".repeat(2_200_000))
                .build());
    List<String> types = new java.util.ArrayList<>();
    for (int i = 0; i < 30_000; i++) {
      types.add("tool.execution_complete." + "x".repeat(40) + i);
    }
    ErrorMessage bySubscribe =
        refusedHello(Hello.builder("by-subscribe").session(session).subscribe(types).build());

    assertThat(List.of(byMetadata, byStartup, bySubscribe))
        .allSatisfy(
            refused -> {
              assertThat(refused.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
              assertThat(refused.message()).contains("bytes of memory");
            });
    RecordingProviderConnection small = f.authenticated();
    small.send(
        Hello.builder("small")
            .session(session)
            .metadata(GatewayFixture.json("{\"url\":\"x\"}"))
            .startupContext("ready")
            .subscribe(List.of("tool.execution_complete"))
            .build());
    small.next(HelloAck.class);
  }

  @Test
  void declarationsOfAllProvidersTogetherAreBounded() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxDeclaredBytes(6_000))) {
      String session = small.startSession("alpha");
      String schema = "{\"type\":\"object\",\"enum\":[" + "0,".repeat(99) + "0]}";
      for (int i = 0; i < 2; i++) {
        RecordingProviderConnection conn = small.authenticated();
        conn.send(
            Hello.builder("p" + i)
                .session(session)
                .tools(
                    io.github.providergateway.protocol.ToolDefinition.of(
                        "t" + i, "d", GatewayFixture.json(schema)))
                .build());
        if (i == 0) {
          conn.next(HelloAck.class);
        } else {
          assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
        }
      }
    }
  }

  // ---- bind deadline (issue 13) ----

  @Test
  void anAuthenticatedConnectionThatNeverSaysHelloIsClosedAfterTheBindTimeout() {
    f.startSession("alpha");
    RecordingProviderConnection silent = f.authenticated();

    f.clock.advance(java.time.Duration.ofMillis(29_999));
    assertThat(silent.isClosed()).isFalse();
    f.clock.advance(java.time.Duration.ofMillis(1));

    assertThat(silent.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(silent.closeReason())
        .isEqualTo(io.github.providergateway.gateway.spi.CloseReason.UNBOUND_TOO_LONG);
  }

  @Test
  void withNoSessionToBindToAConnectionMayWaitAndItsDeadlineStartsOver() {
    RecordingProviderConnection waiting = f.authenticated();
    f.clock.advance(java.time.Duration.ofMinutes(5));
    assertThat(waiting.isClosed()).as("nothing to bind to: waiting is right").isFalse();

    String session = f.startSession("alpha");
    waiting.next(io.github.providergateway.protocol.SessionsUpdated.class);
    waiting.send(Hello.builder("p").session(session).build());
    waiting.next(HelloAck.class);
    f.clock.advance(java.time.Duration.ofMinutes(5));
    assertThat(waiting.isClosed()).as("bound: no deadline").isFalse();
  }

  @Test
  void aProviderThatLostItsSessionsMustBindAgainWithinTheBindTimeout() {
    String first = f.startSession("alpha");
    f.startSession("beta");
    RecordingProviderConnection provider = f.authenticated();
    provider.send(Hello.builder("p").session(first).build());
    provider.next(HelloAck.class);

    f.gateway.endSession(first, java.time.Duration.ZERO);
    f.clock.advance(java.time.Duration.ofSeconds(29));
    assertThat(provider.isClosed()).as("unbound, within the bind timeout").isFalse();
    f.clock.advance(java.time.Duration.ofSeconds(2));

    assertThat(provider.isClosed()).isTrue();
  }

  @Test
  void everyHelloAckCarriesANewReconnectToken() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();
    conn.send(Hello.builder("greeter").session(session).build());
    String first = conn.next(HelloAck.class).reconnectToken();
    conn.next(SessionLifecycle.class);

    conn.send(Hello.builder("greeter").session(session).build());

    HelloAck second = conn.next(HelloAck.class);
    assertThat(second.reconnectToken()).isNotEqualTo(first);
  }

  @Test
  void helloWithAnotherVersionIsUnsupportedAndCloses() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("future").session(session).protocolVersion(3).build());

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
    assertThat(error.replyTo()).isEqualTo("hello");
    assertThat(conn.closeReason()).isEqualTo(CloseReason.UNSUPPORTED_VERSION);
  }

  @Test
  void helloWithoutProtocolVersionIsUnsupportedAndCloses() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.sendText("{\"type\":\"hello\",\"name\":\"old\",\"session\":\"" + session + "\"}");

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
    assertThat(conn.isClosed()).isTrue();
  }

  @Test
  void helloWithoutNameIsInvalidJsonAndTheConnectionMayRetry() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.sendText("{\"type\":\"hello\",\"protocolVersion\":2,\"session\":\"" + session + "\"}");

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("name");
    conn.send(Hello.builder("fixed").session(session).build());
    conn.next(HelloAck.class);
  }

  @Test
  void helloNamingAnUnknownSessionIsInvalidSessionAndMayBeCorrected() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("lost").session("def456").tools(tool("t")).build());

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(error.message()).isEqualTo("Session def456 does not exist");
    assertThat(error.replyTo()).isEqualTo("hello");
    assertThat(error.sessionId()).isEqualTo("def456");
    assertThat(conn.isClosed()).isFalse();
    f.settle();
    assertThat(f.host(session).registrations).isEmpty();

    conn.send(Hello.builder("lost").session(session).tools(tool("t")).build());
    conn.next(HelloAck.class);
  }

  @Test
  void gatewayTokenProviderMustNameASession() {
    f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("vague").build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(conn.isClosed()).isFalse();
  }

  @Test
  void webSocketProviderAskingForAllIsUnauthorizedAndBindsNothing() {
    String session = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("greedy").allSessions().tools(tool("t")).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    f.settle();
    assertThat(f.host(session).registrations).isEmpty();
    assertThat(done(f.gateway.providers())).isEmpty();
  }

  @Test
  void sameNameAndInstanceOnASecondConnectionIsADuplicateAndTheFirstIsUnaffected() {
    String session = f.startSession("alpha");
    RecordingProviderConnection first = f.bound("browser", session, tool("page_title"));
    RecordingProviderConnection second = f.authenticated();

    second.send(Hello.builder("browser").session(session).tools(tool("other")).build());

    assertThat(second.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.DUPLICATE_INSTANCE);
    assertThat(second.isClosed()).isFalse();
    var call = f.call(session, "page_title", "{}");
    ToolCall toFirst = first.next(ToolCall.class);
    first.send(ToolResult.success(toFirst.id(), GatewayFixture.json("\"Dashboard\"")));
    assertThat(done(call).outcome().status()).isEqualTo(ToolOutcome.Status.SUCCESS);

    second.send(Hello.builder("browser").instance("tab-2").session(session).build());
    second.next(HelloAck.class);
  }

  @Test
  void aProviderIdSurvivesARebindOfTheSameIdentity() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection conn = f.authenticated();
    conn.send(Hello.builder("mover").session(a).build());
    String id = conn.next(HelloAck.class).providerId();
    conn.next(SessionLifecycle.class);

    conn.send(Hello.builder("mover").session(b).build());

    assertThat(conn.next(HelloAck.class).providerId()).isEqualTo(id);
  }

  @Test
  void rebindRemovesTheOldToolsBeforeRegisteringTheNewOnes() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection conn = f.bound("mover", a, tool("old_tool"));
    f.settle();
    assertThat(f.host(a).registeredNames()).containsExactly("old_tool");

    conn.send(Hello.builder("mover").session(b).tools(tool("new_tool")).build());
    conn.next(HelloAck.class);

    f.settle();
    assertThat(f.host(a).registeredNames()).isEmpty();
    assertThat(f.host(b).registeredNames()).containsExactly("new_tool");
  }

  @Test
  void rebindTakesTheOldHookRulesTransformsAndContextOutOfTheOldSession() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection worker = f.bound("worker", a, tool("deploy"));
    RecordingProviderConnection conn =
        f.bound(
            Hello.builder("mover")
                .session(a)
                .tools(tool("old_tool"))
                .hooks(
                    new Hooks(
                        List.of(HookRule.deny(HookMatch.tool("deploy"), "frozen")),
                        Map.of(
                            "custom_instructions",
                            Optional.of(TransformRule.append("from mover")))))
                .context("mover was here")
                .build());

    conn.send(Hello.builder("mover").session(b).tools(tool("new_tool")).build());
    conn.next(HelloAck.class);

    PromptResult prompt = done(f.gateway.onPrompt(a, Map.of("custom_instructions", "Be brief.")));
    assertThat(prompt.context()).isEmpty();
    assertThat(prompt.sections()).containsEntry("custom_instructions", "Be brief.");
    var call = f.call(a, "deploy", "{}");
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), GatewayFixture.json("\"ok\"")));
    assertThat(done(call).outcome().status()).isEqualTo(ToolOutcome.Status.SUCCESS);
  }

  @Test
  void rebindCancelsTheOldBindingsCallsAndNoneOfThemEverReachesTheNewBinding() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.bound("worker", a, tool("slow"));
    var call = f.call(a, "slow", "{}");
    ToolCall sent = conn.next(ToolCall.class);

    conn.send(Hello.builder("worker").session(a).tools(tool("slow")).build());

    ToolCancel cancel = conn.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(sent.id());
    conn.next(HelloAck.class);
    CallResult result = done(call);
    assertThat(result.outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Failure.class,
            failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.CANCELLED));
    // A late answer for the old call changes nothing and draws no error.
    conn.next(SessionLifecycle.class);
    conn.send(ToolResult.success(sent.id(), GatewayFixture.json("1")));
    conn.assertNoMoreMessages();
  }

  /** A rebind under another name gives the old name up: it is nobody's, so anyone may take it. */
  @Test
  void aProviderThatRebindsUnderAnotherNameLeavesItsOldNameFree() {
    String a = f.startSession("alpha");
    RecordingProviderConnection renamed = f.bound("worker", a, tool("build"));
    renamed.send(Hello.builder("helper").session(a).tools(tool("lint")).build());
    renamed.next(HelloAck.class);

    RecordingProviderConnection newcomer = f.authenticated();
    newcomer.send(Hello.builder("worker").session(a).tools(tool("build")).build());

    assertThat(newcomer.next()).isInstanceOf(HelloAck.class);
    assertThat(done(f.gateway.providers()))
        .extracting(ProviderInfo::name)
        .containsExactlyInAnyOrder("helper", "worker");
  }

  @Test
  void failedRebindLeavesTheProviderConnectedButRegisteredNowhere() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.bound("mover", a, tool("kept"));
    f.settle();

    conn.send(Hello.builder("mover").session("nowhere").tools(tool("kept")).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(conn.isClosed()).isFalse();
    f.settle();
    assertThat(f.host(a).registeredNames()).isEmpty();
    assertThat(done(f.gateway.providers())).isEmpty();
    // Unbound: only hello and goodbye are accepted.
    conn.send(
        io.github.providergateway.protocol.Push.event(
            io.github.providergateway.protocol.PushLevel.KEEP, "x"));
    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    conn.send(Hello.builder("mover").session(a).build());
    conn.next(HelloAck.class);
  }

  @Test
  void theEleventhRebindWithinAMinuteIsRateLimited() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.bound("churner", a);
    for (int i = 0; i < 10; i++) {
      conn.send(Hello.builder("churner").session(a).build());
      conn.next(HelloAck.class);
      conn.next(SessionLifecycle.class);
    }

    conn.send(Hello.builder("churner").session(a).build());
    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.RATE_LIMITED);

    f.clock.advance(java.time.Duration.ofSeconds(60));
    conn.send(Hello.builder("churner").session(a).build());
    conn.next(HelloAck.class);
  }

  @Test
  void helloDeclaringAToolAnotherProviderHoldsIsAConflictAndBindsNothing() {
    String a = f.startSession("alpha");
    f.bound("first", a, tool("screenshot"));
    RecordingProviderConnection second = f.authenticated();

    second.send(
        Hello.builder("second").session(a).tools(tool("screenshot"), tool("other")).build());

    ErrorMessage error = second.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    assertThat(error.message())
        .isEqualTo("Tool 'screenshot' already registered by provider 'first'");
    assertThat(error.sessionId()).isEqualTo(a);
    f.settle();
    assertThat(f.host(a).registeredNames()).containsExactly("screenshot");
  }

  @Test
  void theSameToolNameInDifferentSessionsIsNoConflict() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    f.bound("first", a, tool("screenshot"));

    f.bound("second", b, tool("screenshot"));

    f.settle();
    assertThat(f.host(b).registeredNames()).containsExactly("screenshot");
  }

  @Test
  void aToolNamedLikeAHostToolIsAConflict() {
    String a = f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell")));
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("impostor").session(a).tools(tool("shell")).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
  }

  @Test
  void aToolNameReservedForAnotherProvidersMetaToolIsRefused() {
    String a = f.startSession("alpha");
    f.bound(
        Hello.builder("browser").instance("tab-1").session(a).tools(tool("page_title")).build());
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("spoofer").session(a).tools(tool("list_browser_instances")).build());

    ErrorMessage refused = conn.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    assertThat(refused.message()).contains("'list_browser'");
  }

  @Test
  void theNamesAnMcpServersReadsAreCheckedByAreReservedForTheGateway() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    for (String reserved : List.of("mcp.resources.read", "mcp.prompts.get")) {
      conn.send(Hello.builder("spoofer").session(a).tools(tool(reserved)).build());

      ErrorMessage refused = conn.next(ErrorMessage.class);
      assertThat(refused.code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
      assertThat(refused.message()).contains("'" + reserved + "'", "reserved for the gateway");
    }
    conn.send(Hello.builder("spoofer").session(a).tools(tool("mcp.resources.list_mine")).build());
    conn.next(HelloAck.class);
  }

  @Test
  void aHelloWithExactlyOneHundredToolsIsAcceptedAndOneMoreIsTooLarge() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();
    var tools = new java.util.ArrayList<io.github.providergateway.protocol.ToolDefinition>();
    for (int i = 0; i < 101; i++) {
      tools.add(tool("t" + i));
    }

    conn.send(Hello.builder("big").session(a).tools(tools).build());
    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

    conn.send(Hello.builder("big").session(a).tools(tools.subList(0, 100)).build());
    conn.next(HelloAck.class);
    f.settle();
    assertThat(f.host(a).registeredNames()).hasSize(100);
  }

  @Test
  void aToolDeclaredTwiceInOneHelloIsAConflict() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("twice").session(a).tools(tool("t"), tool("t")).build());

    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
  }

  @Test
  void aToolWithoutParametersIsInvalidJson() {
    String a = f.startSession("alpha");
    RecordingProviderConnection conn = f.authenticated();

    conn.sendText(
        "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"session\":\""
            + a
            + "\",\"tools\":[{\"name\":\"t\",\"description\":\"d\"}]}");

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("tools[0].parameters");
  }
}
