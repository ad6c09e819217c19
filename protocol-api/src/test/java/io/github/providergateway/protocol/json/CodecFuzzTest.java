package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.CODEC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.Push;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fuzzing (R-CODEC-09): whatever text arrives, both decoders return a result, exactly one of a
 * message or an error, and never throw. Seeds are fixed for reproducible runs ({@code
 * -Dprotocol.seed=N} explores others) and named in every assertion.
 */
class CodecFuzzTest {

  private static final long SEED = Long.getLong("protocol.seed", 0xF022_2026L);
  private static final String JSONISH = "{}[]\":,0123456789.eE+-truefalsnl \\/u\t\n\u00e9\ud83d\ude00\ud800";

  /** Decodes {@code text} every way the codec offers and checks each result is well formed. */
  static void assertDecodesWithoutThrowing(String text, String context) {
    assertThatCode(() -> {
      check(CODEC.decodeProviderMessage(text), context);
      check(CODEC.decodeGatewayMessage(text), context);
      check(CODEC.decodeProviderMessage(text, Limits.defaults()), context);
    }).as(context).doesNotThrowAnyException();
  }

  private static void check(DecodeResult<? extends Message> result, String context) {
    assertThat(result).as(context).isNotNull();
    assertThat(result.messageOrNull() == null).as(context).isNotEqualTo(result.errorOrNull() == null);
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

  @Test
  void randomBytesAsTextNeverThrow() {
    long seed = SEED;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 2000; i++) {
      byte[] bytes = new byte[random.nextInt(64)];
      random.nextBytes(bytes);
      String text = new String(bytes, i % 2 == 0 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
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
        assertDecodesWithoutThrowing(text.toString(), "seed " + seed + ", " + message + " mutated to " + text);
      }
    }
  }

  @ParameterizedTest(name = "[{index}] {0} levels")
  @ValueSource(ints = {1_000, 1_001, 5_000, 100_000})
  void deepNestingIsInvalidJsonNotAStackOverflow(int depth) {
    for (String text : List.of(
        "[".repeat(depth),
        "[".repeat(depth) + "]".repeat(depth),
        "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":"
            + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) + "}",
        "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":" + "[".repeat(depth) + "]".repeat(depth) + "}")) {
      assertDecodesWithoutThrowing(text, depth + " levels");
      assertThat(CODEC.decodeProviderMessage(text).errorOrNull()).isNotNull();
    }
  }

  @Test
  void nestingWellWithinTheLimitDecodes() {
    int depth = 900;
    String text = "{\"type\":\"tool.result\",\"id\":\"c\",\"data\":" + "[".repeat(depth) + "]".repeat(depth) + "}";

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
    for (String template : List.of(
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

    for (String text : List.of(
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
    String text = "{\"type\":\"push\",\"level\":\"keep\",\"event\":" + CODEC.writeJson(TextNode.valueOf(longText))
        + ",\"metadata\":{\"k\":" + CODEC.writeJson(TextNode.valueOf(longText)) + "}}";

    assertDecodesWithoutThrowing(text, "long strings");
    Push push = (Push) CODEC.decodeProviderMessage(text).messageOrNull();
    assertThat(push.event()).isEqualTo(longText);
  }

  @Test
  void keysLongerThanJacksonsNameLimitAreInvalidJson() {
    // Jackson's StreamReadConstraints cap property names at 50,000 chars; the codec inherits it.
    String key = "k".repeat(60_000);
    String text = "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\",\"metadata\":{\"" + key + "\":1}}";

    assertDecodesWithoutThrowing(text, "long key");
    assertThat(CODEC.decodeProviderMessage(text).errorOrNull().code()).isEqualTo(ErrorCode.INVALID_JSON);
  }

  @Test
  void manyFieldsAndLongArraysNeverThrow() {
    StringBuilder text = new StringBuilder("{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[");
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
