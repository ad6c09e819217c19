package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.CODEC;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.json;
import static io.github.providergateway.protocol.json.Codec.object;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Forward compatibility (R-CODEC-01, R-CODEC-13; STYLE "three codec tests per optional field"): for
 * every optional field, an absent field decodes to {@code null}, a JSON {@code null} is read as
 * absent and left out when re-encoded, and an unknown field beside it is ignored.
 */
class ForwardCompatibilityTest {

  private static final String HELLO =
      """
      {"type":"hello","name":"p","protocolVersion":2,"session":"abc123","instance":"tab-1",
       "reconnectToken":"tok-1","startup_context":"s","metadata":{"a":1},
       "tools":[{"name":"t","description":"d","parameters":{},"timeout":1000}],
       "hooks":{"onPreToolUse":[{"match":{"tool":"shell","args":"git","provider":"p","file":"*.sql"},
                                 "action":"deny","reason":"r"},
                                {"action":"gate","gateId":"g","failOpen":true}],
                "transforms":{"x":{"action":"append","content":"c"}}},
       "subscribe":["user.message"],"context":"c","concurrency":{"max":2,"scope":"tool"},
       "extensions":["gate.args","gate.someday"]}""";
  private static final String TOOL_RESULT =
      """
      {"type":"tool.result","id":"c","error":"e","errorCode":"NOT_FOUND","retryable":true,
       "file":{"path":"/p/f","mimeType":"a/b","size":1,"ttl":2}}""";
  private static final String PUSH =
      """
      {"type":"push","stream":"s","sessionId":"abc","event":"e","prompt":"p","level":"keep",
       "metadata":{"k":1},"broadcast":true}""";
  private static final String TOOLS_UPDATE =
      """
      {"type":"tools.update","requestId":"r","sessionId":"s",
       "tools":[{"name":"t","description":"d","parameters":{},"timeout":5}],"remove":["x"]}""";
  private static final String HOOKS_UPDATE =
      """
      {"type":"hooks.update","requestId":"r","sessionId":"s",
       "onPreToolUse":[{"match":{"tool":"t"},"action":"deny","reason":"no"}],
       "transforms":{"x":{"action":"callback"}}}""";
  private static final String SESSIONS =
      """
      {"type":"sessions","token":"ext-1","active":[{"id":"a","label":"l","cwd":"/c","foreground":true}]}""";
  private static final String ERROR =
      """
      {"type":"error","code":"RATE_LIMITED","message":"m","replyTo":"push","providerId":"p-1",
       "sessionId":"s","requestId":"r"}""";
  private static final String HISTORY =
      """
      {"type":"stream.history","queryId":"q","streams":{"a":[
        {"ts":"2026-04-26T14:00:00Z","event":"e","level":"keep","metadata":{"k":1}}]}}""";

