package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.WireEnum;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads typed fields out of one JSON object, failing with a {@link FieldException} that names the
 * field's path ({@code tools[2].description}) when a field is missing or of the wrong type.
 *
 * <p>JSON {@code null} counts as absent for optional fields and as missing for required ones.
 * Numbers are read the way JavaScript reads them: {@code 2.0} is the integer {@code 2}.
 */
final class Fields {

  private final ObjectNode node;
  private final String path;

  private Fields(ObjectNode node, String path) {
    this.node = node;
    this.path = path;
  }

  static Fields of(ObjectNode node) {
    return new Fields(node, "");
  }

  ObjectNode node() {
    return node;
  }

  private String name(String field) {
    return path + field;
  }

  private JsonNode value(String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value;
  }

  boolean has(String field) {
    return value(field) != null;
  }

  private FieldException missing(String field) {
    return new FieldException(ErrorCode.INVALID_JSON, name(field) + " is required");
  }

  private FieldException wrongType(String field, String expected) {
    return new FieldException(ErrorCode.INVALID_JSON, name(field) + " must be " + expected);
  }

  String requiredString(String field) {
    String value = optionalString(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  String optionalString(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isTextual()) {
      throw wrongType(field, "a string");
    }
    return value.textValue();
  }

  /** Any JSON value, including {@code null} (as {@code NullNode}); {@code null} when absent. */
  JsonNode optionalAny(String field) {
    return node.get(field);
  }

  JsonNode requiredAny(String field) {
    JsonNode value = value(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  ObjectNode optionalObjectNode(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isObject()) {
      throw wrongType(field, "an object");
    }
    return (ObjectNode) value;
  }

  ObjectNode requiredObjectNode(String field) {
    ObjectNode value = optionalObjectNode(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /** The nested object {@code field}, read with its path prefixed, or {@code null} when absent. */
  Fields optionalObject(String field) {
    ObjectNode value = optionalObjectNode(field);
    return value == null ? null : new Fields(value, name(field) + ".");
  }

  Fields requiredObject(String field) {
    return new Fields(requiredObjectNode(field), name(field) + ".");
  }

  Boolean optionalBoolean(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isBoolean()) {
      throw wrongType(field, "a boolean");
    }
    return value.booleanValue();
  }

  Long optionalLong(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isNumber() || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
      throw wrongType(field, "an integer");
    }
    return value.longValue();
  }

  long requiredLong(String field) {
    Long value = optionalLong(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  Integer optionalInt(String field) {
    Long value = optionalLong(field);
    if (value == null) {
      return null;
    }
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw wrongType(field, "an integer within 32 bits");
    }
    return value.intValue();
  }

  /** A whole positive number of milliseconds, or {@code null} when absent. */
  Duration optionalMillis(String field) {
    Long millis = optionalLong(field);
    if (millis == null) {
      return null;
    }
    if (millis <= 0) {
      throw wrongType(field, "a positive number of milliseconds");
    }
    return Duration.ofMillis(millis);
  }

  /** A whole non-negative number of seconds, or {@code null} when absent. */
  Duration optionalSeconds(String field) {
    Long seconds = optionalLong(field);
    if (seconds == null) {
      return null;
    }
    if (seconds < 0) {
      throw wrongType(field, "a non-negative number of seconds");
    }
    return Duration.ofSeconds(seconds);
  }

  <E extends Enum<E> & WireEnum> E optionalEnum(String field, Class<E> type) {
    String text = optionalString(field);
    if (text == null) {
      return null;
    }
    E value = WireEnum.fromWire(type, text);
    if (value == null) {
      throw wrongType(field, "one of " + wireNames(type));
    }
    return value;
  }

  <E extends Enum<E> & WireEnum> E requiredEnum(String field, Class<E> type) {
    E value = optionalEnum(field, type);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  private static <E extends Enum<E> & WireEnum> String wireNames(Class<E> type) {
    return Arrays.stream(type.getEnumConstants())
        .map(WireEnum::wireName)
        .filter(n -> n != null)
        .map(n -> '"' + n + '"')
        .collect(Collectors.joining(", "));
  }

  List<String> optionalStrings(String field) {
    return optionalList(
        field,
        (element, elementPath) -> {
          if (!element.isTextual()) {
            throw new FieldException(ErrorCode.INVALID_JSON, elementPath + " must be a string");
          }
          return element.textValue();
        });
  }

  List<String> requiredStrings(String field) {
    List<String> value = optionalStrings(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /** A list of objects, each read by {@code reader}, or {@code null} when absent. */
  <T> List<T> optionalObjects(String field, Function<Fields, T> reader) {
    return optionalList(
        field,
        (element, elementPath) -> {
          if (!element.isObject()) {
            throw new FieldException(ErrorCode.INVALID_JSON, elementPath + " must be an object");
          }
          return reader.apply(new Fields((ObjectNode) element, elementPath + "."));
        });
  }

  <T> List<T> requiredObjects(String field, Function<Fields, T> reader) {
    List<T> value = optionalObjects(field, reader);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  private <T> List<T> optionalList(String field, ElementReader<T> reader) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isArray()) {
      throw wrongType(field, "an array");
    }
    List<T> list = new ArrayList<>(value.size());
    for (int i = 0; i < value.size(); i++) {
      JsonNode element = value.get(i);
      String elementPath = name(field) + "[" + i + "]";
      if (element.isNull()) {
        throw new FieldException(ErrorCode.INVALID_JSON, elementPath + " must not be null");
      }
      list.add(reader.read(element, elementPath));
    }
    return list;
  }

  /** Reads one array element. */
  @FunctionalInterface
  private interface ElementReader<T> {
    T read(JsonNode element, String elementPath);
  }
}
