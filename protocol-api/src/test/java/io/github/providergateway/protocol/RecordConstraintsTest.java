package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The records' compact constructors: what each refuses (the codec turns these refusals into {@code
 * INVALID_JSON}), the copies they make, and secrets kept out of {@code toString()}.
 */
class RecordConstraintsTest {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final JsonNode OBJECT = NODES.objectNode();
  private static final JsonNode ARRAY = NODES.arrayNode();

  /** A description, a construction that must fail, and the exception it fails with. */
  static Stream<Arguments> refusals() {
    return Stream.of(
        refused(
            "auth with neither token nor mode",
            () -> new Auth(null, null),
            IllegalArgumentException.class),
        refused(
            "auth with both token and mode",
            () -> new Auth("t", AuthMode.PAIR),
            IllegalArgumentException.class),
        refused(
            "auth.confirm without code", () -> new AuthConfirm(null), NullPointerException.class),
        refused(
            "hello without name", () -> Hello.builder(null).build(), NullPointerException.class),
        refused(
            "hello with an empty name",
            () -> Hello.builder("").build(),
            IllegalArgumentException.class),
        refused(
            "hello with an empty instance",
            () -> Hello.builder("p").instance("").build(),
            IllegalArgumentException.class),
        refused(
            "hello with array metadata",
            () -> Hello.builder("p").metadata(ARRAY).build(),
            IllegalArgumentException.class),
        refused(
            "hello with an empty subscription",
            () -> Hello.builder("p").subscribe(List.of("")).build(),
            IllegalArgumentException.class),
        refused(
            "hello with a null tool",
            () -> Hello.builder("p").tools(nullList()).build(),
            NullPointerException.class),
        refused(
            "session named all", () -> SessionSelector.of("all"), IllegalArgumentException.class),
        refused(
            "session with an empty id",
            () -> SessionSelector.of(""),
            IllegalArgumentException.class),
        refused(
            "tool with array parameters",
            () -> ToolDefinition.of("t", "d", ARRAY),
            IllegalArgumentException.class),
        refused(
            "tool without description",
            () -> ToolDefinition.of("t", null, OBJECT),
            NullPointerException.class),
        refused(
            "tool with an empty name",
            () -> ToolDefinition.of("", "d", OBJECT),
            IllegalArgumentException.class),
        refused(
            "tool with zero timeout",
            () -> new ToolDefinition("t", "d", OBJECT, Duration.ZERO),
            IllegalArgumentException.class),
        refused(
            "tool with negative timeout",
            () -> new ToolDefinition("t", "d", OBJECT, Duration.ofMillis(-1)),
            IllegalArgumentException.class),
        refused(
            "tool with sub-millisecond timeout",
            () -> new ToolDefinition("t", "d", OBJECT, Duration.ofNanos(1_500_000)),
            IllegalArgumentException.class),
        refused(
            "concurrency of zero", () -> new Concurrency(0, null), IllegalArgumentException.class),
        refused(
            "hook rule without action",
            () -> new HookRule(null, null, null, null, null, null),
            NullPointerException.class),
        refused(
            "gate rule without gateId",
            () -> HookRule.gate(null, null),
            NullPointerException.class),
        refused(
            "gate rule with an empty gateId",
            () -> HookRule.gate(null, ""),
            IllegalArgumentException.class),
        refused(
            "context rule without content",
            () -> HookRule.context(null, null),
            NullPointerException.class),
        refused(
            "callback transform with content",
            () -> new TransformRule(TransformAction.CALLBACK, "c"),
            IllegalArgumentException.class),
        refused(
            "append transform without content",
            () -> TransformRule.append(null),
            NullPointerException.class),
        refused(
            "hooks with a null transform value",
            () -> new Hooks(null, nullValueMap()),
            NullPointerException.class),
        refused(
            "tool.result with an empty id",
            () -> ToolResult.success("", OBJECT),
            IllegalArgumentException.class),
        refused(
            "tool.result UNKNOWN without its text",
            () -> ToolResult.failure("c", "e", ToolErrorCode.UNKNOWN),
            IllegalArgumentException.class),
        refused(
            "tool.result with text but a known code",
            () -> new ToolResult("c", null, "e", ToolErrorCode.INTERNAL, null, null, "INTERNAL"),
            IllegalArgumentException.class),
        refused(
            "file without mimeType",
            () -> new FileRef("/p", null, null, null),
            NullPointerException.class),
        refused(
            "file with negative size",
            () -> new FileRef("/p", "a/b", -1L, null),
            IllegalArgumentException.class),
        refused(
            "file with negative ttl",
            () -> new FileRef("/p", "a/b", null, Duration.ofSeconds(-1)),
            IllegalArgumentException.class),
        refused(
            "file with fractional ttl",
            () -> new FileRef("/p", "a/b", null, Duration.ofMillis(1500)),
            IllegalArgumentException.class),
        refused(
            "tool.progress without message",
            () -> new ToolProgress("c", null),
            NullPointerException.class),
        refused(
            "gate.result without callId",
            () -> GateResult.allow("g", null),
            NullPointerException.class),
        refused(
            "gate.result without decision",
            () -> new GateResult("g", "c", null, null),
            NullPointerException.class),
        refused(
            "transform.result without content",
            () -> new TransformResult("c", null),
            NullPointerException.class),
        refused("push without level", () -> Push.event(null, "e"), NullPointerException.class),
        refused(
            "push without event or prompt",
            () -> new Push(null, null, null, null, PushLevel.KEEP, null, null),
            NullPointerException.class),
        refused(
            "push with an empty event",
            () -> Push.event(PushLevel.KEEP, ""),
            IllegalArgumentException.class),
        refused(
            "push with a prompt and an empty event",
            () -> new Push(null, null, "", "p", PushLevel.KEEP, null, null),
            IllegalArgumentException.class),
        refused(
            "push with an empty stream",
            () -> Push.event("", PushLevel.KEEP, "e"),
            IllegalArgumentException.class),
        refused(
            "push with string metadata",
            () -> new Push(null, null, "e", null, PushLevel.KEEP, TextNode.valueOf("m"), null),
            IllegalArgumentException.class),
        refused(
            "tools.update with neither tools nor remove",
            () -> new ToolsUpdate(null, null, null, null),
            IllegalArgumentException.class),
        refused(
            "hooks.update without hooks",
            () -> new HooksUpdate(null, null, null),
            NullPointerException.class),
        refused(
            "context.update without context",
            () -> new ContextUpdate(null, null, null),
            NullPointerException.class),
        refused(
            "filter.set without rules",
            () -> new FilterSet(null, null, "s", null),
            NullPointerException.class),
        refused(
            "filter.set with an empty stream",
            () -> new FilterSet(null, null, "", List.of()),
            IllegalArgumentException.class),
        refused(
            "filter rule without outcome",
            () -> new FilterRule("m", null),
            NullPointerException.class),
        refused(
            "stream.query with an empty stream name",
            () -> new StreamQuery("q", null, List.of(""), null),
            IllegalArgumentException.class),
        refused(
            "stream.query with negative last",
            () -> new StreamQuery("q", null, List.of("s"), -1),
            IllegalArgumentException.class),
        refused(
            "stream.query without queryId",
            () -> new StreamQuery(null, null, List.of("s"), null),
            NullPointerException.class),
        refused(
            "session.ready with an empty session",
            () -> new SessionReady(""),
            IllegalArgumentException.class),
        refused(
            "sessions without active", () -> new Sessions("t", null), NullPointerException.class),
        refused(
            "session info with an empty id",
            () -> new SessionInfo("", null, null, null),
            IllegalArgumentException.class),
        refused(
            "hello.ack without providerId",
            () -> new HelloAck(2, null, null, null, null),
            NullPointerException.class),
        refused("ack without requestId", () -> new Ack(null, "s", 1), NullPointerException.class),
        refused(
            "ack with an empty sessionId",
            () -> new Ack("r", "", 1),
            IllegalArgumentException.class),
        refused(
            "error without message",
            () -> ErrorMessage.of(ErrorCode.INVALID_JSON, null),
            NullPointerException.class),
        refused(
            "error UNKNOWN without its text",
            () -> ErrorMessage.of(ErrorCode.UNKNOWN, "m"),
            IllegalArgumentException.class),
        refused(
            "tool.call without args",
            () -> new ToolCall("c", "s", "t", null),
            NullPointerException.class),
        refused(
            "tool.call without sessionId",
            () -> new ToolCall("c", null, "t", OBJECT),
            NullPointerException.class),
        refused(
            "tool.cancel with an empty id",
            () -> new ToolCancel("", "s", null),
            IllegalArgumentException.class),
        refused(
            "gate.check with an empty gateId",
            () -> new GateCheck("", "c", "s", "t", OBJECT),
            IllegalArgumentException.class),
        refused(
            "transform.request without current",
            () -> new TransformRequest("c", "s", "x", null),
            NullPointerException.class),
        refused(
            "session.event without data",
            () -> new SessionEvent("s", "e", null),
            NullPointerException.class),
        refused(
            "lifecycle with negative deadline",
            () -> new SessionLifecycle("s", LifecycleState.SHUTDOWN_PENDING, Duration.ofMillis(-1)),
            IllegalArgumentException.class),
        refused(
            "lifecycle with sub-millisecond deadline",
            () -> new SessionLifecycle("s", LifecycleState.SHUTDOWN_PENDING, Duration.ofNanos(10)),
            IllegalArgumentException.class),
        refused(
            "shutdown.pending without deadline",
            () -> SessionLifecycle.shutdownPending("s", null),
            NullPointerException.class),
        refused(
            "stream entry without ts", () -> StreamEntry.of(null, "e"), NullPointerException.class),
        refused(
            "stream.history with an empty queryId",
            () -> new StreamHistory("", Map.of()),
            IllegalArgumentException.class),
        refused(
            "unknown message without json",
            () -> new UnknownProviderMessage("x", null),
            NullPointerException.class),
        refused(
            "stream name with an empty provider",
            () -> new StreamName("s", ""),
            IllegalArgumentException.class));
  }