  /**
   * One row per optional field: the message type, a message with it present, its pointer, its
   * accessor.
   */
  static Stream<Arguments> optionalFields() {
    return Stream.of(
        row(
            Auth.class,
            "{\"type\":\"auth\",\"mode\":\"pair\",\"token\":\"t\"}",
            "/token",
            Auth::token),
        row(Goodbye.class, "{\"type\":\"goodbye\",\"reason\":\"r\"}", "/reason", Goodbye::reason),
        row(
            ShutdownReady.class,
            "{\"type\":\"shutdown.ready\",\"sessionId\":\"s\"}",
            "/sessionId",
            ShutdownReady::sessionId),
        row(ToolResult.class, TOOL_RESULT, "/error", ToolResult::error),
        row(ToolResult.class, TOOL_RESULT, "/errorCode", ToolResult::errorCode),
        row(ToolResult.class, TOOL_RESULT, "/retryable", ToolResult::retryable),
        row(ToolResult.class, TOOL_RESULT, "/file", ToolResult::file),
        row(ToolResult.class, TOOL_RESULT, "/file/size", m -> m.file().size()),
        row(ToolResult.class, TOOL_RESULT, "/file/ttl", m -> m.file().ttl()),
        row(
            GateResult.class,
            "{\"type\":\"gate.result\",\"gateId\":\"g\",\"callId\":\"c\",\"decision\":\"deny\",\"reason\":\"r\"}",
            "/gateId",
            GateResult::gateId),
        row(
            GateResult.class,
            "{\"type\":\"gate.result\",\"gateId\":\"g\",\"callId\":\"c\",\"decision\":\"deny\",\"reason\":\"r\"}",
            "/reason",
            GateResult::reason),
        row(
            GateResult.class,
            "{\"type\":\"gate.result\",\"gateId\":\"g\",\"callId\":\"c\",\"decision\":\"allow\",\"args\":{\"branch\":\"main\"}}",
            "/args",
            GateResult::args),
        row(
            GateResult.class,
            "{\"type\":\"gate.result\",\"gateId\":\"g\",\"callId\":\"c\",\"decision\":\"ask\",\"reason\":\"r\",\"askTimeoutMs\":5000}",
            "/askTimeoutMs",
            GateResult::askTimeout),
        row(Push.class, PUSH, "/stream", Push::stream),
        row(Push.class, PUSH, "/sessionId", Push::sessionId),
        row(Push.class, PUSH, "/event", Push::event),
        row(Push.class, PUSH, "/prompt", Push::prompt),
        row(Push.class, PUSH, "/metadata", Push::metadata),
        row(Push.class, PUSH, "/broadcast", Push::broadcast),
        row(ToolsUpdate.class, TOOLS_UPDATE, "/requestId", ToolsUpdate::requestId),
        row(ToolsUpdate.class, TOOLS_UPDATE, "/sessionId", ToolsUpdate::sessionId),
        row(ToolsUpdate.class, TOOLS_UPDATE, "/tools", ToolsUpdate::tools),
        row(ToolsUpdate.class, TOOLS_UPDATE, "/remove", ToolsUpdate::remove),
        row(ToolsUpdate.class, TOOLS_UPDATE, "/tools/0/timeout", m -> m.tools().get(0).timeout()),
        row(HooksUpdate.class, HOOKS_UPDATE, "/requestId", HooksUpdate::requestId),
        row(HooksUpdate.class, HOOKS_UPDATE, "/sessionId", HooksUpdate::sessionId),
        row(HooksUpdate.class, HOOKS_UPDATE, "/onPreToolUse", m -> m.hooks().onPreToolUse()),
        row(HooksUpdate.class, HOOKS_UPDATE, "/transforms", m -> m.hooks().transforms()),
        row(
            HooksUpdate.class,
            HOOKS_UPDATE,
            "/onPreToolUse/0/match",
            m -> m.hooks().onPreToolUse().get(0).match()),
        row(
            HooksUpdate.class,
            HOOKS_UPDATE,
            "/onPreToolUse/0/reason",
            m -> m.hooks().onPreToolUse().get(0).reason()),
        row(
            ContextUpdate.class,
            "{\"type\":\"context.update\",\"requestId\":\"r\",\"sessionId\":\"s\",\"context\":\"c\"}",
            "/requestId",
            ContextUpdate::requestId),
        row(
            ContextUpdate.class,
            "{\"type\":\"context.update\",\"requestId\":\"r\",\"sessionId\":\"s\",\"context\":\"c\"}",
            "/sessionId",
            ContextUpdate::sessionId),
        row(
            FilterSet.class,
            "{\"type\":\"filter.set\",\"requestId\":\"r\",\"sessionId\":\"s\",\"stream\":\"x\",\"rules\":[]}",
            "/requestId",
            FilterSet::requestId),
        row(
            FilterSet.class,
            "{\"type\":\"filter.set\",\"requestId\":\"r\",\"sessionId\":\"s\",\"stream\":\"x\",\"rules\":[]}",
            "/sessionId",
            FilterSet::sessionId),
        row(
            FilterSet.class,
            "{\"type\":\"filter.set\",\"requestId\":\"r\",\"sessionId\":\"s\",\"stream\":\"x\",\"rules\":[]}",
            "/stream",
            FilterSet::stream),
        row(
            StreamQuery.class,
            "{\"type\":\"stream.query\",\"queryId\":\"q\",\"sessionId\":\"s\",\"streams\":[\"a\"],\"last\":5}",
            "/sessionId",
            StreamQuery::sessionId),
        row(
            StreamQuery.class,
            "{\"type\":\"stream.query\",\"queryId\":\"q\",\"sessionId\":\"s\",\"streams\":[\"a\"],\"last\":5}",
            "/last",
            StreamQuery::last),
        row(Hello.class, HELLO, "/session", Hello::session),
        row(Hello.class, HELLO, "/instance", Hello::instance),
        row(Hello.class, HELLO, "/reconnectToken", Hello::reconnectToken),
        row(Hello.class, HELLO, "/startup_context", Hello::startupContext),
        row(Hello.class, HELLO, "/metadata", Hello::metadata),
        row(Hello.class, HELLO, "/tools", Hello::tools),
        row(Hello.class, HELLO, "/tools/0/timeout", m -> m.tools().get(0).timeout()),
        row(Hello.class, HELLO, "/hooks", Hello::hooks),
        row(Hello.class, HELLO, "/hooks/onPreToolUse", m -> m.hooks().onPreToolUse()),
        row(Hello.class, HELLO, "/hooks/transforms", m -> m.hooks().transforms()),
        row(
            Hello.class,
            HELLO,
            "/hooks/onPreToolUse/0/match/tool",
            m -> m.hooks().onPreToolUse().get(0).match().tool()),
        row(
            Hello.class,
            HELLO,
            "/hooks/onPreToolUse/0/match/args",
            m -> m.hooks().onPreToolUse().get(0).match().args()),
        row(
            Hello.class,
            HELLO,
            "/hooks/onPreToolUse/0/match/provider",
            m -> m.hooks().onPreToolUse().get(0).match().provider()),
        row(
            Hello.class,
            HELLO,
            "/hooks/onPreToolUse/0/match/file",
            m -> m.hooks().onPreToolUse().get(0).match().file()),
        row(
            Hello.class,
            HELLO,
            "/hooks/onPreToolUse/1/failOpen",
            m -> m.hooks().onPreToolUse().get(1).failOpen()),
        row(Hello.class, HELLO, "/subscribe", Hello::subscribe),
        row(Hello.class, HELLO, "/context", Hello::context),
        row(Hello.class, HELLO, "/concurrency", Hello::concurrency),
        row(Hello.class, HELLO, "/concurrency/scope", m -> m.concurrency().scope()),
        row(Hello.class, HELLO, "/extensions", Hello::extensions),
        row(Sessions.class, SESSIONS, "/token", Sessions::token),
        row(Sessions.class, SESSIONS, "/active/0/label", m -> m.active().get(0).label()),
        row(Sessions.class, SESSIONS, "/active/0/cwd", m -> m.active().get(0).cwd()),
        row(Sessions.class, SESSIONS, "/active/0/foreground", m -> m.active().get(0).foreground()),
        row(
            HelloAck.class,
            "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p\",\"sessionId\":\"s\",\"reconnectToken\":\"t\",\"persistDir\":\"/d\"}",
            "/sessionId",
            HelloAck::sessionId),
        row(
            HelloAck.class,
            "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p\",\"sessionId\":\"s\",\"reconnectToken\":\"t\",\"persistDir\":\"/d\"}",
            "/reconnectToken",
            HelloAck::reconnectToken),
        row(
            HelloAck.class,
            "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p\",\"sessionId\":\"s\",\"reconnectToken\":\"t\",\"persistDir\":\"/d\"}",
            "/persistDir",
            HelloAck::persistDir),
        row(
            HelloAck.class,
            "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p\",\"sessionId\":\"s\",\"extensions\":[\"gate.args\"]}",
            "/extensions",
            HelloAck::extensions),
        row(ErrorMessage.class, ERROR, "/replyTo", ErrorMessage::replyTo),
        row(ErrorMessage.class, ERROR, "/providerId", ErrorMessage::providerId),
        row(ErrorMessage.class, ERROR, "/sessionId", ErrorMessage::sessionId),
        row(ErrorMessage.class, ERROR, "/requestId", ErrorMessage::requestId),
        row(
            ToolCancel.class,
            "{\"type\":\"tool.cancel\",\"id\":\"c\",\"sessionId\":\"s\",\"reason\":\"interrupted\"}",
            "/reason",
            ToolCancel::reason),
        row(
            SessionLifecycle.class,
            "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"shutdown.pending\",\"deadline\":5}",
            "/deadline",
            SessionLifecycle::deadline),
        row(
            StreamHistory.class,
            HISTORY,
            "/streams/a/0/level",
            m -> m.streams().get("a").get(0).level()),
        row(
            StreamHistory.class,
            HISTORY,
            "/streams/a/0/metadata",
            m -> m.streams().get("a").get(0).metadata()));
  }

