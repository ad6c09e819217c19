package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;

/**
 * An estimate of the heap a Jackson tree holds, for bounds on what the gateway retains. Text counts
 * were the bound before, but a tree costs far more than its text: {@code [{},{},…]} takes about 85
 * bytes per three characters, so 4.9 MB of it held 132 MiB. The figures are those of a 64-bit JVM
 * with compressed references (object headers of 12 bytes, aligned to 8), rounded up: deliberately a
 * little high, never low.
 *
 * <p>Nodes the tree shares (booleans, null, small cached numbers) are counted anyway, as references
 * to them are.
 */
public final class JsonHeap {

  /** An {@code ObjectNode} with its {@code LinkedHashMap}, empty. */
  static final long OBJECT = 80;

  /** Per field: the map entry, its table slot and the key {@code String} (its bytes apart). */
  static final long FIELD = 88;

  /** An {@code ArrayNode} with its {@code ArrayList} and backing array, empty. */
  static final long ARRAY = 56;

  /** Per element: its slot in the backing array, grown by half when full. */
  static final long ELEMENT = 8;

  /** A {@code TextNode} with its {@code String} and byte array, without the characters. */
  static final long TEXT = 56;

  /** A {@code String} and its byte array, without the characters. */
  public static final long TEXT_OVERHEAD = 40;

  /** Any number, boolean or null node. */
  static final long SCALAR = 24;

  /** A big integer or decimal node with its magnitude's array, without the digits. */
  static final long BIG_NUMBER = 72;

  private JsonHeap() {}

  /**
   * The estimated heap of {@code node} and everything under it, in bytes. Any depth.
   *
   * @param node a JSON value; {@code null} counts as 0
   * @return the estimate in bytes
   */
  public static long of(JsonNode node) {
    if (node == null) {
      return 0;
    }
    long total = 0;
    ArrayDeque<JsonNode> pending = new ArrayDeque<>();
    pending.push(node);
    while (!pending.isEmpty()) {
      JsonNode next = pending.pop();
      if (next.isObject()) {
        total += OBJECT;
        for (Iterator<Map.Entry<String, JsonNode>> it = next.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> field = it.next();
          total += FIELD + chars(field.getKey());
          pending.push(field.getValue());
        }
      } else if (next.isArray()) {
        total += ARRAY + (long) ELEMENT * next.size() * 3 / 2;
        for (JsonNode element : next) {
          pending.push(element);
        }
      } else {
        total += scalar(next);
      }
    }
    return total;
  }

  /** A scalar node's estimated heap. */
  static long scalar(JsonNode node) {
    if (node.isTextual()) {
      return TEXT + chars(node.textValue());
    }
    if (node.isBigInteger() || node.isBigDecimal()) {
      return BIG_NUMBER + node.asText().length();
    }
    if (node.isPojo() || node.isBinary()) {
      return TEXT + chars(node.asText());
    }
    return SCALAR;
  }

  /** A string's characters: one byte each if all are Latin-1, else two. */
  static long chars(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0xff) {
        return 2L * text.length();
      }
    }
    return text.length();
  }

  /**
   * The deepest nesting of containers in {@code node} (a scalar is 0, {@code {}} 1), counting no
   * further than {@code limit + 1}: enough to tell whether it is over {@code limit}.
   *
   * @param node a JSON value; {@code null} is 0
   * @param limit the depth that matters
   * @return the depth, at most {@code limit + 1}
   */
  public static int depth(JsonNode node, int limit) {
    if (node == null || !node.isContainerNode()) {
      return 0;
    }
    int deepest = 0;
    ArrayDeque<JsonNode> nodes = new ArrayDeque<>();
    ArrayDeque<Integer> depths = new ArrayDeque<>();
    nodes.push(node);
    depths.push(1);
    while (!nodes.isEmpty()) {
      JsonNode next = nodes.pop();
      int depth = depths.pop();
      deepest = Math.max(deepest, depth);
      if (deepest > limit) {
        return deepest;
      }
      for (JsonNode child : next) {
        if (child.isContainerNode()) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    }
    return deepest;
  }
}
