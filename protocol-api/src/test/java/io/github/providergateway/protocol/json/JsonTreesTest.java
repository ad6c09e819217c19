package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link JsonTrees} reads and writes exactly what the {@code ObjectMapper} it replaced did
 * (FAIL_ON_TRAILING_TOKENS, the codec's stream constraints): same trees, same node classes, same
 * text, same acceptance. Compared over edge cases and seeded random trees.
 */
class JsonTreesTest {

  private static final long SEED = Long.getLong("protocol.seed", 0x7EE5_2026L);
  private static final StreamReadConstraints CONSTRAINTS =
      StreamReadConstraints.builder().maxNestingDepth(1000).maxNumberLength(1000).build();

  /** The reference: the mapper ProtocolCodec used to build. */
  private static final ObjectMapper MAPPER = mapper();

  private static final JsonFactory FACTORY =
      JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static ObjectMapper mapper() {
    ObjectMapper mapper =
        JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
    mapper.getFactory().setStreamReadConstraints(CONSTRAINTS);
    return mapper;
  }

  static Stream<String> texts() {
    return Stream.of(
        "{}",
        "[]",
        "",
        "   ",
        "1",
        "-0",
        "-0.0",
        "0.1",
        "1e400",
        "-1e400",
        "1.5e-10",
        "2147483647",
        "2147483648",
        "-2147483649",
        "9223372036854775807",
        "9223372036854775808",
        "12345678901234567890123",
        "null",
        "true",
        "false",
        "\"text\"",
        "{\"a\":1,\"a\":2}",
        "{\"a\":[1,{\"b\":null}],\"c\":true,\"d\":\"\\u00e9\\ud83d\\ude00\\u0000\"}",
        "  {\"a\" : 1 }  ",
        "{} {}",
        "{}x",
        "[1,]",
        "{\"a\":}",
        "{",
        "[",
        "{\"a\":1",
        "}",
        "/* c */ {}",
        "{'a':1}",
        "NaN",
        "[1 2]",
        "{\"a\" 1}",
        "\"unterminated",
        "[" + "[".repeat(998) + "]".repeat(998) + "]",
        "[".repeat(1001) + "]".repeat(1001),
        "1".repeat(1000),
        "1".repeat(1001),
        "{\"deep\":" + "{\"x\":".repeat(500) + "1" + "}".repeat(500) + "}");
  }

  @ParameterizedTest
  @MethodSource("texts")
  void readsEveryTextAsTheMapperDid(String text) {
    Object expected = readWithMapper(text);
    Object actual = readWithTrees(text);
    if (expected instanceof JsonNode node) {
      assertThat(actual).as(text).isEqualTo(node);
      assertThat(classes((JsonNode) actual)).isEqualTo(classes(node));
    } else {
      assertThat(actual).as("%s is refused by both", text).isInstanceOf(IOException.class);
    }
  }

  @Test
  void readsAndWritesRandomTreesAsTheMapperDid() throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int i = 0; i < 500; i++) {
      JsonNode tree = randomTree(random, 0);
      String reference = MAPPER.writeValueAsString(tree);
      assertThat(write(tree)).as("seed %x, tree %d", SEED, i).isEqualTo(reference);
      JsonNode read = (JsonNode) readWithTrees(reference);
      assertThat(read).as("seed %x, tree %d", SEED, i).isEqualTo(MAPPER.readTree(reference));
      assertThat(classes(read)).isEqualTo(classes(MAPPER.readTree(reference)));
    }
  }

  @Test
  void writesNodesParsingNeverMakesAsTheMapperDid() throws IOException {
    ObjectNode node = NODES.objectNode();
    node.set("missing", MissingNode.getInstance());
    node.set("binary", NODES.binaryNode(new byte[] {0, 1, 2, (byte) 250, 99, 100, 101}));
    node.set("decimal", NODES.numberNode(new BigDecimal("1E+3")));
    node.set("float", NODES.numberNode(1.5f));
    node.set("short", NODES.numberNode((short) 3));
    node.set("nan", NODES.numberNode(Double.NaN));
    node.set("pojo", NODES.pojoNode(Map.of("k", 1)));
    node.set("tree", NODES.pojoNode(NODES.arrayNode().add(1)));
    node.set("raw", NODES.rawValueNode(new RawValue("{\"r\":1}")));
    node.putPOJO("nothing", null);
    assertThat(write(node)).isEqualTo(MAPPER.writeValueAsString(node));
    assertThat(write(MissingNode.getInstance()))
        .isEqualTo(MAPPER.writeValueAsString(MissingNode.getInstance()));
    assertThat(ProtocolCodec.create().writeJson(null)).isEqualTo(MAPPER.writeValueAsString(null));
  }

  private static Object readWithMapper(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      return e;
    }
  }

  private static Object readWithTrees(String text) {
    try (JsonParser parser = FACTORY.createParser(text)) {
      return JsonTrees.read(parser);
    } catch (IOException e) {
      return e;
    }
  }

  private static String write(JsonNode node) throws IOException {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      JsonTrees.write(g, node);
    }
    return out.toString();
  }

  /** Every node's class, depth first: equal trees can still differ in number node classes. */
  private static List<String> classes(JsonNode node) {
    List<String> names = new ArrayList<>();
    collect(node, names);
    return names;
  }

  private static void collect(JsonNode node, List<String> names) {
    names.add(node.getClass().getSimpleName());
    node.forEach(child -> collect(child, names));
  }

  private static JsonNode randomTree(SplittableRandom random, int depth) {
    int kind = depth > 4 ? random.nextInt(6) : random.nextInt(8);
    return switch (kind) {
      case 0 -> NODES.textNode(randomString(random));
      case 1 -> NODES.numberNode(random.nextInt());
      case 2 -> NODES.numberNode(random.nextLong());
      case 3 ->
          NODES.numberNode(random.nextBoolean() ? random.nextDouble() * 1e6 : -random.nextDouble());
      case 4 -> random.nextBoolean() ? NODES.booleanNode(random.nextBoolean()) : NODES.nullNode();
      case 5 -> NODES.numberNode(BigInteger.valueOf(random.nextLong()).shiftLeft(70));
      case 6 -> {
        ObjectNode object = NODES.objectNode();
        for (int i = random.nextInt(5); i > 0; i--) {
          object.set(randomString(random), randomTree(random, depth + 1));
        }
        yield object;
      }
      default -> {
        ArrayNode array = NODES.arrayNode();
        for (int i = random.nextInt(5); i > 0; i--) {
          array.add(randomTree(random, depth + 1));
        }
        yield array;
      }
    };
  }

  private static String randomString(SplittableRandom random) {
    StringBuilder b = new StringBuilder();
    for (int i = random.nextInt(8); i > 0; i--) {
      int pick = random.nextInt(10);
      b.append(
          switch (pick) {
            case 0 -> '"';
            case 1 -> '\\';
            case 2 -> (char) random.nextInt(0x20);
            case 3 -> 'é';
            case 4 -> "😀";
            default -> (char) ('a' + random.nextInt(26));
          });
    }
    return b.toString();
  }
}
