package io.github.providergateway.protocol.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a host command's fields, refusing a missing or mistyped one with a {@link
 * HostFieldException} whose message names the command and the field. Fields it is not asked about
 * are never looked at, so unknown fields are ignored (R-RPC-03). An explicit {@code null} counts
 * as absent.
 */
final class HostFields {

  private final String owner;
  private final ObjectNode json;

  HostFields(String owner, ObjectNode json) {
    this.owner = owner;
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

  /** A string that may be empty but must be present. */
  String requiredString(String field) {
    String value = optionalText(field);
    if (value == null) {
      throw invalid(field, "is required and must be a string");
    }
    return value;
  }

  Boolean optionalBoolean(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return null;
    }
    if (!value.isBoolean()) {
      throw invalid(field, "must be a boolean");
    }
    return value.booleanValue();
  }

  /** An object, or an empty one when absent. */
  ObjectNode objectOrEmpty(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return JsonNodeFactory.instance.objectNode();
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
    return strings(field, value);
  }

  /** An array of strings (possibly empty), or {@code null} when absent. */
  List<String> optionalStrings(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return null;
    }
    if (!value.isArray()) {
      throw invalid(field, "must be an array of strings");
    }
    return strings(field, value);
  }

  private List<String> strings(String field, JsonNode array) {
    List<String> strings = new ArrayList<>(array.size());
    for (JsonNode item : array) {
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
    if (!value.isNumber()
        || !value.canConvertToExactIntegral()
        || !value.canConvertToLong()
        || value.asLong() <= 0) {
      throw invalid(field, "must be a positive whole number of milliseconds");
    }
    return Duration.ofMillis(value.asLong());
  }

  /** A non-negative whole number, capped at {@code Integer.MAX_VALUE}, or {@code null}. */
  Integer optionalCount(String field) {
    JsonNode value = present(field);
    if (value == null) {
      return null;
    }
    if (!value.isNumber() || !value.canConvertToExactIntegral() || value.asLong() < 0) {
      throw invalid(field, "must be a non-negative whole number");
    }
    return (int) Math.min(Integer.MAX_VALUE, value.asLong());
  }

  /** A whole number within 32 bits. */
  int requiredInt(String field) {
    JsonNode value = present(field);
    if (value == null
        || !value.isNumber()
        || !value.canConvertToExactIntegral()
        || !value.canConvertToInt()) {
      throw invalid(field, "is required and must be a whole number");
    }
    return value.asInt();
  }

  private JsonNode present(String field) {
    JsonNode value = json.get(field);
    return value == null || value.isNull() ? null : value;
  }

  private HostFieldException invalid(String field, String problem) {
    return new HostFieldException(owner + ": field \"" + field + "\" " + problem);
  }

  /** A field is missing or mistyped. Never escapes the codec; carries no stack trace. */
  static final class HostFieldException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    HostFieldException(String message) {
      super(message, null, false, false);
    }
  }
}
