package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a command's fields, refusing a missing or mistyped one with {@link
 * RpcErrorCode#INVALID_ARGUMENT} and a message naming the field. Fields it is not asked about are
 * never looked at, so unknown fields are ignored (R-RPC-03). An explicit {@code null} counts as
 * absent.
 */
final class RpcArgs {

  private final String cmd;
  private final JsonNode json;

  RpcArgs(String cmd, JsonNode json) {
    this.cmd = cmd;
    this.json = json;
  }

  /** A string that must be present and non-empty. */
  String requiredText(String field) {
    String value = optionalText(field);
    if (value == null || value.isEmpty()) {
      throw invalid(field, "is required and must be a non-empty string");
    }
    return value;
  }

  /** A string, or {@code null} when absent. */
  String optionalText(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return null;
    }
    if (!value.isTextual()) {
      throw invalid(field, "must be a string");
    }
    return value.textValue();
  }

  /** An object, or an empty one when absent. */
  ObjectNode objectOrEmpty(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return HostJson.NODES.objectNode();
    }
    if (!value.isObject()) {
      throw invalid(field, "must be an object");
    }
    return (ObjectNode) value;
  }

  /** An object of strings, or {@code null} when absent. */
  Map<String, String> optionalStringMap(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return null;
    }
    if (!value.isObject()) {
      throw invalid(field, "must be an object of strings");
    }
    Map<String, String> map = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : value.properties()) {
      if (!entry.getValue().isTextual()) {
        throw invalid(field + "." + entry.getKey(), "must be a string");
      }
      map.put(entry.getKey(), entry.getValue().textValue());
    }
    return map;
  }

  /** A non-empty array of strings. */
  List<String> requiredStrings(String field) {
    JsonNode value = present(field);
    if (value == null || !value.isArray() || value.isEmpty()) {
      throw invalid(field, "is required and must be a non-empty array of strings");
    }
    List<String> strings = new ArrayList<>();
    for (JsonNode item : value) {
      if (!item.isTextual()) {
        throw invalid(field, "must be an array of strings");
      }
      strings.add(item.textValue());
    }
    return strings;
  }

  /** A positive whole number of milliseconds, or {@code null} when absent. */
  Duration optionalMillis(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return null;
    }
    if (!value.canConvertToExactIntegral() || !value.canConvertToLong() || value.asLong() <= 0) {
      throw invalid(field, "must be a positive whole number of milliseconds");
    }
    return Duration.ofMillis(value.asLong());
  }

  /** A non-negative int, or {@code fallback} when absent. */
  int optionalCount(String field, int fallback) {
    JsonNode value = present(field);
    if (value == null) {
      return fallback;
    }
    if (!value.canConvertToExactIntegral() || value.asLong() < 0) {
      throw invalid(field, "must be a non-negative whole number");
    }
    return (int) Math.min(Integer.MAX_VALUE, value.asLong());
  }

  private JsonNode present(String field) {
    JsonNode value = json.get(field);
    return value == null || value.isNull() ? null : value;
  }

  private RpcException invalid(String field, String problem) {
    return new RpcException(
        RpcErrorCode.INVALID_ARGUMENT, cmd + ": field \"" + field + "\" " + problem);
  }
}
