package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ToolDefinition;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PlainObjectSchema}, the shortcut for the plain schemas most tools declare (issue 36), is
 * never more lenient than the full validator: over 40,000 random plain schemas and arguments (a
 * fixed seed, so a failure repeats) every argument it accepts the full validator accepts, and the
 * full validator still words every refusal. It also takes nothing outside the plain shape.
 */
class PlainObjectSchemaTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final List<String> TYPES =
      List.of("string", "number", "integer", "boolean", "null", "object");
  private static final List<String> NAMES = List.of("a", "b", "c", "path", "n");

  private final ArgsSchemas schemas =
      new ArgsSchemas(new RegexGuard(Limits.defaults(), () -> Instant.EPOCH));
  private final RegexGuard.Allowance allowance =
      new RegexGuard(Limits.defaults(), () -> Instant.EPOCH).allowance();

  @Test
  void whatItAcceptsTheFullValidatorAcceptsAndItAcceptsMostOfWhatMatches() {
    Random random = new Random(36);
    int accepted = 0;
    int valid = 0;
    for (int i = 0; i < 2_000; i++) {
      ObjectNode schema = objectSchema(random, 0);
      PlainObjectSchema plain = PlainObjectSchema.of(schema);
      assertThat(plain).as("plain: %s", schema).isNotNull();
      ArgsSchema full = schemas.compiled(ToolDefinition.of("t", "t", schema));
      for (int j = 0; j < 20; j++) {
        JsonNode args = value(random, 0, true);
        boolean fullValid = fullVerdict(full, args) == null;
        if (plain.surelyMatches(args)) {
          accepted++;
          assertThat(fullValid)
              .as("the shortcut accepted %s against %s, the validator did not", args, schema)
              .isTrue();
        }
        valid += fullValid ? 1 : 0;
      }
    }
    assertThat(accepted)
        .as("the shortcut takes most of what matches (%d of %d)", accepted, valid)
        .isGreaterThan(valid * 9 / 10);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"minLength\":2}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\",\"exclusiveMinimum\":0}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"minimum\":1}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"string\",\"null\"]}}}",
        "{\"type\":\"object\",\"patternProperties\":{\"^x\":{\"type\":\"string\"}}}",
        "{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}",
        "{\"$schema\":\"http://json-schema.org/draft-04/schema#\",\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}",
        "{\"type\":\"object\",\"properties\":{\"a\":{}}}",
        "{\"type\":\"object\",\"properties\":{\"p\":{\"type\":\"string\",\"format\":\"uri\"}}}",
        "{\"properties\":{\"a\":{\"type\":\"string\"}}}",
        "{\"type\":\"string\"}",
        "{\"type\":\"object\",\"$ref\":\"#/$defs/x\",\"$defs\":{\"x\":{\"type\":\"object\"}}}",
      })
  void aSchemaOutsideThePlainShapeHasNoShortcut(String schema) throws Exception {
    assertThat(PlainObjectSchema.of(JSON.readTree(schema))).isNull();
  }

  @Test
  void boundsEnumsAndLengthsAreKept() throws Exception {
    JsonNode schema =
        JSON.readTree(
            "{\"type\":\"object\",\"properties\":{"
                + "\"n\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":9},"
                + "\"mode\":{\"type\":\"string\",\"enum\":[\"insert\",\"delete\"]},"
                + "\"text\":{\"type\":\"string\",\"maxLength\":3}},\"additionalProperties\":false}");
    PlainObjectSchema plain = PlainObjectSchema.of(schema);

    assertThat(plain.surelyMatches(JSON.readTree("{\"n\":1,\"mode\":\"insert\",\"text\":\"abc\"}")))
        .isTrue();
    assertThat(plain.surelyMatches(JSON.readTree("{\"n\":9}"))).isTrue();
    ArgsSchema full = schemas.compiled(ToolDefinition.of("t", "t", schema));
    for (String outside :
        List.of(
            "{\"n\":0}",
            "{\"n\":10}",
            "{\"mode\":\"replace\"}",
            "{\"text\":\"abcd\"}",
            "{\"other\":1}")) {
      assertThat(plain.surelyMatches(JSON.readTree(outside))).as(outside).isFalse();
      assertThat(fullVerdict(full, JSON.readTree(outside)))
          .as("the full validator refuses %s", outside)
          .isNotNull();
    }
  }

  @Test
  void anIntegralDoubleIsLeftToTheFullValidatorAndARefusalIsStillWordedByIt() throws Exception {
    JsonNode schema =
        JSON.readTree(
            "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}");
    PlainObjectSchema plain = PlainObjectSchema.of(schema);
    ArgsSchema full = schemas.compiled(ToolDefinition.of("t", "t", schema));

    assertThat(plain.surelyMatches(JSON.readTree("{\"n\":1.0}"))).isFalse();
    assertThat(fullVerdict(full, JSON.readTree("{\"n\":1.0}")))
        .as("2020-12: 1.0 is an integer")
        .isNull();
    assertThat(fullVerdict(full, JSON.readTree("{}"))).contains("required property 'n' not found");
    assertThat(fullVerdict(full, JSON.readTree("{\"n\":\"one\"}")))
        .contains("/n: string found, integer expected");
  }

  /** What the full validator says, without the shortcut that {@code violations} tries first. */
  private String fullVerdict(ArgsSchema schema, JsonNode args) {
    return schema.fullViolations(args, allowance);
  }

  // ---- random plain schemas, and values near and far from them ----

  private static ObjectNode objectSchema(Random random, int depth) {
    ObjectNode schema = NODES.objectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    int count = 1 + random.nextInt(4);
    for (int i = 0; i < count; i++) {
      String name = NAMES.get(random.nextInt(NAMES.size()));
      String type = TYPES.get(random.nextInt(depth < 2 ? TYPES.size() : TYPES.size() - 1));
      properties.set(
          name, type.equals("object") ? objectSchema(random, depth + 1) : property(random, type));
      if (random.nextInt(3) == 0) {
        properties.with(name).put("description", "the " + name);
      }
    }
    if (random.nextBoolean()) {
      var required = schema.putArray("required");
      properties
          .fieldNames()
          .forEachRemaining(
              name -> {
                if (random.nextBoolean()) {
                  required.add(name);
                }
              });
    }
    if (random.nextInt(3) == 0) {
      schema.put("additionalProperties", random.nextBoolean());
    }
    return schema;
  }

  /** A property of {@code type}, sometimes bounded, or (rarely) given by an {@code enum} alone. */
  private static ObjectNode property(Random random, String type) {
    ObjectNode property = NODES.objectNode();
    if (random.nextInt(8) == 0) {
      property.putArray("enum").add("x1").add(2).add(2.5).addNull();
      return property;
    }
    property.put("type", type);
    switch (type) {
      case "string" -> {
        if (random.nextInt(3) == 0) {
          property.put("maxLength", random.nextInt(3));
        }
        if (random.nextInt(4) == 0) {
          property.putArray("enum").add("x1").add("x2").add(3);
        }
      }
      case "number", "integer" -> {
        if (random.nextBoolean()) {
          property.put("minimum", random.nextInt(40) - 20);
        }
        if (random.nextBoolean()) {
          property.put("maximum", random.nextBoolean() ? random.nextInt(40) : 2.2);
        }
      }
      default -> {}
    }
    return property;
  }

  private static JsonNode value(Random random, int depth, boolean object) {
    int kind = object ? 0 : random.nextInt(8);
    switch (kind) {
      case 0 -> {
        ObjectNode value = NODES.objectNode();
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
          value.set(
              NAMES.get(random.nextInt(NAMES.size())),
              depth < 3 ? value(random, depth + 1, false) : NODES.nullNode());
        }
        return value;
      }
      case 1 -> {
        return NODES.textNode("x" + random.nextInt(9));
      }
      case 2 -> {
        return NODES.numberNode(random.nextInt(100) - 50);
      }
      case 3 -> {
        return NODES.numberNode(random.nextBoolean() ? 2.0 : 2.5);
      }
      case 4 -> {
        return NODES.booleanNode(random.nextBoolean());
      }
      case 5 -> {
        return NODES.nullNode();
      }
      case 6 -> {
        return NODES.numberNode(Long.MAX_VALUE);
      }
      default -> {
        return NODES.arrayNode().add(1);
      }
    }
  }
}
