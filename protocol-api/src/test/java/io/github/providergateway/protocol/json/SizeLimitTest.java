package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.CODEC;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.ToolResult;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Message size limits (R-LIMIT-01, -02, -03, -11): 5 × 2²⁰ bytes for {@code tool.result}, 2 × 2²⁰
 * for any other type, counted as UTF-8 bytes of the text.
 */
class SizeLimitTest {

  private static final int MIB = 1 << 20;
  private static final int TOOL_RESULT_LIMIT = 5 * MIB;
  private static final int MESSAGE_LIMIT = 2 * MIB;
  private static final Limits DEFAULTS = Limits.defaults();

  /**
   * A message of exactly {@code bytes} UTF-8 bytes: {@code prefix}, then {@code unit} repeated
   * (topped up with ASCII {@code a}), then {@code suffix}.
   */
  static String sized(String prefix, String suffix, long bytes, String unit) {
    long fixed = utf8(prefix) + utf8(suffix);
    long room = bytes - fixed;
    long unitBytes = utf8(unit);
    StringBuilder text = new StringBuilder((int) Math.min(Integer.MAX_VALUE, bytes));
    text.append(prefix);
    text.append(unit.repeat((int) (room / unitBytes)));
    text.append("a".repeat((int) (room % unitBytes)));
    text.append(suffix);
    String result = text.toString();
    assertThat(utf8(result)).as("fixture size").isEqualTo(bytes);
    return result;
  }

  private static long utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String toolResult(long bytes, String unit) {
    return sized("{\"type\":\"tool.result\",\"id\":\"call-1\",\"data\":\"", "\"}", bytes, unit);
  }

  private static DecodeResult<ProviderMessage, DecodeError> decode(String text) {
    return CODEC.decodeProviderMessage(text, DEFAULTS);
  }

  // ---- tool.result: 5 MiB ----

  @Test
  void toolResultOfExactlyFiveMebibytesIsAccepted() {
    DecodeResult<ProviderMessage, DecodeError> result = decode(toolResult(TOOL_RESULT_LIMIT, "a"));

    assertThat(result.errorOrNull()).isNull();
    assertThat(result.messageOrNull()).isInstanceOf(ToolResult.class);
  }

  @Test
  void toolResultOneByteOverFiveMebibytesIsPayloadTooLarge() {
    DecodeResult<ProviderMessage, DecodeError> result =
        decode(toolResult(TOOL_RESULT_LIMIT + 1L, "a"));

    assertThat(result.errorOrNull().code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
  }

  @Test
  void toolResultOverTheLargestLimitIsRefusedUndecodedButNamesItsTypeAndId() {
    // Over the largest limit the codec builds nothing; it only streams over the text for the
    // leading top-level strings, so the gateway can still say which call the refusal concerns.
    DecodeError error = decode(toolResult(TOOL_RESULT_LIMIT + 1L, "a")).errorOrNull();

    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.type()).isEqualTo("tool.result");
    assertThat(error.id()).isEqualTo("call-1");
  }