  private static <M extends Message> Arguments row(
      Class<M> type, String json, String pointer, Function<M, Object> field) {
    Function<Message, Object> get = m -> field.apply(type.cast(m));
    return Arguments.of(Named.of(type.getSimpleName(), type), json, pointer, get);
  }

  @ParameterizedTest(name = "[{index}] {0} {2}")
  @MethodSource("optionalFields")
  void absentOptionalFieldDecodesToNull(
      Class<? extends Message> type, String json, String pointer, Function<Message, Object> field) {
    assertThat(field.apply(decode(type, json))).as("present in the full message").isNotNull();

    Message message = decode(type, DecodeFailureTest.without(json, pointer));

    assertThat(field.apply(message)).isNull();
    assertThat(json(CODEC.encode(message)).at(pointer).isMissingNode()).isTrue();
  }

  @ParameterizedTest(name = "[{index}] {0} {2}")
  @MethodSource("optionalFields")
  void nullOptionalFieldIsReadAsAbsentAndLeftOutWhenEncoded(
      Class<? extends Message> type, String json, String pointer, Function<Message, Object> field) {
    Message message = decode(type, DecodeFailureTest.withNull(json, pointer));

    assertThat(field.apply(message)).isNull();
    assertThat(message).isEqualTo(decode(type, DecodeFailureTest.without(json, pointer)));
    assertThat(json(CODEC.encode(message)).at(pointer).isMissingNode()).isTrue();
  }

