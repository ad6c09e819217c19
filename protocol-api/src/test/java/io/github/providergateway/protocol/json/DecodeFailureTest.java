package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.CODEC;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.gatewayError;
import static io.github.providergateway.protocol.json.Codec.json;
import static io.github.providergateway.protocol.json.Codec.object;
import static io.github.providergateway.protocol.json.Codec.providerError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.UnknownGatewayMessage;
import io.github.providergateway.protocol.UnknownProviderMessage;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the codec makes of input that is not a valid message: always a {@link DecodeResult.Failed}
 * with a typed {@link DecodeError} (R-CODEC-03, R-CODEC-04, R-CODEC-09), or a value for a type it
 * does not know (R-CODEC-02, R-CODEC-13).
 */
class DecodeFailureTest {

  // ---- not a JSON object ----

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "",
        " ",
        "\n\t",
        "{",
        "}",
        "{\"type\":",
        "{\"type\":\"goodbye\"",
        "{\"type\":\"goodbye\",}",
        "{'type':'goodbye'}",
        "{type:\"goodbye\"}",
        "{\"type\":\"goodbye\" \"reason\":\"x\"}",
        "{\"type\":\"goodbye\",\"reason\":\"unterminated}",
        "{\"type\":\"goodbye\",\"reason\":\"raw\ncontrol\"}",
        "{\"type\":\"goodbye\",\"n\":01}",
        "{\"type\":\"goodbye\",\"n\":NaN}",
        "{\"type\":\"goodbye\",\"n\":.5}",
        "not json",
        "nul",
        "\uFEFF{\"type\":\"goodbye\"}x"
      })
  void malformedJsonIsInvalidJson(String text) {
    assertInvalidJsonInBothDirections(text);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {"[]", "[{\"type\":\"goodbye\"}]", "\"goodbye\"", "42", "-1.5", "true", "null"})
  void jsonThatIsNotAnObjectIsInvalidJson(String text) {
    assertInvalidJsonInBothDirections(text);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "{\"type\":\"goodbye\"} x",
        "{\"type\":\"goodbye\"}{}",
        "{\"type\":\"goodbye\"} 1",
        "{\"type\":\"goodbye\"}]",
        "{\"type\":\"goodbye\"}{\"type\":\"goodbye\"}"
      })
  void trailingContentAfterTheObjectIsInvalidJson(String text) {
    assertInvalidJsonInBothDirections(text);
  }

  @Test
  void nullTextIsInvalidJson() {
    assertInvalidJsonInBothDirections(null);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"{}", "{\"reason\":\"x\"}", "{\"Type\":\"goodbye\"}"})
  void objectWithoutTypeIsInvalidJson(String text) {
    assertInvalidJsonInBothDirections(text);
  }

  @ParameterizedTest(name = "[{index}] type {0}")
  @ValueSource(strings = {"1", "null", "{}", "[]", "true", "[\"goodbye\"]"})
  void typeThatIsNotAStringIsInvalidJsonKeepingTheReadableIds(String type) {
    String text = "{\"type\":" + type + ",\"id\":\"c-1\",\"callId\":\"g-1\",\"requestId\":\"r-1\"}";

    for (DecodeError error : new DecodeError[] {providerError(text), gatewayError(text)}) {
      assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(error.type()).isNull();
      assertThat(error.id()).isEqualTo("c-1");
      assertThat(error.callId()).isEqualTo("g-1");
      assertThat(error.requestId()).isEqualTo("r-1");
    }
  }

  private static void assertInvalidJsonInBothDirections(String text) {
    DecodeError provider = providerError(text);
    DecodeError gateway = gatewayError(text);
    assertThat(provider.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(gateway.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(provider.detail()).isNotBlank();
  }

  // ---- required fields ----

  /**
   * One row per required field of every provider message: a valid message, the JSON pointer(s) to
   * remove, and the ids the error must still carry.
   */
  static Stream<Arguments> providerRequiredFields() {
    String hello =
        """
        {"type":"hello","name":"p","protocolVersion":2,"session":"abc123",
         "tools":[{"name":"t","description":"d","parameters":{}}],
         "hooks":{"onPreToolUse":[{"action":"gate","gateId":"g"},{"action":"context","content":"c"}],
                  "transforms":{"custom_instructions":{"action":"append","content":"x"}}},
         "concurrency":{"max":1}}""";
    String toolResult =
        """
        {"type":"tool.result","id":"call-9","file":{"path":"/p/f.png","mimeType":"image/png"}}""";
    String toolsUpdate =
        """
        {"type":"tools.update","requestId":"req-1","sessionId":"s-1",
         "tools":[{"name":"t","description":"d","parameters":{}}],"remove":["x"]}""";
    String hooksUpdate =
        """
        {"type":"hooks.update","requestId":"req-2","sessionId":"s-1","onPreToolUse":[{"action":"deny"}],
         "transforms":{"x":{"action":"callback"}}}""";
    String filterSet =
        """
        {"type":"filter.set","requestId":"req-3","sessionId":"s-1","rules":[{"match":"m","outcome":"drop"}]}""";
    return Stream.of(
        row("{\"type\":\"auth\",\"token\":\"ptk-1\"}", "/token", "auth", null, null, null, null),
        row("{\"type\":\"auth\",\"mode\":\"pair\"}", "/mode", "auth", null, null, null, null),
        row(
            "{\"type\":\"auth.confirm\",\"code\":\"847293\"}",
            "/code",
            "auth.confirm",
            null,
            null,
            null,
            null),
        row(hello, "/name", "hello", null, null, null, null),
        row(hello, "/tools/0/name", "hello", null, null, null, null),
        row(hello, "/tools/0/description", "hello", null, null, null, null),
        row(hello, "/tools/0/parameters", "hello", null, null, null, null),
        row(hello, "/hooks/onPreToolUse/0/action", "hello", null, null, null, null),
        row(hello, "/hooks/onPreToolUse/0/gateId", "hello", null, null, null, null),
        row(hello, "/hooks/onPreToolUse/1/content", "hello", null, null, null, null),
        row(hello, "/hooks/transforms/custom_instructions/action", "hello", null, null, null, null),
        row(
            hello,
            "/hooks/transforms/custom_instructions/content",
            "hello",
            null,
            null,
            null,
            null),
        row(hello, "/concurrency/max", "hello", null, null, null, null),
        row(
            "{\"type\":\"session.ready\",\"sessionId\":\"s-1\"}",
            "/sessionId",
            "session.ready",
            null,
            null,
            null,
            null),
        row(toolResult, "/id", "tool.result", null, null, null, null),
        row(toolResult, "/file/path", "tool.result", "call-9", null, null, null),
        row(toolResult, "/file/mimeType", "tool.result", "call-9", null, null, null),
        row(
            "{\"type\":\"tool.progress\",\"id\":\"call-9\",\"message\":\"m\"}",
            "/id",
            "tool.progress",
            null,
            null,
            null,
            null),
        row(
            "{\"type\":\"tool.progress\",\"id\":\"call-9\",\"message\":\"m\"}",
            "/message",
            "tool.progress",
            "call-9",
            null,
            null,
            null),
        row(
            "{\"type\":\"gate.result\",\"gateId\":\"g\",\"callId\":\"gate-4\",\"decision\":\"allow\"}",
            "/callId",
            "gate.result",
            null,
            null,
            null,
            null),
        row(
            "{\"type\":\"gate.result\",\"gateId\":\"g\",\"callId\":\"gate-4\",\"decision\":\"allow\"}",
            "/decision",
            "gate.result",
            null,
            "gate-4",
            null,
            null),
        row(
            "{\"type\":\"transform.result\",\"callId\":\"tx-7\",\"content\":\"c\"}",
            "/callId",
            "transform.result",
            null,
            null,
            null,
            null),
        row(
            "{\"type\":\"transform.result\",\"callId\":\"tx-7\",\"content\":\"c\"}",
            "/content",
            "transform.result",
            null,
            "tx-7",
            null,
            null),
        row(
            "{\"type\":\"push\",\"sessionId\":\"s-1\",\"event\":\"e\",\"level\":\"keep\"}",
            "/level",
            "push",
            null,
            null,
            null,
            "s-1"),
        row(
            "{\"type\":\"push\",\"sessionId\":\"s-1\",\"event\":\"e\",\"level\":\"keep\"}",
            "/event",
            "push",
            null,
            null,
            null,
            "s-1"),
        row(toolsUpdate, "/tools /remove", "tools.update", null, null, "req-1", "s-1"),
        row(toolsUpdate, "/tools/0/name", "tools.update", null, null, "req-1", "s-1"),
        row(toolsUpdate, "/tools/0/description", "tools.update", null, null, "req-1", "s-1"),
        row(toolsUpdate, "/tools/0/parameters", "tools.update", null, null, "req-1", "s-1"),
        row(hooksUpdate, "/onPreToolUse/0/action", "hooks.update", null, null, "req-2", "s-1"),
        row(hooksUpdate, "/transforms/x/action", "hooks.update", null, null, "req-2", "s-1"),
        row(
            "{\"type\":\"context.update\",\"requestId\":\"req-4\",\"context\":\"c\"}",
            "/context",
            "context.update",
            null,
            null,
            "req-4",
            null),
        row(filterSet, "/rules", "filter.set", null, null, "req-3", "s-1"),
        row(filterSet, "/rules/0/match", "filter.set", null, null, "req-3", "s-1"),
        row(filterSet, "/rules/0/outcome", "filter.set", null, null, "req-3", "s-1"),
        row(
            "{\"type\":\"stream.query\",\"queryId\":\"q-1\",\"streams\":[\"a\"]}",
            "/queryId",
            "stream.query",
            null,
            null,
            null,
            null),
        row(
            "{\"type\":\"stream.query\",\"queryId\":\"q-1\",\"streams\":[\"a\"]}",
            "/streams",
            "stream.query",
            null,
            null,
            null,
            null));
  }

  private static Arguments row(
      String json,
      String pointers,
      String type,
      String id,
      String callId,
      String requestId,
      String sessionId) {
    return Arguments.of(json, pointers, type, id, callId, requestId, sessionId);
  }

  @ParameterizedTest(name = "[{index}] {2} without {1}")
  @MethodSource("providerRequiredFields")
  void providerMessageMissingARequiredFieldIsInvalidJsonWithItsIds(
      String json,
      String pointers,
      String type,
      String id,
      String callId,
      String requestId,
      String sessionId) {
    assertThat(CODEC.decodeProviderMessage(json).errorOrNull())
        .as("the complete message decodes")
        .isNull();

    DecodeError error = providerError(without(json, pointers));

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo(type);
    assertThat(error.id()).isEqualTo(id);
    assertThat(error.callId()).isEqualTo(callId);
    assertThat(error.requestId()).isEqualTo(requestId);
    assertThat(error.sessionId()).isEqualTo(sessionId);
  }

  @ParameterizedTest(name = "[{index}] {2} with null {1}")
  @MethodSource("providerRequiredFields")
  void providerMessageWithARequiredFieldSetToNullIsInvalidJson(
      String json,
      String pointers,
      String type,
      String id,
      String callId,
      String requestId,
      String sessionId) {
    DecodeError error = providerError(withNull(json, pointers));

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo(type);
  }

  @Test
  void missingFieldDetailNamesTheFieldsPath() {
    DecodeError error =
        providerError(
            """
        {"type":"tools.update","tools":[{"name":"a","description":"d","parameters":{}},{"name":"b","parameters":{}}]}""");

    assertThat(error.detail()).contains("tools[1].description");
  }

  static Stream<Arguments> gatewayRequiredFields() {
    return Stream.of(
        Arguments.of("{\"type\":\"auth.pairing\",\"prompt\":\"p\"}", "/prompt"),
        Arguments.of("{\"type\":\"sessions\",\"active\":[{\"id\":\"a\"}]}", "/active"),
        Arguments.of("{\"type\":\"sessions\",\"active\":[{\"id\":\"a\"}]}", "/active/0/id"),
        Arguments.of("{\"type\":\"sessions.updated\",\"active\":[{\"id\":\"a\"}]}", "/active"),
        Arguments.of(
            "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p-1\"}",
            "/protocolVersion"),
        Arguments.of(
            "{\"type\":\"hello.ack\",\"protocolVersion\":2,\"providerId\":\"p-1\"}", "/providerId"),
        Arguments.of(
            "{\"type\":\"ack\",\"requestId\":\"r\",\"sessionId\":\"s\",\"revision\":1}",
            "/requestId"),
        Arguments.of(
            "{\"type\":\"ack\",\"requestId\":\"r\",\"sessionId\":\"s\",\"revision\":1}",
            "/sessionId"),
        Arguments.of(
            "{\"type\":\"ack\",\"requestId\":\"r\",\"sessionId\":\"s\",\"revision\":1}",
            "/revision"),
        Arguments.of("{\"type\":\"error\",\"code\":\"INVALID_JSON\",\"message\":\"m\"}", "/code"),
        Arguments.of(
            "{\"type\":\"error\",\"code\":\"INVALID_JSON\",\"message\":\"m\"}", "/message"),
        Arguments.of(
            "{\"type\":\"tool.call\",\"id\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/id"),
        Arguments.of(
            "{\"type\":\"tool.call\",\"id\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/sessionId"),
        Arguments.of(
            "{\"type\":\"tool.call\",\"id\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/tool"),
        Arguments.of(
            "{\"type\":\"tool.call\",\"id\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/args"),
        Arguments.of("{\"type\":\"tool.cancel\",\"id\":\"c\",\"sessionId\":\"s\"}", "/id"),
        Arguments.of("{\"type\":\"tool.cancel\",\"id\":\"c\",\"sessionId\":\"s\"}", "/sessionId"),
        Arguments.of(
            "{\"type\":\"gate.check\",\"gateId\":\"g\",\"callId\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/gateId"),
        Arguments.of(
            "{\"type\":\"gate.check\",\"gateId\":\"g\",\"callId\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/callId"),
        Arguments.of(
            "{\"type\":\"gate.check\",\"gateId\":\"g\",\"callId\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/sessionId"),
        Arguments.of(
            "{\"type\":\"gate.check\",\"gateId\":\"g\",\"callId\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/tool"),
        Arguments.of(
            "{\"type\":\"gate.check\",\"gateId\":\"g\",\"callId\":\"c\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{}}",
            "/args"),
        Arguments.of(
            "{\"type\":\"transform.request\",\"callId\":\"c\",\"sessionId\":\"s\",\"section\":\"x\",\"current\":\"\"}",
            "/callId"),
        Arguments.of(
            "{\"type\":\"transform.request\",\"callId\":\"c\",\"sessionId\":\"s\",\"section\":\"x\",\"current\":\"\"}",
            "/sessionId"),
        Arguments.of(
            "{\"type\":\"transform.request\",\"callId\":\"c\",\"sessionId\":\"s\",\"section\":\"x\",\"current\":\"\"}",
            "/section"),
        Arguments.of(
            "{\"type\":\"transform.request\",\"callId\":\"c\",\"sessionId\":\"s\",\"section\":\"x\",\"current\":\"\"}",
            "/current"),
        Arguments.of(
            "{\"type\":\"session.event\",\"sessionId\":\"s\",\"event\":\"user.message\",\"data\":{}}",
            "/sessionId"),
        Arguments.of(
            "{\"type\":\"session.event\",\"sessionId\":\"s\",\"event\":\"user.message\",\"data\":{}}",
            "/event"),
        Arguments.of(
            "{\"type\":\"session.event\",\"sessionId\":\"s\",\"event\":\"user.message\",\"data\":{}}",
            "/data"),
        Arguments.of(
            "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"idle\"}",
            "/sessionId"),
        Arguments.of(
            "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"idle\"}", "/state"),
        Arguments.of(
            "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":{\"a\":[{\"ts\":\"2026-04-26T14:00:00Z\",\"event\":\"e\"}]}}",
            "/queryId"),
        Arguments.of(
            "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":{\"a\":[{\"ts\":\"2026-04-26T14:00:00Z\",\"event\":\"e\"}]}}",
            "/streams"),
        Arguments.of(
            "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":{\"a\":[{\"ts\":\"2026-04-26T14:00:00Z\",\"event\":\"e\"}]}}",
            "/streams/a/0/ts"),
        Arguments.of(
            "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":{\"a\":[{\"ts\":\"2026-04-26T14:00:00Z\",\"event\":\"e\"}]}}",
            "/streams/a/0/event"));
  }

  @ParameterizedTest(name = "[{index}] {0} without {1}")
  @MethodSource("gatewayRequiredFields")
  void gatewayMessageMissingARequiredFieldIsInvalidJson(String json, String pointer) {
    assertThat(CODEC.decodeGatewayMessage(json).errorOrNull())
        .as("the complete message decodes")
        .isNull();

    DecodeError error = gatewayError(without(json, pointer));

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo(json(json).get("type").textValue());
  }

  /** {@code json} with the fields at the space-separated JSON pointers removed. */
  static String without(String json, String pointers) {
    ObjectNode root = object(json);
    for (String pointer : pointers.split(" ")) {
      JsonPointer p = JsonPointer.compile(pointer);
      ((ObjectNode) root.at(p.head())).remove(p.last().getMatchingProperty());
    }
    return CODEC.writeJson(root);
  }

  /** {@code json} with the fields at the space-separated JSON pointers set to JSON null. */
  static String withNull(String json, String pointers) {
    ObjectNode root = object(json);
    for (String pointer : pointers.split(" ")) {
      JsonPointer p = JsonPointer.compile(pointer);
      ((ObjectNode) root.at(p.head())).putNull(p.last().getMatchingProperty());
    }
    return CODEC.writeJson(root);
  }

  // ---- wrong JSON types ----

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "{\"type\":\"auth\",\"token\":123}",
        "{\"type\":\"auth\",\"token\":{}}",
        "{\"type\":\"auth\",\"token\":[\"ptk-1\"]}",
        "{\"type\":\"auth\",\"token\":true}",
        "{\"type\":\"auth\",\"mode\":1}",
        "{\"type\":\"auth.confirm\",\"code\":847293}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":5}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"\"}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"session\":5}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"session\":{\"id\":\"abc\"}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"session\":\"\"}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"instance\":true}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"reconnectToken\":1}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"startup_context\":[]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"metadata\":\"x\"}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"metadata\":[]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":{}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[\"greet\"]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[null]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[{\"name\":\"t\",\"description\":\"d\",\"parameters\":\"x\"}]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[{\"name\":\"t\",\"description\":\"d\",\"parameters\":[]}]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[{\"name\":\"t\",\"description\":7,\"parameters\":{}}]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[{\"name\":\"t\",\"description\":\"d\",\"parameters\":{},\"timeout\":\"15000\"}]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[{\"name\":\"t\",\"description\":\"d\",\"parameters\":{},\"timeout\":1.5}]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"tools\":[{\"name\":\"t\",\"description\":\"d\",\"parameters\":{},\"timeout\":0}]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":[]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":{\"onPreToolUse\":{}}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":{\"onPreToolUse\":[{\"action\":\"deny\",\"match\":\"shell\"}]}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":{\"onPreToolUse\":[{\"action\":\"gate\",\"gateId\":\"g\",\"failOpen\":\"true\"}]}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":{\"transforms\":[]}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":{\"transforms\":{\"x\":\"append\"}}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"hooks\":{\"transforms\":{\"x\":{\"action\":\"callback\",\"content\":\"c\"}}}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"subscribe\":\"user.message\"}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"subscribe\":[1]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"subscribe\":[\"\"]}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"context\":{}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"concurrency\":1}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"concurrency\":{\"max\":\"1\"}}",
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\"p\",\"concurrency\":{\"max\":0}}",
        "{\"type\":\"tool.result\",\"id\":123,\"data\":1}",
        "{\"type\":\"tool.result\",\"id\":\"\",\"data\":1}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"error\":{\"message\":\"x\"}}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"errorCode\":1}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"error\":\"x\",\"retryable\":\"false\"}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"file\":\"/p/f.png\"}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"file\":{\"path\":\"/p\",\"mimeType\":\"a/b\",\"size\":\"1\"}}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"file\":{\"path\":\"/p\",\"mimeType\":\"a/b\",\"size\":-1}}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"file\":{\"path\":\"/p\",\"mimeType\":\"a/b\",\"ttl\":-1}}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"file\":{\"path\":\"/p\",\"mimeType\":\"a/b\",\"ttl\":1.5}}",
        "{\"type\":\"tool.progress\",\"id\":\"c\",\"message\":60}",
        "{\"type\":\"gate.result\",\"callId\":\"g\",\"decision\":true}",
        "{\"type\":\"gate.result\",\"callId\":\"g\",\"decision\":\"allow\",\"reason\":1}",
        "{\"type\":\"gate.result\",\"callId\":\"g\",\"decision\":\"allow\",\"gateId\":[]}",
        "{\"type\":\"transform.result\",\"callId\":\"t\",\"content\":null}",
        "{\"type\":\"transform.result\",\"callId\":\"t\",\"content\":[\"a\"]}",
        "{\"type\":\"push\",\"level\":1,\"event\":\"e\"}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":1}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":[]}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":\"x\"}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"broadcast\":\"yes\"}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"stream\":1}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"stream\":\"\"}",
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"sessionId\":{}}",
        "{\"type\":\"tools.update\",\"tools\":\"x\"}",
        "{\"type\":\"tools.update\",\"remove\":\"old_tool\"}",
        "{\"type\":\"tools.update\",\"remove\":[1]}",
        "{\"type\":\"tools.update\",\"remove\":[null]}",
        "{\"type\":\"tools.update\",\"tools\":[],\"requestId\":42}",
        "{\"type\":\"hooks.update\",\"onPreToolUse\":\"deny\"}",
        "{\"type\":\"hooks.update\",\"transforms\":{\"x\":[]}}",
        "{\"type\":\"context.update\",\"context\":1}",
        "{\"type\":\"filter.set\",\"rules\":{}}",
        "{\"type\":\"filter.set\",\"rules\":[\"drop\"]}",
        "{\"type\":\"filter.set\",\"rules\":[],\"stream\":1}",
        "{\"type\":\"filter.set\",\"rules\":[{\"match\":1,\"outcome\":\"drop\"}]}",
        "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":\"a\"}",
        "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"\"]}",
        "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"a\"],\"last\":\"10\"}",
        "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"a\"],\"last\":1.5}",
        "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"a\"],\"last\":-1}",
        "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"a\"],\"last\":1e100}",
        "{\"type\":\"stream.query\",\"queryId\":1,\"streams\":[\"a\"]}",
        "{\"type\":\"session.ready\",\"sessionId\":1}",
        "{\"type\":\"session.ready\",\"sessionId\":\"\"}",
        "{\"type\":\"shutdown.ready\",\"sessionId\":1}",
        "{\"type\":\"goodbye\",\"reason\":1}",
        "{\"type\":\"goodbye\",\"reason\":{\"text\":\"bye\"}}"
      })
  void providerFieldOfTheWrongJsonTypeIsInvalidJsonNamingTheType(String json) {
    DecodeError error = providerError(json);

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo(json(json).get("type").textValue());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "{\"type\":\"sessions\",\"active\":{}}",
        "{\"type\":\"sessions\",\"active\":[{\"id\":\"a\",\"foreground\":\"yes\"}]}",
        "{\"type\":\"sessions\",\"token\":1,\"active\":[]}",
        "{\"type\":\"hello.ack\",\"protocolVersion\":\"2\",\"providerId\":\"p\"}",
        "{\"type\":\"ack\",\"requestId\":\"r\",\"sessionId\":\"s\",\"revision\":\"3\"}",
        "{\"type\":\"ack\",\"requestId\":\"r\",\"sessionId\":\"s\",\"revision\":3.5}",
        "{\"type\":\"error\",\"code\":404,\"message\":\"m\"}",
        "{\"type\":\"tool.call\",\"id\":\"c\",\"sessionId\":\"s\",\"tool\":[],\"args\":{}}",
        "{\"type\":\"tool.cancel\",\"id\":\"c\",\"sessionId\":\"s\",\"reason\":5}",
        "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"stopped\"}",
        "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"shutdown.pending\",\"deadline\":\"10s\"}",
        "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"shutdown.pending\",\"deadline\":-1}",
        "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":[]}",
        "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":{\"a\":[{\"ts\":\"yesterday\",\"event\":\"e\"}]}}",
        "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":{\"a\":[{\"ts\":\"2026-04-26T14:00:00Z\",\"event\":\"e\",\"level\":\"loud\"}]}}"
      })
  void gatewayFieldOfTheWrongJsonTypeIsInvalidJson(String json) {
    DecodeError error = gatewayError(json);

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo(json(json).get("type").textValue());
  }

  // ---- protocol version ----

  @ParameterizedTest(name = "[{index}] protocolVersion {0}")
  @ValueSource(strings = {"null", "\"2\"", "2.5", "true", "{}", "[2]", "4294967298", "1e999"})
  void helloWithANonIntegerProtocolVersionIsUnsupportedVersion(String version) {
    DecodeError error =
        providerError("{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":" + version + "}");

    assertThat(error.code()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
    assertThat(error.type()).isEqualTo("hello");
  }

  @Test
  void helloWithoutProtocolVersionIsUnsupportedVersion() {
    DecodeError error = providerError("{\"type\":\"hello\",\"name\":\"p\",\"session\":\"abc\"}");

    assertThat(error.code()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
    assertThat(error.type()).isEqualTo("hello");
  }

  @Test
  void helloWithoutProtocolVersionIsUnsupportedVersionEvenWhenOtherFieldsAreWrong() {
    // The version is checked first: it is the one fatal answer the provider can act on.
    DecodeError error = providerError("{\"type\":\"hello\",\"name\":5}");

    assertThat(error.code()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
  }

  @ParameterizedTest(name = "[{index}] protocolVersion {0}")
  @ValueSource(ints = {3, 1, 0, -1})
  void helloWithAnotherIntegerVersionDecodesForTheRuntimeToRefuse(int version) {
    Hello hello =
        decodeProvider(
            "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":" + version + "}", Hello.class);

    assertThat(hello.protocolVersion()).isEqualTo(version);
  }

  @Test
  void helloVersionWrittenAsTwoPointZeroReadsAsTwo() {
    // Fields reads numbers the way JavaScript does: 2.0 is the integer 2.
    Hello hello =
        decodeProvider("{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2.0}", Hello.class);

    assertThat(hello.protocolVersion()).isEqualTo(2);
  }

  // ---- enums ----

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "{\"type\":\"push\",\"level\":\"loud\",\"event\":\"e\"}",
        "{\"type\":\"push\",\"level\":\"INJECT\",\"event\":\"e\"}",
        "{\"type\":\"push\",\"level\":\"\",\"event\":\"e\"}",
        "{\"type\":\"auth\",\"mode\":\"login\"}",
        "{\"type\":\"gate.result\",\"callId\":\"g\",\"decision\":\"maybe\"}",
        "{\"type\":\"filter.set\",\"rules\":[{\"match\":\"m\",\"outcome\":\"discard\"}]}",
        "{\"type\":\"hooks.update\",\"onPreToolUse\":[{\"action\":\"block\"}]}",
        "{\"type\":\"hooks.update\",\"transforms\":{\"x\":{\"action\":\"delete\",\"content\":\"c\"}}}",
        "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"concurrency\":{\"max\":1,\"scope\":\"global\"}}"
      })
  void unknownEnumValueIsInvalidJson(String json) {
    DecodeError error = providerError(json);

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.detail()).contains("one of");
  }

  // ---- push event and prompt ----

  @Test
  void pushWithAnEmptyEventIsInvalidJson() {
    DecodeError error = providerError("{\"type\":\"push\",\"level\":\"inject\",\"event\":\"\"}");

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo("push");
  }

  @Test
  void pushWithAPromptAndAnEmptyEventIsInvalidJson() {
    DecodeError error =
        providerError("{\"type\":\"push\",\"level\":\"inject\",\"event\":\"\",\"prompt\":\"p\"}");

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
  }

  @Test
  void pushWithNeitherEventNorPromptIsInvalidJson() {
    DecodeError error = providerError("{\"type\":\"push\",\"level\":\"inject\"}");

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
  }

  @Test
  void pushWithAPromptAndNoEventDecodes() {
    Push push =
        decodeProvider("{\"type\":\"push\",\"level\":\"keep\",\"prompt\":\"p\"}", Push.class);

    assertThat(push.event()).isNull();
    assertThat(push.prompt()).isEqualTo("p");
  }

  // ---- unknown types ----

  @Test
  void unknownProviderTypeDecodesToAValueKeepingTheRawTypeAndJson() {
    String json =
        """
        {"type":"tool.frobnicate","id":"c-1","nested":{"a":[1,2.5,null,"x"]}}""";

    ProviderMessage message = CODEC.decodeProviderMessage(json).messageOrNull();

    assertThat(message).isInstanceOf(UnknownProviderMessage.class);
    UnknownProviderMessage unknown = (UnknownProviderMessage) message;
    assertThat(unknown.wireType()).isEqualTo("tool.frobnicate");
    assertThat(unknown.json()).isEqualTo(json(json));
    assertThat(CODEC.encode(unknown)).isEqualTo(CODEC.writeJson(json(json)));
  }

  @Test
  void gatewayTypeSentByAProviderIsAnUnknownProviderType() {
    ProviderMessage message =
        CODEC
            .decodeProviderMessage(
                """
        {"type":"tool.call","id":"c","sessionId":"s","tool":"t","args":{}}""")
            .messageOrNull();

    assertThat(message).isInstanceOf(UnknownProviderMessage.class);
    assertThat(((UnknownProviderMessage) message).wireType()).isEqualTo("tool.call");
  }

  @Test
  void emptyTypeIsAnUnknownType() {
    ProviderMessage message = CODEC.decodeProviderMessage("{\"type\":\"\"}").messageOrNull();

    assertThat(message).isEqualTo(new UnknownProviderMessage("", json("{\"type\":\"\"}")));
  }

  @Test
  void unknownGatewayTypeDecodesToAValueKeepingTheRawTypeAndJson() {
    String json =
        """
        {"type":"session.renamed","sessionId":"abc123","label":"new"}""";

    GatewayMessage message = CODEC.decodeGatewayMessage(json).messageOrNull();

    assertThat(message).isEqualTo(new UnknownGatewayMessage("session.renamed", json(json)));
    assertThat(json(CODEC.encode(message))).isEqualTo(json(json));
  }

  @Test
  void providerTypeReceivedByAProviderIsAnUnknownGatewayType() {
    GatewayMessage message =
        CODEC
            .decodeGatewayMessage("{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2}")
            .messageOrNull();

    assertThat(message).isInstanceOf(UnknownGatewayMessage.class);
  }

  // ---- unknown codes ----

  @Test
  void unknownToolErrorCodeKeepsItsTextAndReencodesUnchanged() {
    String json =
        """
        {"type":"tool.result","id":"call-1","error":"Quota used up","errorCode":"QUOTA_EXCEEDED"}""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.errorCode()).isEqualTo(ToolErrorCode.UNKNOWN);
    assertThat(result.unknownErrorCode()).isEqualTo("QUOTA_EXCEEDED");
    assertThat(result.errorCodeText()).isEqualTo("QUOTA_EXCEEDED");
    assertThat(result.isFailure()).isTrue();
    Codec.assertEncodesTo(result, json);
  }

  @Test
  void toolErrorCodesAreCaseSensitive() {
    ToolResult result =
        decodeProvider(
            "{\"type\":\"tool.result\",\"id\":\"c\",\"errorCode\":\"not_found\"}",
            ToolResult.class);

    assertThat(result.errorCode()).isEqualTo(ToolErrorCode.UNKNOWN);
    assertThat(result.unknownErrorCode()).isEqualTo("not_found");
  }

  static Stream<ToolErrorCode> knownToolErrorCodes() {
    return Arrays.stream(ToolErrorCode.values()).filter(c -> c != ToolErrorCode.UNKNOWN);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("knownToolErrorCodes")
  void everyKnownToolErrorCodeDecodesToItsConstant(ToolErrorCode code) {
    ToolResult result =
        decodeProvider(
            "{\"type\":\"tool.result\",\"id\":\"c\",\"error\":\"e\",\"errorCode\":\""
                + code.wireName()
                + "\"}",
            ToolResult.class);

    assertThat(result.errorCode()).isEqualTo(code);
    assertThat(result.unknownErrorCode()).isNull();
  }

  @Test
  void unknownErrorCodeKeepsItsTextAndReencodesUnchanged() {
    String json =
        """
        {"type":"error","code":"QUOTA_EXCEEDED","message":"Too many providers","replyTo":"hello"}""";

    ErrorMessage error = decodeGateway(json, ErrorMessage.class);

    assertThat(error.code()).isEqualTo(ErrorCode.UNKNOWN);
    assertThat(error.unknownCode()).isEqualTo("QUOTA_EXCEEDED");
    assertThat(error.codeText()).isEqualTo("QUOTA_EXCEEDED");
    Codec.assertEncodesTo(error, json);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(value = ErrorCode.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void everyKnownErrorCodeDecodesToItsConstant(ErrorCode code) {
    ErrorMessage error =
        decodeGateway(
            "{\"type\":\"error\",\"code\":\"" + code.wireName() + "\",\"message\":\"m\"}",
            ErrorMessage.class);

    assertThat(error.code()).isEqualTo(code);
    assertThat(error.unknownCode()).isNull();
  }

  @Test
  void toolResultWithBothDataAndErrorIsAFailure() {
    // tool.result: "a failure when it has error or errorCode, whatever else it has".
    ToolResult result =
        decodeProvider(
            "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":1,\"error\":\"boom\"}",
            ToolResult.class);

    assertThat(result.isFailure()).isTrue();
    assertThat(result.data()).isEqualTo(json("1"));
  }

  /** A detail is cut after 300 characters and ends in "…": a long name cannot flood a log. */
  @Test
  void aDetailOfAtMost300CharactersIsKeptWholeAndALongerOneIsCutThere() {
    String whole = "hooks.transforms." + "s".repeat(264) + ".action is required";
    String longer = "hooks.transforms." + "s".repeat(265) + ".action is required";

    assertThat(whole).hasSize(300);
    assertThat(transformWithoutAction("s".repeat(264)).detail()).isEqualTo(whole);
    assertThat(transformWithoutAction("s".repeat(265)).detail())
        .isEqualTo(longer.substring(0, 300) + "…");
  }

  private static DecodeError transformWithoutAction(String section) {
    return providerError(
        "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"hooks\":{\"transforms\":{\""
            + section
            + "\":{}}}}");
  }
}
