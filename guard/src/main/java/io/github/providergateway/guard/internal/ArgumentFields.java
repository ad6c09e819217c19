package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;

/**
 * A server's tool's arguments read field by field, three objects or arrays down and 64 fields at
 * each level (decision 179's readings, {@link ToolGrants} and {@link PayeeDetails}): the first
 * field a reading finds something in.
 */
final class ArgumentFields {
  private ArgumentFields() {}

  /** Fields read at each level. */
  private static final int FIELDS = 64;

  /** How far down: decision 152's red team nested a field two objects down, in an array. */
  private static final int DEPTH = 3;

  /** What one field says, or {@code null} for nothing. */
  @FunctionalInterface
  interface Reading {
    /**
     * What the field says.
     *
     * @param key the field's name
     * @param value its value
     * @return what was found, or {@code null}
     */
    String of(String key, JsonNode value);
  }

  /**
   * {@return what {@code reading} finds in the first field that says something, or {@code null}}
   *
   * @param args the arguments
   * @param reading what a field says
   */
  static String first(JsonNode args, Reading reading) {
    return first(args, object -> null, reading, 0);
  }

  /**
   * {@return what {@code whole} finds in an object, or {@code reading} in a field, first}
   *
   * @param args the arguments
   * @param whole what an object says as a whole (a JSON Patch's operation), before its fields
   * @param reading what a field says
   */
  static String first(JsonNode args, Function<JsonNode, String> whole, Reading reading) {
    return first(args, whole, reading, 0);
  }

  private static String first(
      JsonNode node, Function<JsonNode, String> whole, Reading reading, int depth) {
    if (node == null || depth > DEPTH || !node.isContainerNode()) {
      return null;
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size() && i < FIELDS; i++) {
        String found = first(node.get(i), whole, reading, depth + 1);
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    String said = whole.apply(node);
    if (said != null) {
      return said;
    }
    int read = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        it.hasNext() && read < FIELDS;
        read++) {
      Map.Entry<String, JsonNode> field = it.next();
      String found = reading.of(field.getKey(), field.getValue());
      if (found == null) {
        found = first(field.getValue(), whole, reading, depth + 1);
      }
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
