package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The direct conversions between trees and plain values give what the mapper's would. */
class JsonTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "[]",
        "{\"green\":true,\"runs\":3,\"name\":\"ci\",\"none\":null}",
        "{\"big\":12345678901234,\"bigger\":123456789012345678901234567890,\"ratio\":0.25,\"neg\":-7}",
        "{\"nested\":{\"list\":[1,\"two\",[3.5,{\"four\":false}],null],\"empty\":{}},\"é\":\"ü 🚀\"}",
        "[1,2,{\"a\":[]}]",
        "\"just text\"",
        "42",
        "null"
      })
  void plainAndTreeGiveWhatTheMappersConversionsGive(String json) throws Exception {
    JsonNode node = Json.MAPPER.readTree(json);

    Object plain = Json.plain(node);
    assertThat(plain).isEqualTo(Json.MAPPER.convertValue(node, Object.class));
    assertThat(Json.tree(plain)).isEqualTo(Json.MAPPER.valueToTree(plain)).isEqualTo(node);
  }

  @Test
  void objectsKeepTheirFieldOrder() throws Exception {
    Object plain = Json.plain(Json.MAPPER.readTree("{\"z\":1,\"a\":2,\"m\":3}"));

    assertThat(List.copyOf(((Map<?, ?>) plain).keySet())).isEqualTo(List.of("z", "a", "m"));
  }

  @Test
  void plainObjectIsPlainTypedAndRefusesAnythingElse() throws Exception {
    JsonNode schema =
        Json.MAPPER.readTree(
            "{\"type\":\"object\",\"properties\":{\"env\":{\"type\":\"string\"}}}");

    assertThat(Json.plainObject(schema)).isEqualTo(Json.MAPPER.convertValue(schema, Map.class));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Json.plainObject(Json.MAPPER.readTree("[1]")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void valuesOfOtherKindsGoThroughTheMapper() {
    Map<Object, Object> numberKeys = new HashMap<>();
    numberKeys.put(1, "one");
    Map<String, Object> mixed = new LinkedHashMap<>();
    mixed.put("floaty", 1.5f);
    mixed.put("short", (short) 3);
    mixed.put("decimal", new BigDecimal("1.10"));
    mixed.put("huge", new BigInteger("99999999999999999999"));
    mixed.put("array", new int[] {1, 2});
    mixed.put("keys", numberKeys);
    mixed.put("list", Arrays.asList(null, "x"));

    assertThat(Json.tree(mixed)).isEqualTo(Json.MAPPER.valueToTree(mixed));
    assertThat(Json.tree(List.of(mixed))).isEqualTo(Json.MAPPER.valueToTree(List.of(mixed)));
  }
}