  private static Arguments refused(
      String description, ThrowingCallable construction, Class<? extends Throwable> type) {
    return Arguments.of(description, construction, type);
  }

  private static List<ToolDefinition> nullList() {
    List<ToolDefinition> list = new ArrayList<>();
    list.add(null);
    return list;
  }

  private static Map<String, Optional<TransformRule>> nullValueMap() {
    Map<String, Optional<TransformRule>> map = new HashMap<>();
    map.put("x", null);
    return map;
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("refusals")
  void constructorRefusesAnInvalidRecord(
      String description, ThrowingCallable construction, Class<? extends Throwable> type) {
    assertThatThrownBy(construction).isInstanceOf(type);
  }

  // ---- what the constructors allow ----

  @Test
  void emptyStringsAreAllowedWhereTheSpecGivesNoReasonToRefuse() {
    assertThat(new AuthConfirm("").code()).isEmpty();
    assertThat(new ContextUpdate(null, null, "").context()).isEmpty();
    assertThat(new TransformResult("c", "").content()).isEmpty();
    assertThat(new Goodbye("").reason()).isEmpty();
  }

  @Test
  void pushWithAPromptMayOmitItsEvent() {
    Push push = new Push(null, null, null, "Summarize", PushLevel.INJECT, null, null);

    assertThat(push.event()).isNull();
  }

  @Test
  void denyRuleMayOmitItsReason() {
    assertThat(HookRule.deny(null, null).reason()).isNull();
  }

  @Test
  void concurrencyWithoutScopeCountsPerInstance() {
    assertThat(new Concurrency(1, null).effectiveScope()).isEqualTo(ConcurrencyScope.INSTANCE);
    assertThat(new Concurrency(1, ConcurrencyScope.TOOL).effectiveScope())
        .isEqualTo(ConcurrencyScope.TOOL);
  }

  // ---- copies ----

  @Test
  void listsAreCopiedAndUnmodifiable() {
    List<String> subscribe = new ArrayList<>(List.of("user.message"));
    Hello hello = Hello.builder("p").subscribe(subscribe).build();
    subscribe.add("assistant.message");

    assertThat(hello.subscribe()).containsExactly("user.message");
    assertThatThrownBy(() -> hello.subscribe().add("x"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void transformMapsAreCopiedKeepingTheirOrder() {
    Map<String, Optional<TransformRule>> transforms = new LinkedHashMap<>();
    transforms.put("z", Optional.empty());
    transforms.put("a", Optional.of(TransformRule.callback()));
    Hooks hooks = new Hooks(null, transforms);
    transforms.put("m", Optional.empty());

    assertThat(hooks.transforms().keySet()).containsExactly("z", "a");
    assertThatThrownBy(() -> hooks.transforms().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void streamHistoryIsCopiedKeepingItsOrder() {
    Map<String, List<StreamEntry>> streams = new LinkedHashMap<>();
    List<StreamEntry> entries = new ArrayList<>(List.of(StreamEntry.of(Instant.EPOCH, "e")));
    streams.put("b", entries);
    streams.put("a", List.of());
    StreamHistory history = new StreamHistory("q", streams);
    entries.add(StreamEntry.of(Instant.EPOCH, "later"));
    streams.remove("a");

    assertThat(history.streams().keySet()).containsExactly("b", "a");
    assertThat(history.streams().get("b")).hasSize(1);
  }

  // ---- derived views ----

  @Test
  void toolResultShapesAreTellable() {
    FileRef file = new FileRef("/p/f.png", "image/png", null, null);

    assertThat(ToolResult.file("c", file).isFile()).isTrue();
    assertThat(new ToolResult("c", null, "e", null, null, file, null).isFile())
        .as("failure wins")
        .isFalse();
    assertThat(ToolResult.cancelled("c").isCancelled()).isTrue();
    assertThat(ToolResult.failure("c", "e", ToolErrorCode.TIMEOUT).isCancelled()).isFalse();
    assertThat(ToolResult.cancelled("c").error()).isEqualTo("Cancelled");
    assertThat(ToolResult.success("c", null).isFailure()).isFalse();
    assertThat(ToolResult.failure("c", null, ToolErrorCode.TIMEOUT).isFailure()).isTrue();
    assertThat(ToolResult.failure("c", "e", null).errorCodeText()).isNull();
    assertThat(ToolResult.success("c", null).withRetryable(true).isRetryable()).isTrue();
  }

  @Test
  void errorMessageBuildersKeepEveryOtherField() {
    ErrorMessage error =
        ErrorMessage.of(ErrorCode.TOOL_CONFLICT, "m")
            .withRequestId("r")
            .withContext("p", "s")
            .withReplyTo("tools.update");

    assertThat(error)
        .isEqualTo(
            new ErrorMessage(ErrorCode.TOOL_CONFLICT, "m", "tools.update", "p", "s", "r", null));
  }

  @Test
  void sessionInfoWithoutCwdIsItselfWhenThereIsNone() {
    SessionInfo info = new SessionInfo("a", "l", null, null);

    assertThat(info.withoutCwd()).isSameAs(info);
  }

  @Test
  void providersAreToldOnlyTheKindOfWhoOpenedASessionEveryOtherComponentKept() {
    SessionInfo client = new SessionInfo("a", "l", "/w", true, "mcp-http:c");
    SessionInfo agent = new SessionInfo("a", "l", "/w", true, "agent:mcp-http:claude");
    SessionInfo own = new SessionInfo("a", "l", "/w", true);

    assertThat(client.forProviders()).isEqualTo(new SessionInfo("a", "l", "/w", true, "client"));
    assertThat(agent.forProviders()).isEqualTo(new SessionInfo("a", "l", "/w", true, "agent"));
    assertThat(own.forProviders()).isSameAs(own);
    assertThat(new SessionInfo("a", "l", "/w", true, "host").forProviders()).isEqualTo(own);
  }

  @Test
  void whoOpenedASessionReadsTheHostsAndTheProvidersSpellingAndAnUnknownOneIsAClient() {
    assertThat(SessionOpener.of(null)).isEqualTo(SessionOpener.HOST);
    assertThat(SessionOpener.of("host")).isEqualTo(SessionOpener.HOST);
    assertThat(SessionOpener.of("agent")).isEqualTo(SessionOpener.AGENT);
    assertThat(SessionOpener.of("agent:mcp-http:claude")).isEqualTo(SessionOpener.AGENT);
    assertThat(SessionOpener.of("client")).isEqualTo(SessionOpener.CLIENT);
    assertThat(SessionOpener.of("mcp-http:claude")).isEqualTo(SessionOpener.CLIENT);
    // Fail closed: a later version's kind, or one that only starts like "agent", is no agent's.
    assertThat(SessionOpener.of("agents")).isEqualTo(SessionOpener.CLIENT);
    assertThat(SessionOpener.of("embedded")).isEqualTo(SessionOpener.CLIENT);
  }

  @Test
  void aSessionNoClientOpenedMayBeTakenForTheAgents() {
    assertThat(new SessionInfo("a", "l", "/w", true).openedByTokenHolder()).isTrue();
    assertThat(new SessionInfo("a", "l", "/w", true, "agent").openedByTokenHolder()).isTrue();
    assertThat(new SessionInfo("a", "l", "/w", true, "mcp-http:c").openedByTokenHolder()).isFalse();
    assertThat(new SessionInfo("a", "l", "/w", true, "client").openedByTokenHolder()).isFalse();
  }

  @Test
  void pushIsBroadcastOnlyWhenSaidSo() {
    assertThat(new Push(null, null, "e", null, PushLevel.KEEP, null, true).isBroadcast()).isTrue();
    assertThat(new Push(null, null, "e", null, PushLevel.KEEP, null, false).isBroadcast())
        .isFalse();
    assertThat(Push.event(PushLevel.KEEP, "e").isBroadcast()).isFalse();
  }

  @Test
  void gateFailsOpenOnlyWhenSaidSo() {
    assertThat(new HookRule(null, HookAction.GATE, null, null, "g", true).failsOpen()).isTrue();
    assertThat(new HookRule(null, HookAction.GATE, null, null, "g", false).failsOpen()).isFalse();
    assertThat(HookRule.gate(null, "g").failsOpen()).isFalse();
  }

  @Test
  void helloDefaultsToTheCurrentProtocolVersion() {
    assertThat(Hello.builder("p").build().protocolVersion())
        .isEqualTo(Hello.PROTOCOL_VERSION)
        .isEqualTo(2);
    assertThat(Hello.builder("p").build().toolsOrEmpty()).isEmpty();
    assertThat(Hello.builder("p").build().hooksOrNone())
        .isEqualTo(Hooks.none())
        .isEqualTo(new Hooks(null, null));
  }

  @Test
  void helloBuilderMaySayAnotherVersionAndClearTheSession() {
    Hello hello = Hello.builder("p").session("s").protocolVersion(1).session((String) null).build();

    assertThat(hello.protocolVersion()).isEqualTo(1);
    assertThat(hello.session()).isNull();
  }

  @Test
  void sessionSelectorReadsAllAsTheAllSelector() {
    assertThat(SessionSelector.fromWire("all")).isSameAs(SessionSelector.All.INSTANCE);
    assertThat(SessionSelector.fromWire("abc")).isEqualTo(SessionSelector.of("abc"));
    assertThat(SessionSelector.fromWire("ALL")).isEqualTo(SessionSelector.of("ALL"));
  }

  // ---- secrets ----

  static Stream<Arguments> secrets() {
    return Stream.of(
        Arguments.of(Auth.withToken("ptk-SECRET-a8f3"), "ptk-SECRET-a8f3"),
        Arguments.of(Auth.withToken("ext-tok-SECRET"), "ext-tok-SECRET"),
        Arguments.of(new AuthConfirm("847293"), "847293"),
        Arguments.of(
            Hello.builder("browser").session("abc").reconnectToken("tok-SECRET").build(),
            "tok-SECRET"),
        Arguments.of(new HelloAck(2, "p-8f3a", "abc", "tok-SECRET", "/home/u/p/"), "tok-SECRET"),
        Arguments.of(
            new Sessions("ext-tok-SECRET", List.of(new SessionInfo("abc", "PR", null, null))),
            "ext-tok-SECRET"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("secrets")
  void toStringNeverShowsTheSecret(Object record, String secret) {
    assertThat(record.toString()).doesNotContain(secret).contains("<redacted>");
  }

  @Test
  void toStringStillShowsWhatIsNotSecret() {
    assertThat(Auth.pair().toString()).contains("PAIR");
    assertThat(Hello.builder("browser").instance("tab-1").build().toString())
        .contains("browser", "tab-1");
    assertThat(new HelloAck(2, "p-8f3a", "abc", null, null).toString())
        .contains("p-8f3a")
        .doesNotContain("redacted");
    assertThat(Sessions.of(List.of(new SessionInfo("abc", "PR", null, null))).toString())
        .contains("abc")
        .doesNotContain("redacted");
  }
}
