package io.github.providergateway.protocol.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.WireEnum;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads typed fields out of one JSON object, failing with a {@link FieldException} that names the
 * field's path ({@code tools[2].description}) when a field is missing or of the wrong type. Both
 * protocols' codecs read with it: {@link ProtocolCodec} and the host protocol's codec.
 *
 * <p>JSON {@code null} counts as absent for optional fields and as missing for required ones.
 * Numbers are read the way JavaScript reads them: {@code 2.0} is the integer {@code 2}. Fields it
 * is not asked about are never looked at, so unknown fields are ignored.
 */
public final class Fields {

  private final ObjectNode node;

  /** What the object is, named before every field in errors ({@code tool.call}), or null. */
  private final String owner;

  /** This object's path from the top, ending in a dot, or empty at the top. */
  private final String path;

  private Fields(ObjectNode node, String owner, String path) {
    this.owner = owner;
    this.node = node;
    this.path = path;
  }

  /**
   * Reads {@code node}; errors name fields by their path from it.
   *
   * @param node the object
   * @return its fields
   */
  public static Fields of(ObjectNode node) {
    return new Fields(node, null, "");
  }

  /**
   * Reads {@code node}, the JSON of {@code owner} (a host command, say): errors name fields as
   * {@code owner: "path"}.
   *
   * @param node the object
   * @param owner what the object is, named before every field in errors
   * @return its fields
   */
  public static Fields of(ObjectNode node, String owner) {
    return new Fields(node, requireNonNull(owner, "owner"), "");
  }

  /** {@return the object read} */
  public ObjectNode node() {
    return node;
  }

  /** The path of {@code field} from the top. */
  private String path(String field) {
    return path + field;
  }

  /** How errors name {@code field}. */
  private String name(String field) {
    return shown(path(field));
  }

  private String shown(String fieldPath) {
    return owner == null ? fieldPath : owner + ": \"" + fieldPath + "\"";
  }

  private JsonNode value(String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value;
  }

  /**
   * Whether {@code field} is present and not JSON {@code null}.
   *
   * @param field the field's name
   * @return whether it has a value
   */
  public boolean has(String field) {
    return value(field) != null;
  }

  private FieldException missing(String field) {
    return new FieldException(ErrorCode.INVALID_JSON, name(field) + " is required");
  }

  private FieldException wrongType(String field, String expected) {
    return new FieldException(ErrorCode.INVALID_JSON, name(field) + " must be " + expected);
  }

