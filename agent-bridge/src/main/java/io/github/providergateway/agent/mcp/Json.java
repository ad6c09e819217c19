package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one Jackson mapper of the MCP front door, shared with the SDK. */
final class Json {

  static final ObjectMapper MAPPER = new ObjectMapper();

  /** The SDK's view of {@link #MAPPER}, its server's and transports' mapper. */
  static final McpJsonMapper MCP = new SdkJsonMapper(new JacksonMcpJsonMapper(MAPPER));

  private Json() {}

  static <T> T convert(Object value, TypeRef<T> type) {
    return MCP.convertValue(value, type);
  }

  /**
   * The tree of a value the SDK read from JSON (maps, lists, strings, numbers, booleans, null),
   * built directly: the mapper's {@code valueToTree} writes and re-reads the value, which was a
   * measurable share of a tool call's CPU here (docs/performance.md). Anything else goes through
   * the mapper. It recurses once a level: what an agent sends reaches it nested at most {@link
   * JsonRpcLineGuard#MAX_DEPTH} levels, checked by both front doors (issue 35).
   */
  static JsonNode tree(Object value) {
    JsonNodeFactory nodes = MAPPER.getNodeFactory();
    if (value == null) {
      return nodes.nullNode();
    } else if (value instanceof String text) {
      return nodes.textNode(text);
    } else if (value instanceof Boolean bool) {
      return nodes.booleanNode(bool);
    } else if (value instanceof Integer number) {
      return nodes.numberNode(number);
    } else if (value instanceof Long number) {
      return nodes.numberNode(number);
    } else if (value instanceof Double number) {
      return nodes.numberNode(number);
    } else if (value instanceof BigInteger number) {
      return nodes.numberNode(number);
    } else if (value instanceof BigDecimal number) {
      return nodes.numberNode(number);
    } else if (value instanceof Map<?, ?> map && allKeysAreStrings(map)) {
      ObjectNode object = nodes.objectNode();
      map.forEach((key, field) -> object.set((String) key, tree(field)));
      return object;
    } else if (value instanceof List<?> list) {
      ArrayNode array = nodes.arrayNode(list.size());
      list.forEach(element -> array.add(tree(element)));
      return array;
    }
    return MAPPER.valueToTree(value);
  }

  private static boolean allKeysAreStrings(Map<?, ?> map) {
    for (Object key : map.keySet()) {
      if (!(key instanceof String)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link #plain} of an object node: its fields as an insertion-ordered map.
   *
   * @param object an object node
   */
  @SuppressWarnings("unchecked") // plain gives a Map<String, Object> for every object node
  static Map<String, Object> plainObject(JsonNode object) {
    if (!object.isObject()) {
      throw new IllegalArgumentException("not a JSON object: " + object.getNodeType());
    }
    return (Map<String, Object>) plain(object);
  }

  /**
   * The plain value of a tree, as the mapper's untyped conversion gives it (objects as
   * insertion-ordered maps, arrays as lists, numbers as the node holds them), built directly.
   */
  static Object plain(JsonNode node) {
    switch (node.getNodeType()) {
      case OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
          Map.Entry<String, JsonNode> field = fields.next();
          map.put(field.getKey(), plain(field.getValue()));
        }
        return map;
      }
      case ARRAY -> {
        List<Object> list = new ArrayList<>(node.size());
        node.forEach(element -> list.add(plain(element)));
        return list;
      }
      case STRING -> {
        return node.textValue();
      }
      case BOOLEAN -> {
        return node.booleanValue();
      }
      case NULL, MISSING -> {
        return null;
      }
      case NUMBER -> {
        return node.numberValue();
      }
      default -> {
        return MAPPER.convertValue(node, Object.class);
      }
    }
  }

  /** JSON text of a tree; a tree always serializes. */
  static String text(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