  @ParameterizedTest(name = "[{index}] {0} {2}")
  @MethodSource("optionalFields")
  void unknownFieldBesideAnOptionalFieldIsIgnored(
      Class<? extends Message> type, String json, String pointer, Function<Message, Object> field) {
    ObjectNode root = object(json);
    JsonPointer p = JsonPointer.compile(pointer);
    ((ObjectNode) root.at(p.head()))
        .set("futureField", json("{\"nested\":[1,\"two\",null,{\"x\":false}]}"));

    Message message = decode(type, CODEC.writeJson(root));

    assertThat(message).isEqualTo(decode(type, json));
    assertThat(json(CODEC.encode(message)).findValue("futureField")).isNull();
  }

  private static Message decode(Class<? extends Message> type, String json) {
    DecodeResult<? extends Message, DecodeError> result =
        ProviderMessage.class.isAssignableFrom(type)
            ? CODEC.decodeProviderMessage(json)
            : CODEC.decodeGatewayMessage(json);
    assertThat(result.errorOrNull()).as("decode error for %s", json).isNull();
    assertThat(result.messageOrNull()).isInstanceOf(type);
    return result.messageOrNull();
  }

  // ---- JSON null where it means something ----

  @Test
  void nullToolResultDataIsKeptAsAJsonNullValue() {
    // ToolResult.data: a provider may answer null (JavaScript's JSON.stringify of a null result);
    // unlike other optional fields it is kept, as NullNode, and written back.
    String json = "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":null}";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.data()).isEqualTo(NullNode.getInstance());
    assertThat(result.isFailure()).isFalse();
    Codec.assertEncodesTo(result, json);
  }

  @Test
  void absentToolResultDataIsNull() {
    ToolResult result = decodeProvider("{\"type\":\"tool.result\",\"id\":\"c\"}", ToolResult.class);

    assertThat(result.data()).isNull();
    assertThat(result.isFailure()).isFalse();
    assertThat(json(CODEC.encode(result)).has("data")).isFalse();
  }

  @Test
  void nullTransformRemovesThatSectionsTransform() {
    HooksUpdate update =
        decodeProvider(
            "{\"type\":\"hooks.update\",\"transforms\":{\"x\":null}}", HooksUpdate.class);

    assertThat(update.hooks().transforms()).containsEntry("x", Optional.empty());
    JsonNode encoded = json(CODEC.encode(update));
    assertThat(encoded.at("/transforms/x").isNull()).isTrue();
  }

  @Test
  void unknownFieldsInsideOpaqueValuesAreKept() {
    // Only the protocol's own fields are dropped; args, data and metadata are carried whole.
    String json =
        """
        {"type":"push","event":"e","level":"keep","metadata":{"futureField":1}}""";

    Push push = decodeProvider(json, Push.class);

    assertThat(push.metadata().get("futureField").intValue()).isEqualTo(1);
  }
}