  /**
   * The field {@code field}, which must be a string.
   *
   * @param field the field's name
   * @return the string
   * @throws FieldException when the field is missing or of another type
   */
  public String requiredString(String field) {
    String value = optionalString(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * The field {@code field}, when it is a string; {@code null} when absent or JSON {@code null}.
   *
   * @param field the field's name
   * @return the string, or {@code null} when absent
   * @throws FieldException when the field is of another type
   */
  public String optionalString(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isTextual()) {
      throw wrongType(field, "a string");
    }
    return value.textValue();
  }

  /**
   * Any JSON value, including {@code null} (as {@code NullNode}); {@code null} when absent.
   *
   * @param field the field's name
   * @return the value as it is
   */
  public JsonNode optionalAny(String field) {
    return node.get(field);
  }

  /**
   * The field {@code field}, which must be any JSON value but {@code null}.
   *
   * @param field the field's name
   * @return the value
   * @throws FieldException when the field is missing or of another type
   */
  public JsonNode requiredAny(String field) {
    JsonNode value = value(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * The field {@code field}, when it is an object; {@code null} when absent or JSON {@code null}.
   *
   * @param field the field's name
   * @return the object, or {@code null} when absent
   * @throws FieldException when the field is of another type
   */
  public ObjectNode optionalObjectNode(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isObject()) {
      throw wrongType(field, "an object");
    }
    return (ObjectNode) value;
  }

  /**
   * The field {@code field}, which must be an object.
   *
   * @param field the field's name
   * @return the object
   * @throws FieldException when the field is missing or of another type
   */
  public ObjectNode requiredObjectNode(String field) {
    ObjectNode value = optionalObjectNode(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * The nested object {@code field}, read with its path prefixed, or {@code null} when absent.
   *
   * @param field the field's name
   * @return the nested object's fields, or {@code null}
   * @throws FieldException when the field is not an object
   */
  public Fields optionalObject(String field) {
    ObjectNode value = optionalObjectNode(field);
    return value == null ? null : new Fields(value, owner, path(field) + ".");
  }

  /**
   * The field {@code field}, which must be a nested object, read with its path prefixed.
   *
   * @param field the field's name
   * @return the nested object's fields
   * @throws FieldException when the field is missing or of another type
   */
  public Fields requiredObject(String field) {
    return new Fields(requiredObjectNode(field), owner, path(field) + ".");
  }

  /**
   * The field {@code field}, when it is a boolean; {@code null} when absent or JSON {@code null}.
   *
   * @param field the field's name
   * @return the boolean, or {@code null} when absent
   * @throws FieldException when the field is of another type
   */
  public Boolean optionalBoolean(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isBoolean()) {
      throw wrongType(field, "a boolean");
    }
    return value.booleanValue();
  }

  /**
   * The field {@code field}, which must be a boolean.
   *
   * @param field the field's name
   * @return the boolean
   * @throws FieldException when the field is missing or of another type
   */
  public boolean requiredBoolean(String field) {
    Boolean value = optionalBoolean(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * The field {@code field}, when it is a whole number (JavaScript's reading: {@code 2.0} is 2);
   * {@code null} when absent or JSON {@code null}.
   *
   * @param field the field's name
   * @return the number, or {@code null} when absent
   * @throws FieldException when the field is of another type
   */
  public Long optionalLong(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isNumber() || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
      throw wrongType(field, "an integer");
    }
    return value.longValue();
  }

  /**
   * The field {@code field}, which must be a whole number (JavaScript's reading: {@code 2.0} is 2).
   *
   * @param field the field's name
   * @return the number
   * @throws FieldException when the field is missing or of another type
   */
  public long requiredLong(String field) {
    Long value = optionalLong(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * The field {@code field}, when it is a whole number within 32 bits; {@code null} when absent or
   * JSON {@code null}.
   *
   * @param field the field's name
   * @return the number, or {@code null} when absent
   * @throws FieldException when the field is of another type
   */
  public Integer optionalInt(String field) {
    Long value = optionalLong(field);
    if (value == null) {
      return null;
    }
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw wrongType(field, "an integer within 32 bits");
    }
    return value.intValue();
  }

  /**
   * A whole positive number of milliseconds, or {@code null} when absent.
   *
   * @param field the field's name
   * @return the duration, or {@code null}
   * @throws FieldException when the field is not a positive whole number
   */
  public Duration optionalMillis(String field) {
    Long millis = optionalLong(field);
    if (millis == null) {
      return null;
    }
    if (millis <= 0) {
      throw wrongType(field, "a positive number of milliseconds");
    }
    return Duration.ofMillis(millis);
  }

  /**
   * A whole non-negative number of seconds, or {@code null} when absent.
   *
   * @param field the field's name
   * @return the duration, or {@code null}
   * @throws FieldException when the field is not a non-negative whole number
   */
  public Duration optionalSeconds(String field) {
    Long seconds = optionalLong(field);
    if (seconds == null) {
      return null;
    }
    if (seconds < 0) {
      throw wrongType(field, "a non-negative number of seconds");
    }
    return Duration.ofSeconds(seconds);
  }

  /**
   * The field {@code field}, when it is one of {@code type}'s wire names; {@code null} when absent
   * or JSON {@code null}.
   *
   * @param <E> the enum
   * @param field the field's name
   * @param type the enum's class
   * @return the constant, or {@code null} when absent
   * @throws FieldException when the field is not a string or names no constant
   */
  public <E extends Enum<E> & WireEnum> E optionalEnum(String field, Class<E> type) {
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

  /**
   * The field {@code field}, which must be one of {@code type}'s wire names.
   *
   * @param <E> the enum
   * @param field the field's name
   * @param type the enum's class
   * @return the constant
   * @throws FieldException when the field is missing, not a string, or names no constant
   */
  public <E extends Enum<E> & WireEnum> E requiredEnum(String field, Class<E> type) {
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

  /**
   * A string that must be present and not empty.
   *
   * @param field the field's name
   * @return the string
   * @throws FieldException when the field is missing, not a string, or empty
   */
  public String requiredNonEmptyString(String field) {
    String value = requiredString(field);
    if (value.isEmpty()) {
      throw wrongType(field, "a non-empty string");
    }
    return value;
  }

  /**
   * An object, or an empty one when absent.
   *
   * @param field the field's name
   * @return the object, or a new empty one
   * @throws FieldException when the field is not an object
   */
  public ObjectNode objectOrEmpty(String field) {
    ObjectNode value = optionalObjectNode(field);
    return value == null ? JsonNodeFactory.instance.objectNode() : value;
  }

  /**
   * An object whose values are strings, in the object's order, or {@code null} when absent.
   *
   * @param field the field's name
   * @return name → string, in the object's order, or {@code null}
   * @throws FieldException when the field is not an object or a value is not a string
   */
  public Map<String, String> optionalStringMap(String field) {
    ObjectNode value = optionalObjectNode(field);
    if (value == null) {
      return null;
    }
    Map<String, String> map = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : value.properties()) {
      if (!entry.getValue().isTextual()) {
        throw new FieldException(
            ErrorCode.INVALID_JSON,
            shown(path(field) + "." + entry.getKey()) + " must be a string");
      }
      map.put(entry.getKey(), entry.getValue().textValue());
    }
    return map;
  }

  /**
   * A whole number of at least zero, or {@code null} when absent; numbers past {@code
   * Integer.MAX_VALUE}, however large, read as {@code Integer.MAX_VALUE} (a count asked for, not a
   * count held).
   *
   * @param field the field's name
   * @return the count, or {@code null}
   * @throws FieldException when the field is not a whole number of at least zero
   */
  public Integer optionalCount(String field) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isNumber()
        || !value.canConvertToExactIntegral()
        || value.bigIntegerValue().signum() < 0) {
      throw wrongType(field, "a non-negative whole number");
    }
    return value.canConvertToInt() ? value.intValue() : Integer.MAX_VALUE;
  }

  /**
   * A whole number within 32 bits.
   *
   * @param field the field's name
   * @return the number
   * @throws FieldException when the field is missing, not a whole number, or out of range
   */
  public int requiredInt(String field) {
    Integer value = optionalInt(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * An array of strings that must be present and not empty.
   *
   * @param field the field's name
   * @return the strings, in order
   * @throws FieldException when the field is missing, not an array of strings, or empty
   */
  public List<String> requiredNonEmptyStrings(String field) {
    List<String> value = requiredStrings(field);
    if (value.isEmpty()) {
      throw wrongType(field, "a non-empty array of strings");
    }
    return value;
  }

  /**
   * The field {@code field}, when it is an array of strings; {@code null} when absent or JSON
   * {@code null}.
   *
   * @param field the field's name
   * @return the strings, in order, or {@code null} when absent
   * @throws FieldException when the field is of another type
   */
  public List<String> optionalStrings(String field) {
    return optionalList(
        field,
        (element, elementPath) -> {
          if (!element.isTextual()) {
            throw new FieldException(
                ErrorCode.INVALID_JSON, shown(elementPath) + " must be a string");
          }
          return element.textValue();
        });
  }

  /**
   * The field {@code field}, which must be an array of strings.
   *
   * @param field the field's name
   * @return the strings, in order
   * @throws FieldException when the field is missing or of another type
   */
  public List<String> requiredStrings(String field) {
    List<String> value = optionalStrings(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  /**
   * A list of objects, each read by {@code reader}, or {@code null} when absent.
   *
   * @param <T> what each object becomes
   * @param field the field's name
   * @param reader reads one object
   * @return what {@code reader} returned for each, in order, or {@code null}
   * @throws FieldException when the field is not an array of objects
   */
  public <T> List<T> optionalObjects(String field, Function<Fields, T> reader) {
    return optionalList(
        field,
        (element, elementPath) -> {
          if (!element.isObject()) {
            throw new FieldException(
                ErrorCode.INVALID_JSON, shown(elementPath) + " must be an object");
          }
          return reader.apply(new Fields((ObjectNode) element, owner, elementPath + "."));
        });
  }

  /**
   * The field {@code field}, which must be an array of objects, each read by {@code reader}.
   *
   * @param <T> what each object becomes
   * @param field the field's name
   * @param reader reads one object
   * @return what {@code reader} returned for each, in order
   * @throws FieldException when the field is missing or of another type
   */
  public <T> List<T> requiredObjects(String field, Function<Fields, T> reader) {
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
      String elementPath = path(field) + "[" + i + "]";
      if (element.isNull()) {
        throw new FieldException(ErrorCode.INVALID_JSON, shown(elementPath) + " must not be null");
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