  @Test
  void unreadableTextOverTheOrdinaryLimitIsPayloadTooLargeNotInvalidJson() {
    // Over 2 MiB and of no readable type, it is held to the ordinary limit.
    String text = "{\"type\":\"tool.result\",\"id\":\"call-1\",\"data\":\"" + "a".repeat(3 * MIB);

    DecodeError error = decode(text).errorOrNull();

    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.type()).as("peeked before the text broke off").isEqualTo("tool.result");
  }

  @Test
  void toolResultOfExactlyFiveMebibytesOfTwoByteCharactersIsAccepted() {
    String text = toolResult(TOOL_RESULT_LIMIT, "é");

    assertThat(text.length()).isLessThan(TOOL_RESULT_LIMIT / 2 + 100);
    assertThat(decode(text).errorOrNull()).isNull();
  }

  @Test
  void toolResultOneByteOverFiveMebibytesInTwoByteCharactersIsPayloadTooLarge() {
    String text = toolResult(TOOL_RESULT_LIMIT + 1L, "é");

    assertThat(text.length()).as("far fewer chars than the limit").isLessThan(TOOL_RESULT_LIMIT);
    assertThat(decode(text).errorOrNull().code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
  }

  @Test
  void textOverFiveMebibytesIsRefusedUnread() {
    // Not JSON at all: had it been parsed, it would be INVALID_JSON.
    String garbage = "x".repeat(TOOL_RESULT_LIMIT + 1);

    DecodeError error = decode(garbage).errorOrNull();

    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.type()).isNull();
  }

  // ---- every other type: 2 MiB ----

  /**
   * Messages of other types, padded inside a string field, with the ids their errors must carry.
   */
  static Stream<Arguments> otherTypes() {
    return Stream.of(
        Arguments.of(
            "{\"type\":\"push\",\"sessionId\":\"s-1\",\"level\":\"keep\",\"event\":\"",
            "\"}",
            "push",
            null,
            null,
            null),
        Arguments.of(
            "{\"type\":\"tool.progress\",\"id\":\"call-7\",\"message\":\"",
            "\"}",
            "tool.progress",
            "call-7",
            null,
            null),
        Arguments.of(
            "{\"type\":\"gate.result\",\"callId\":\"gate-4\",\"decision\":\"deny\",\"reason\":\"",
            "\"}",
            "gate.result",
            null,
            "gate-4",
            null),
        Arguments.of(
            "{\"type\":\"transform.result\",\"callId\":\"tx-7\",\"content\":\"",
            "\"}",
            "transform.result",
            null,
            "tx-7",
            null),
        Arguments.of(
            "{\"type\":\"tools.update\",\"requestId\":\"req-1\",\"tools\":[{\"name\":\"t\",\"parameters\":{},\"description\":\"",
            "\"}]}",
            "tools.update",
            null,
            null,
            "req-1"),
        Arguments.of(
            "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"context\":\"",
            "\"}",
            "hello",
            null,
            null,
            null),
        Arguments.of(
            "{\"type\":\"future.thing\",\"id\":\"f-1\",\"blob\":\"",
            "\"}",
            "future.thing",
            "f-1",
            null,
            null));
  }

  @ParameterizedTest(name = "[{index}] {2}")
  @MethodSource("otherTypes")
  void otherMessageOfExactlyTwoMebibytesIsAccepted(
      String prefix, String suffix, String type, String id, String callId, String requestId) {
    DecodeResult<ProviderMessage, DecodeError> result =
        decode(sized(prefix, suffix, MESSAGE_LIMIT, "a"));

    assertThat(result.errorOrNull()).isNull();
    assertThat(result.messageOrNull().wireType()).isEqualTo(type);
  }

  @ParameterizedTest(name = "[{index}] {2}")
  @MethodSource("otherTypes")
  void otherMessageOneByteOverTwoMebibytesIsPayloadTooLargeWithItsTypeAndIds(
      String prefix, String suffix, String type, String id, String callId, String requestId) {
    DecodeError error = decode(sized(prefix, suffix, MESSAGE_LIMIT + 1L, "a")).errorOrNull();

    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.type()).isEqualTo(type);
    assertThat(error.id()).isEqualTo(id);
    assertThat(error.callId()).isEqualTo(callId);
    assertThat(error.requestId()).isEqualTo(requestId);
  }

  @Test
  void oversizedPushCarriesItsSessionId() {
    DecodeError error =
        decode(
                sized(
                    "{\"type\":\"push\",\"sessionId\":\"s-1\",\"level\":\"keep\",\"event\":\"",
                    "\"}",
                    MESSAGE_LIMIT + 1L,
                    "a"))
            .errorOrNull();

    assertThat(error.sessionId()).isEqualTo("s-1");
  }

  @Test
  void pushOfExactlyTwoMebibytesOfTwoByteCharactersIsAccepted() {
    String text =
        sized("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"", "\"}", MESSAGE_LIMIT, "é");

    DecodeResult<ProviderMessage, DecodeError> result = decode(text);

    assertThat(result.messageOrNull()).isInstanceOf(Push.class);
  }

  @Test
  void pushOneByteOverTwoMebibytesInTwoByteCharactersIsPayloadTooLarge() {
    String text =
        sized("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"", "\"}", MESSAGE_LIMIT + 1L, "é");

    assertThat(text.length())
        .as("about half the limit in chars")
        .isLessThan(MESSAGE_LIMIT / 2 + 100);
    assertThat(decode(text).errorOrNull().code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
  }

  @Test
  void pushOfExactlyTwoMebibytesOfEmojiIsAccepted() {
    // An emoji is two chars (a surrogate pair) and four UTF-8 bytes.
    String text =
        sized("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"", "\"}", MESSAGE_LIMIT, "😀");

    assertThat(decode(text).errorOrNull()).isNull();
  }

  @Test
  void pushOneByteOverTwoMebibytesInEmojiIsPayloadTooLarge() {
    String text =
        sized(
            "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"", "\"}", MESSAGE_LIMIT + 1L, "😀");

    assertThat(decode(text).errorOrNull().code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
  }

  @Test
  void pushBetweenTheTwoLimitsIsRefusedEvenThoughAToolResultThatSizeIsNot() {
    int threeMebibytes = 3 * MIB;

    DecodeError push =
        decode(
                sized(
                    "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"",
                    "\"}",
                    threeMebibytes,
                    "a"))
            .errorOrNull();
    DecodeError result = decode(toolResult(threeMebibytes, "a")).errorOrNull();

    assertThat(push.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(result).isNull();
  }

  @Test
  void decodingWithoutLimitsChecksNoSize() {
    String text = sized("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"", "\"}", 3 * MIB, "a");

    assertThat(CODEC.decodeProviderMessage(text).messageOrNull()).isInstanceOf(Push.class);
  }

  @Test
  void nullTextWithLimitsIsInvalidJson() {
    assertThat(CODEC.decodeProviderMessage(null, DEFAULTS).errorOrNull().code())
        .isEqualTo(ErrorCode.INVALID_JSON);
  }

  // ---- custom limits ----

  @Test
  void smallerCustomLimitsApplyToBothKinds() {
    Limits small = DEFAULTS.toBuilder().maxToolResultBytes(200).maxMessageBytes(100).build();
    String pushPrefix = "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"";
    String resultPrefix = "{\"type\":\"tool.result\",\"id\":\"call-1\",\"data\":\"";

    assertThat(CODEC.decodeProviderMessage(sized(pushPrefix, "\"}", 100, "a"), small).isDecoded())
        .isTrue();
    assertThat(
            CODEC
                .decodeProviderMessage(sized(pushPrefix, "\"}", 101, "a"), small)
                .errorOrNull()
                .code())
        .isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(CODEC.decodeProviderMessage(sized(resultPrefix, "\"}", 150, "a"), small).isDecoded())
        .isTrue();
    assertThat(CODEC.decodeProviderMessage(sized(resultPrefix, "\"}", 200, "a"), small).isDecoded())
        .isTrue();
    assertThat(
            CODEC
                .decodeProviderMessage(sized(resultPrefix, "\"}", 201, "a"), small)
                .errorOrNull()
                .code())
        .isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
  }

  @Test
  void toolResultOverItsOwnLimitBelowTheLargestOneNamesItsTypeAndId() {
    // With a result limit below the message limit, the result is parsed and then refused.
    Limits limits = DEFAULTS.toBuilder().maxToolResultBytes(100).maxMessageBytes(200).build();
    String text = sized("{\"type\":\"tool.result\",\"id\":\"call-1\",\"data\":\"", "\"}", 101, "a");

    DecodeError error = CODEC.decodeProviderMessage(text, limits).errorOrNull();

    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.type()).isEqualTo("tool.result");
    assertThat(error.id()).isEqualTo("call-1");
  }

  /** The detail names the type whose limit was passed; "message" for one it cannot name. */
  @Test
  void theDetailNamesTheTypeAndTheLimitItPassed() {
    Limits resultsSmaller =
        DEFAULTS.toBuilder().maxToolResultBytes(100).maxMessageBytes(200).build();
    Limits resultsLarger = resultsSmaller.toBuilder().maxToolResultBytes(300).build();
    String result = "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":\"";

    assertThat(tooLarge(result, 101, resultsSmaller).detail())
        .isEqualTo("tool.result exceeds 100 bytes");
    assertThat(
            tooLarge("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"", 201, resultsLarger)
                .detail())
        .isEqualTo("push exceeds 200 bytes");
    DecodeError unknown = tooLarge("{\"type\":\"x.someday\",\"note\":\"", 201, resultsLarger);
    assertThat(unknown.detail()).isEqualTo("message exceeds 200 bytes");
    assertThat(unknown.type()).isEqualTo("x.someday");
    assertThat(tooLarge("{\"note\":\"", 201, resultsLarger).detail())
        .isEqualTo("message exceeds 200 bytes");
  }

  /** The error for {@code prefix}, a string and its end, {@code bytes} long in all. */
  private static DecodeError tooLarge(String prefix, long bytes, Limits limits) {
    DecodeError error =
        CODEC.decodeProviderMessage(sized(prefix, "\"}", bytes, "a"), limits).errorOrNull();
    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    return error;
  }
}
