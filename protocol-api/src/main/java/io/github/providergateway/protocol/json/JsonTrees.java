package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON text to {@link JsonNode} trees and back with jackson-core's streaming parser and generator
 * alone, giving the trees and text an {@code ObjectMapper} would (its defaults, plus
 * FAIL_ON_TRAILING_TOKENS). Building an {@code ObjectMapper} loads some 300 classes and took
 * 100-190 ms of the gateway's start-up on our 2-core machines (docs/performance.md); reading a tree
 * here also skips its per-call deserialization context.
 *
 * <p>Numbers read as an {@code ObjectMapper} reads them: integers as int, long or BigInteger nodes
 * by size, other numbers as doubles. A repeated field name keeps its last value. Containers are
 * read without recursion; the parser's stream constraints bound their depth.
 */
final class JsonTrees {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTrees() {}

  /**
   * Reads the one value {@code parser} holds: {@link MissingNode} for no content at all, an error
   * for anything after the value.
   */
  static JsonNode read(JsonParser parser) throws IOException {
    return read(parser, Bounds.NONE);
  }

  /**
   * What one tree may take while it is read: containers nested at most {@code maxDepth} deep, and
   * at most {@code maxHeapBytes} of estimated heap ({@link JsonHeap}).
   */
  record Bounds(int maxDepth, long maxHeapBytes) {
    static final Bounds NONE = new Bounds(Integer.MAX_VALUE, Long.MAX_VALUE);
  }

  /** The tree would pass {@link Bounds#maxHeapBytes}: reading stopped there. */
  static final class TooLarge extends JsonParseException {
    private static final long serialVersionUID = 1L;

    TooLarge(JsonParser parser, long limit) {
      super(
          parser, "the message would take more than " + limit + " bytes of memory as a JSON tree");
    }
  }

  /** Containers nested past {@link Bounds#maxDepth}: reading stopped there. */
  static final class TooDeep extends JsonParseException {
    private static final long serialVersionUID = 1L;

    TooDeep(JsonParser parser, int limit) {
      super(parser, "JSON nested deeper than " + limit + " levels");
    }
  }

  /** {@link #read(JsonParser)} within {@code bounds}. */
  static JsonNode read(JsonParser parser, Bounds bounds) throws IOException {
    JsonToken first = parser.nextToken();
    if (first == null) {
      return MissingNode.getInstance();
    }
    JsonNode root =
        first.isStructStart() ? readContainer(parser, first, bounds) : scalar(parser, first);
    JsonToken trailing = parser.nextToken();
    if (trailing != null) {
      throw new JsonParseException(
          parser, "Trailing token (of type " + trailing + ") found after value: not allowed");
    }
    return root;
  }

  private static JsonNode readContainer(JsonParser parser, JsonToken first, Bounds bounds)
      throws IOException {
    ContainerNode<?> root = newContainer(first);
    ArrayDeque<ContainerNode<?>> open = new ArrayDeque<>();
    ContainerNode<?> current = root;
    long heap = heapOf(root);
    while (true) {
      if (heap > bounds.maxHeapBytes()) {
        throw new TooLarge(parser, bounds.maxHeapBytes());
      }
      JsonToken token = parser.nextToken();
      if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
        if (open.isEmpty()) {
          return root;
        }
        current = open.pop();
        continue;
      }
      String field = null;
      if (current instanceof ObjectNode) {
        field = parser.currentName();
        token = parser.nextToken();
      }
      if (token == null) {
        throw new JsonParseException(parser, "Unexpected end-of-input in a JSON container");
      }
      if (field != null) {
        heap += JsonHeap.FIELD + JsonHeap.chars(field);
      } else {
        heap += JsonHeap.ELEMENT * 3 / 2;
      }
      if (token.isStructStart()) {
        if (open.size() + 2 > bounds.maxDepth()) {
          throw new TooDeep(parser, bounds.maxDepth());
        }
        ContainerNode<?> child = newContainer(token);
        heap += heapOf(child);
        open.push(current);
        add(current, field, child);
        current = child;
      } else {
        JsonNode value = scalar(parser, token);
        heap += JsonHeap.scalar(value);
        add(current, field, value);
      }
    }
  }

  private static long heapOf(ContainerNode<?> container) {
    return container.isObject() ? JsonHeap.OBJECT : JsonHeap.ARRAY;
  }

  private static ContainerNode<?> newContainer(JsonToken start) {
    return start == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
  }

  private static void add(ContainerNode<?> container, String field, JsonNode value) {
    if (container instanceof ObjectNode object) {
      object.replace(field, value); // a repeated name keeps its last value, as databind does
    } else {
      ((ArrayNode) container).add(value);
    }
  }

  private static JsonNode scalar(JsonParser parser, JsonToken token) throws IOException {
    return switch (token) {
      case VALUE_STRING -> NODES.textNode(parser.getText());
      case VALUE_NUMBER_INT ->
          switch (parser.getNumberType()) {
            case INT -> NODES.numberNode(parser.getIntValue());
            case LONG -> NODES.numberNode(parser.getLongValue());
            default -> NODES.numberNode(parser.getBigIntegerValue());
          };
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      case VALUE_EMBEDDED_OBJECT -> NODES.pojoNode(parser.getEmbeddedObject());
      case START_OBJECT, START_ARRAY, END_OBJECT, END_ARRAY, FIELD_NAME, NOT_AVAILABLE ->
          throw new JsonParseException(parser, "Unexpected token " + token);
    };
  }

  /**
   * Writes {@code node} as an {@code ObjectMapper} with default settings would: fields in their
   * order, nulls and empty arrays kept, a missing node as null, binary as base64; {@code null} as
   * JSON null, like {@code JsonGenerator.writeTree}.
   */
  static void write(JsonGenerator g, JsonNode node) throws IOException {
    if (node == null) {
      g.writeNull();
      return;
    }
    switch (node.getNodeType()) {
      case OBJECT -> {
        g.writeStartObject();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> field = it.next();
          g.writeFieldName(field.getKey());
          write(g, field.getValue());
        }
        g.writeEndObject();
      }
      case ARRAY -> {
        g.writeStartArray();
        for (JsonNode element : node) {
          write(g, element);
        }
        g.writeEndArray();
      }
      case STRING -> g.writeString(node.textValue());
      case NUMBER -> writeNumber(g, node);
      case BOOLEAN -> g.writeBoolean(node.booleanValue());
      case NULL, MISSING -> g.writeNull();
      case BINARY -> g.writeBinary(node.binaryValue());
      case POJO -> writePojo(g, (POJONode) node);
    }
  }

  private static void writeNumber(JsonGenerator g, JsonNode node) throws IOException {
    switch (node.numberType()) {
      case INT -> g.writeNumber(node.intValue());
      case LONG -> g.writeNumber(node.longValue());
      case BIG_INTEGER -> g.writeNumber(node.bigIntegerValue());
      case FLOAT -> g.writeNumber(node.floatValue());
      case DOUBLE -> g.writeNumber(node.doubleValue());
      case BIG_DECIMAL -> g.writeNumber(node.decimalValue());
    }
  }

  /**
   * A node holding a Java object (only Java code makes one, never parsing): a JSON tree is written
   * as one; anything else goes through data binding, as before, which is the one place this codec
   * still builds an {@code ObjectMapper} (lazily, the first time).
   */
  private static void writePojo(JsonGenerator g, POJONode node) throws IOException {
    Object value = node.getPojo();
    if (value instanceof JsonNode json) {
      write(g, json);
    } else {
      ProtocolCodec.writeBound(g, value);
    }
  }
}
