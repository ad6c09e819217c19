package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.CODEC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.Push;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fuzzing (R-CODEC-09): whatever text arrives, both decoders return a result, exactly one of a
 * message or an error, and never throw. Seeds are fixed for reproducible runs ({@code
 * -Dprotocol.seed=N} explores others) and named in every assertion.
 *
 * <p>{@link #anyTextDecodesToExactlyOneResultThatSurvivesReencoding} is the coverage-guided
 * (Jazzer) version: {@code mvn verify} replays its seeds and stored inputs, the {@code fuzz}
 * profile explores (docs/conformance.md, section Fuzzing).
 */
class CodecFuzzTest {

  private static final long SEED = Long.getLong("protocol.seed", 0xF022_2026L);
  private static final String JSONISH =
      "{}[]\":,0123456789.eE+-truefalsnl \\/u\t\n\u00e9\ud83d\ude00\ud800";

  /** Decodes {@code text} every way the codec offers and checks each result is well formed. */
  static void assertDecodesWithoutThrowing(String text, String context) {
    assertThatCode(
            () -> {
              check(CODEC.decodeProviderMessage(text), context);
              check(CODEC.decodeGatewayMessage(text), context);
              check(CODEC.decodeProviderMessage(text, Limits.defaults()), context);
            })
        .as(context)
        .doesNotThrowAnyException();
  }

  private static void check(DecodeResult<? extends Message, DecodeError> result, String context) {
    assertThat(result).as(context).isNotNull();
    assertThat(result.messageOrNull() == null)
        .as(context)
        .isNotEqualTo(result.errorOrNull() == null);
    assertThat(result.isDecoded()).as(context).isEqualTo(result.messageOrNull() != null);
  }

  /** Valid encoded messages of every type, to mutate. */
  private static List<String> corpus(long seed) {
    RandomMessages random = new RandomMessages(seed, true);
    List<String> corpus = new ArrayList<>();
    for (int round = 0; round < 5; round++) {
      for (ProviderMessageType type : ProviderMessageType.values()) {
        corpus.add(CODEC.encode(random.provider(type)));
      }
      for (GatewayMessageType type : GatewayMessageType.values()) {
        corpus.add(CODEC.encode(random.gateway(type)));
      }
    }
    return corpus;
  }

  // ---- coverage-guided (Jazzer) ----

  /**
   * Small limits a fuzz input may choose with a leading byte below {@code 0x09} (a byte no JSON
   * text starts with), so that size, depth and tree-size refusals are reached by short inputs.
   */
  private static final List<Limits> SMALL_LIMITS = smallLimits();

  private static List<Limits> smallLimits() {
    List<Limits> limits = new ArrayList<>();
    int[][] presets = {
      // maxMessageBytes, maxToolResultBytes, maxJsonDepth, maxMessageTreeBytes
      {64, 256, 4, 4096}, {256, 64, 8, 1024}, {32, 32, 2, 512}, {128, 128, 1, 256},
      {1024, 512, 16, 200}, {48, 96, 3, 100_000}, {200, 200, 6, 600}, {16, 4096, 32, 2048},
      {4096, 16, 984, 10_000}
    };
    for (int[] p : presets) {
      limits.add(
          Limits.defaults().toBuilder()
              .maxMessageBytes(p[0])
              .maxToolResultBytes(p[1])
              .maxJsonDepth(p[2])
              .maxMessageTreeBytes(p[3])
              .build());
    }
    return limits;
  }

  /** Valid messages of every type and the odd shapes above, as seeds for the fuzzer. */
  static Stream<byte[]> seeds() {
    List<String> seeds =
        new ArrayList<>(
            corpus(SEED)
                .subList(
                    0, ProviderMessageType.values().length + GatewayMessageType.values().length));
    seeds.add("{\"type\":\"tool.result\",\"id\":\"c\",\"data\":[[[[1e999]]]]}");
    seeds.add(
        "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"tools\":[{\"name\":\"t\","
            + "\"description\":\"d\",\"parameters\":{},\"timeout\":-1}],\"concurrency\":{\"max\":0}}");
    seeds.add(
        "\u0002{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":{\"a\":{\"b\":[]}}}");
    return seeds.stream().map(text -> text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Whatever bytes a provider sends (as the WebSocket transport hands them over: UTF-8 text),
   * decoding with and without {@link Limits} returns exactly one result, a limited decode never
   * accepts what an unlimited one refuses or decodes it differently, a text over the limit of every
   * type is {@code PAYLOAD_TOO_LARGE}, error details stay short enough to send back, and every
   * decoded message, in both directions, encodes to text that decodes again and encodes the same
   * (what the gateway accepts it can pass on).
   */
  @MethodSource("seeds")
  @DictionaryFile(resourcePath = "provider-messages.dict")
  @FuzzTest
  void anyTextDecodesToExactlyOneResultThatSurvivesReencoding(byte[] input) {
    Limits limits = Limits.defaults();
    int start = 0;
    if (input.length > 0 && input[0] >= 0 && input[0] < SMALL_LIMITS.size()) {
      limits = SMALL_LIMITS.get(input[0]);
      start = 1;
    }
    String text = new String(input, start, input.length - start, StandardCharsets.UTF_8);
    String context = "limits " + (start == 0 ? "default" : input[0]) + ", text " + text;

    assertDecodesWithoutThrowing(text, context);
    DecodeResult<ProviderMessage, DecodeError> unlimited = CODEC.decodeProviderMessage(text);
    DecodeResult<ProviderMessage, DecodeError> limited = CODEC.decodeProviderMessage(text, limits);
    check(limited, context);
    if (limited.isDecoded()) {
      assertThat(unlimited.messageOrNull()).as(context).isEqualTo(limited.messageOrNull());
    } else {
      DecodeError error = limited.errorOrNull();
      assertThat(error.detail().length()).as(context).isLessThanOrEqualTo(301);
      if (unlimited.isDecoded()) {
        // Only a limit can refuse what decodes without limits: size, tree size or depth.
        assertThat(error.code())
            .as(context)
            .isIn(ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.INVALID_JSON);
      } else {
        assertThat(error.code())
            .as(context)
            .isIn(
                unlimited.errorOrNull().code(),
                ErrorCode.PAYLOAD_TOO_LARGE,
                ErrorCode.INVALID_JSON);
      }
    }
    if (Utf8.encodedLength(text) > limits.messages().maxAnyMessageBytes()) {
      assertThat(limited.errorOrNull()).as(context).isNotNull();
      assertThat(limited.errorOrNull().code()).as(context).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    }
    assertReencodes(unlimited, true, context);
    assertReencodes(CODEC.decodeGatewayMessage(text), false, context);
  }

  /**
   * A decoded message encodes; its text decodes again and, after that first trip, stays the same.
   */
  private static void assertReencodes(
      DecodeResult<? extends Message, DecodeError> result, boolean provider, String context) {
    if (!result.isDecoded()) {
      return;
    }
    String once = CODEC.encode(result.messageOrNull());
    DecodeResult<? extends Message, DecodeError> again =
        provider ? CODEC.decodeProviderMessage(once) : CODEC.decodeGatewayMessage(once);
    assertThat(again.errorOrNull()).as("%s re-encoded as %s", context, once).isNull();
    assertThat(CODEC.encode(again.messageOrNull()))
        .as("%s re-encoded as %s", context, once)
        .isEqualTo(once);
  }

  @Test
  void randomBytesAsTextNeverThrow() {
    long seed = SEED;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 2000; i++) {
      byte[] bytes = new byte[random.nextInt(64)];
      random.nextBytes(bytes);
      String text =
          new String(bytes, i % 2 == 0 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
      assertDecodesWithoutThrowing(text, "seed " + seed + ", case " + i);
    }
  }

  @Test
  void randomJsonLikeTextNeverThrows() {
    long seed = SEED + 1;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 3000; i++) {
      StringBuilder text = new StringBuilder("{\"type\":");
      int n = random.nextInt(40);
      for (int j = 0; j < n; j++) {
        text.append(JSONISH.charAt(random.nextInt(JSONISH.length())));
      }
      assertDecodesWithoutThrowing(text.toString(), "seed " + seed + ", case " + i + ": " + text);
    }
  }

  @Test
  void everyTruncationOfValidMessagesNeverThrows() {
    long seed = SEED + 2;
    SplittableRandom random = new SplittableRandom(seed);
    for (String message : corpus(seed)) {
      for (int k = 0; k < 10; k++) {
        int cut = random.nextInt(message.length() + 1);
        String text = message.substring(0, cut);
        assertDecodesWithoutThrowing(text, "seed " + seed + ", " + message + " cut at " + cut);
      }
    }
  }

  @Test
  void truncationsOfValidMessagesAreInvalidJson() {
    long seed = SEED + 3;
    for (String message : corpus(seed)) {
      String text = message.substring(0, message.length() - 1);
      assertThat(CODEC.decodeProviderMessage(text).errorOrNull().code())
          .as("seed %s, %s", seed, text)
          .isEqualTo(ErrorCode.INVALID_JSON);
    }
  }

  @Test
  void singleCharacterMutationsOfValidMessagesNeverThrow() {
    long seed = SEED + 4;
    SplittableRandom random = new SplittableRandom(seed);
    for (String message : corpus(seed)) {
      for (int k = 0; k < 20; k++) {
        StringBuilder text = new StringBuilder(message);
        int at = random.nextInt(message.length());
        char c = JSONISH.charAt(random.nextInt(JSONISH.length()));
        switch (random.nextInt(3)) {
          case 0 -> text.setCharAt(at, c);
          case 1 -> text.insert(at, c);
          default -> text.deleteCharAt(at);
        }
        assertDecodesWithoutThrowing(
            text.toString(), "seed " + seed + ", " + message + " mutated to " + text);
      }
    }
  }

  @ParameterizedTest(name = "[{index}] {0} levels")
  @ValueSource(ints = {1_000, 1_001, 5_000, 100_000})
  void deepNestingIsInvalidJsonNotAStackOverflow(int depth) {
    for (String text :
        List.of(
            "[".repeat(depth),
            "[".repeat(depth) + "]".repeat(depth),
            "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":"
                + "{\"a\":".repeat(depth)
                + "1"
                + "}".repeat(depth)
                + "}",
            "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":"
                + "[".repeat(depth)
                + "]".repeat(depth)
                + "}")) {
      assertDecodesWithoutThrowing(text, depth + " levels");
      assertThat(CODEC.decodeProviderMessage(text).errorOrNull()).isNotNull();
    }
  }

  @Test
  void nestingWellWithinTheLimitDecodes() {
    int depth = 900;
    String text =
        "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":"
            + "[".repeat(depth)
            + "]".repeat(depth)
            + "}";

    assertThat(CODEC.decodeProviderMessage(text).isDecoded()).isTrue();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "1e999999",
        "-1e999999",
        "1e-999999",
        "123456789012345678901234567890",
        "9223372036854775808",
        "-9223372036854775809",
        "2147483648",
        "0.0000000000000000000000000000000000000000001",
        "4.9e-325"
      })
  void extremeNumbersInEveryNumericFieldNeverThrow(String number) {
    for (String template :
        List.of(
            "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":%s}",
            "{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"a\"],\"last\":%s}",
            "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":%s}",
            "{\"type\":\"tool.result\",\"id\":\"c\",\"file\":{\"path\":\"/p\",\"mimeType\":\"a/b\",\"size\":%1$s,\"ttl\":%1$s}}",
            "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"tools\":[{\"name\":\"t\",\"description\":\"d\",\"parameters\":{},\"timeout\":%s}]}",
            "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":2,\"concurrency\":{\"max\":%s}}",
            "{\"type\":\"ack\",\"requestId\":\"r\",\"sessionId\":\"s\",\"revision\":%s}",
            "{\"type\":\"hello.ack\",\"protocolVersion\":%s,\"providerId\":\"p\"}",
            "{\"type\":\"session.lifecycle\",\"sessionId\":\"s\",\"state\":\"shutdown.pending\",\"deadline\":%s}")) {
      assertDecodesWithoutThrowing(String.format(template, number), template + " with " + number);
    }
  }

  @Test
  void integersOfTwoThousandDigitsAreInvalidJson() {
    String digits = "7".repeat(2000);

    for (String text :
        List.of(
            "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":" + digits + "}",
            "{\"type\":\"hello\",\"name\":\"p\",\"protocolVersion\":" + digits + "}",
            "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":0." + digits + "}")) {
      assertDecodesWithoutThrowing(text, "2000 digits");
      assertThat(CODEC.decodeProviderMessage(text).isDecoded()).isFalse();
    }
  }

  @Test
  void veryLongStringValuesDecode() {
    String longText = "ä\"\\\n😀".repeat(200_000);
    String text =
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":"
            + CODEC.writeJson(TextNode.valueOf(longText))
            + ",\"metadata\":{\"k\":"
            + CODEC.writeJson(TextNode.valueOf(longText))
            + "}}";

    assertDecodesWithoutThrowing(text, "long strings");
    Push push = (Push) CODEC.decodeProviderMessage(text).messageOrNull();
    assertThat(push.event()).isEqualTo(longText);
  }

  @Test
  void keysLongerThanJacksonsNameLimitAreInvalidJson() {
    // Jackson's StreamReadConstraints cap property names at 50,000 chars; the codec inherits it.
    String key = "k".repeat(60_000);
    String text =
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":{\"" + key + "\":1}}";

    assertDecodesWithoutThrowing(text, "long key");
    assertThat(CODEC.decodeProviderMessage(text).errorOrNull().code())
        .isEqualTo(ErrorCode.INVALID_JSON);
  }

  @Test
  void manyFieldsAndLongArraysNeverThrow() {
    StringBuilder text =
        new StringBuilder("{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[");
    for (int i = 0; i < 100_000; i++) {
      text.append(i == 0 ? "" : ",").append("\"s").append(i).append('"');
    }
    text.append("]");
    for (int i = 0; i < 10_000; i++) {
      text.append(",\"f").append(i).append("\":").append(i);
    }
    text.append('}');

    assertDecodesWithoutThrowing(text.toString(), "many fields");
    assertThat(CODEC.decodeProviderMessage(text.toString()).isDecoded()).isTrue();
  }
}
