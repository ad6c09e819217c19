package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BinaryNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonHeap}: what a tree is counted as holding, which every retention bound of the gateway
 * adds up, and the same count kept while a tree is read ({@link JsonTrees}), so that a tree the
 * reader accepted within a budget fits that budget however it is counted again later.
 */
class JsonHeapTest {

  private static final JsonFactory FACTORY = new JsonFactory();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static JsonNode read(String text, long maxHeapBytes) throws IOException {
    try (JsonParser parser = FACTORY.createParser(text)) {
      return JsonTrees.read(parser, new JsonTrees.Bounds(Integer.MAX_VALUE, maxHeapBytes));
    }
  }

  private static JsonNode tree(String text) throws IOException {
    return read(text, Long.MAX_VALUE);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "{}",
        "[]",
        "{\"a\":1}",
        "[1,2,3]",
        "{\"ké\":\"vé\",\"n\":null,\"t\":true,\"f\":1.5}",
        "{\"Āb\":\"中文\"}",
        "[123456789012345678901234567890,1e400,-0.0]",
        "{\"a\":[{},[],{\"b\":[\"x\",{\"c\":[[[]]]}]}],\"d\":{\"e\":{}}}",
        "[[1,[2,[3,[4]]]],{\"x\":{\"y\":{\"z\":\"ÿĀ\"}}}]"
      })
  void theHeapCountedWhileReadingIsTheEstimateOfTheTreeRead(String text) throws IOException {
    long estimate = JsonHeap.of(tree(text));

    assertThat(read(text, estimate)).as("read within its own estimate").isEqualTo(tree(text));
    assertThatThrownBy(() -> read(text, estimate - 1)).isInstanceOf(JsonTrees.TooLarge.class);
  }

  @Test
  void latinOneCharactersCountOneByteAndAnyOtherTwo() {
    long plain = JsonHeap.of(TextNode.valueOf("aa"));

    assertThat(JsonHeap.of(TextNode.valueOf("ÿÿ"))).as("U+00FF is still Latin-1").isEqualTo(plain);
    assertThat(JsonHeap.of(TextNode.valueOf("aĀ")))
        .as("one U+0100 makes every char two bytes")
        .isEqualTo(plain + 2);
    assertThat(
            JsonHeap.of(NODES.objectNode().put("Āa", 1))
                - JsonHeap.of(NODES.objectNode().put("aa", 1)))
        .as("keys too")
        .isEqualTo(2);
  }

  @Test
  void containersCountTheirNodeTheirSlotsAndWhatTheyHold() {
    long one = JsonHeap.SCALAR;

    assertThat(JsonHeap.of(NODES.arrayNode())).isEqualTo(JsonHeap.ARRAY);
    assertThat(JsonHeap.of(NODES.arrayNode().add(1).add(2)))
        .as("two slots, grown by half, and two numbers")
        .isEqualTo(JsonHeap.ARRAY + 2 * JsonHeap.ELEMENT * 3 / 2 + 2 * one);
    assertThat(JsonHeap.of(NODES.objectNode().put("ab", 1)))
        .isEqualTo(JsonHeap.OBJECT + JsonHeap.FIELD + 2 + one);
  }

  @Test
  void bigNumbersCountTheirDigitsAndOpaqueNodesTheirText() {
    assertThat(JsonHeap.of(NODES.numberNode(new BigInteger("1".repeat(30)))))
        .isEqualTo(JsonHeap.BIG_NUMBER + 30);
    assertThat(JsonHeap.of(NODES.numberNode(new BigDecimal("1.25"))))
        .isEqualTo(JsonHeap.BIG_NUMBER + 4);
    assertThat(JsonHeap.of(BinaryNode.valueOf(new byte[3])))
        .as("as its base64 text")
        .isEqualTo(JsonHeap.TEXT + 4);
    assertThat(JsonHeap.of(new POJONode("abc"))).isEqualTo(JsonHeap.TEXT + 3);
    assertThat(JsonHeap.of(null)).isZero();
  }

  @Test
  void depthCountsNestedContainersAndStopsOneLevelPastTheLimit() throws IOException {
    assertThat(JsonHeap.depth(null, 10)).isZero();
    assertThat(JsonHeap.depth(tree("\"scalar\""), 10)).isZero();
    assertThat(JsonHeap.depth(tree("{}"), 10)).isEqualTo(1);
    assertThat(JsonHeap.depth(tree("[1,{\"a\":[]},[[\"x\"]]]"), 10)).isEqualTo(3);
    assertThat(JsonHeap.depth(tree("{\"a\":[[[[]]]],\"b\":{}}"), 10))
        .as("the deepest branch")
        .isEqualTo(5);
    assertThat(JsonHeap.depth(tree("[[[[[[[[[[]]]]]]]]]]"), 3))
        .as("limit + 1 tells it is over")
        .isEqualTo(4);
    assertThat(JsonHeap.depth(tree("[[[]]]"), 3)).as("at the limit").isEqualTo(3);
  }
}
