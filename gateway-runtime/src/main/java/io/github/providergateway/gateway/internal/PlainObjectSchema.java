package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schema most tools declare, read directly: an object whose properties are strings, numbers,
 * integers, booleans, nulls or such objects again, some required, perhaps no others allowed, with
 * the bounds tools put on them most ({@code enum}, {@code maxLength}, {@code minimum}, {@code
 * maximum}) (issue 36: the full validator was a tenth of a call's user time). It only ever says
 * "these arguments match" when the full validator would say so too; anything it is not sure of
 * (another keyword, a number that might be integral, a missing property the full validator must
 * name) goes to the full validator, which also words every refusal. A schema with any keyword
 * outside this shape, or a {@code $schema} (whose draft could read a keyword otherwise), has none.
 */
final class PlainObjectSchema {

  /** Keywords that say nothing about which values are accepted. */
  private static final Set<String> ANNOTATIONS =
      Set.of("title", "description", "examples", "default", "$comment");

  /** The types a property may have here. */
  private enum Type {
    STRING,
    NUMBER,
    INTEGER,
    BOOLEAN,
    NULL,
    OBJECT
  }

  /** The type, or null for a property given only by its {@code enum}. */
  private final Type type;

  /** The values allowed, or null for any. */
  private final List<JsonNode> allowed;

  /** For a string: the most UTF-16 units it may have (a bound on its code points), or -1. */
  private final int maxLength;

  /** For a number: its bounds, inclusive, or null. */
  private final BigDecimal minimum;

  private final BigDecimal maximum;

  /** For an object: its properties' schemas; absent properties are allowed unless required. */
  private final Map<String, PlainObjectSchema> properties;

  private final Set<String> required;

  /** For an object: whether names outside {@link #properties} are allowed. */
  private final boolean othersAllowed;

  private PlainObjectSchema(
      Type type,
      Map<String, PlainObjectSchema> properties,
      Set<String> required,
      boolean othersAllowed,
      List<JsonNode> allowed,
      int maxLength,
      BigDecimal minimum,
      BigDecimal maximum) {
    this.type = type;
    this.allowed = allowed;
    this.maxLength = maxLength;
    this.minimum = minimum;
    this.maximum = maximum;
    this.properties = properties;
    this.required = required;
    this.othersAllowed = othersAllowed;
  }

  /**
   * The shortcut for {@code parameters}, or null when it is not of this plain shape.
   *
   * @param parameters a tool's schema, already found valid by its meta-schema
   */
  static PlainObjectSchema of(JsonNode parameters) {
    if (parameters.has("$schema")) {
      return null;
    }
    PlainObjectSchema schema = read(parameters, 0);
    return schema != null && schema.type == Type.OBJECT ? schema : null;
  }

  /** How deep the shortcut follows nested objects; deeper schemas take the full validator. */
  private static final int MAX_DEPTH = 8;

  private static PlainObjectSchema read(JsonNode schema, int depth) {
    if (!schema.isObject() || depth > MAX_DEPTH) {
      return null;
    }
    Type type = null;
    Map<String, PlainObjectSchema> properties = Map.of();
    Set<String> required = Set.of();
    boolean othersAllowed = true;
    List<JsonNode> allowed = null;
    int maxLength = -1;
    BigDecimal minimum = null;
    BigDecimal maximum = null;
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> keyword = it.next();
      JsonNode value = keyword.getValue();
      switch (keyword.getKey()) {
        case "type" -> {
          type = typeOf(value);
          if (type == null) {
            return null;
          }
        }
        case "properties" -> {
          properties = propertiesOf(value, depth);
          if (properties == null) {
            return null;
          }
        }
        case "required" -> {
          required = namesOf(value);
          if (required == null) {
            return null;
          }
        }
        case "additionalProperties" -> {
          if (!value.isBoolean()) {
            return null;
          }
          othersAllowed = value.booleanValue();
        }
        case "enum" -> {
          if (!value.isArray() || value.isEmpty()) {
            return null;
          }
          allowed = new ArrayList<>();
          value.forEach(allowed::add);
        }
        case "maxLength" -> {
          if (!value.canConvertToInt() || !value.isIntegralNumber() || value.intValue() < 0) {
            return null;
          }
          maxLength = value.intValue();
        }
        case "minimum" -> {
          if (!value.isNumber()) {
            return null;
          }
          minimum = value.decimalValue();
        }
        case "maximum" -> {
          if (!value.isNumber()) {
            return null;
          }
          maximum = value.decimalValue();
        }
        default -> {
          if (!ANNOTATIONS.contains(keyword.getKey())) {
            return null; // a keyword this shortcut does not read: the full validator's
          }
        }
      }
    }
    boolean objectKeywords = !properties.isEmpty() || !required.isEmpty() || !othersAllowed;
    if ((type == null && allowed == null)
        || (type != Type.OBJECT && objectKeywords)
        || (type != Type.STRING && maxLength >= 0)
        || (type != Type.NUMBER && type != Type.INTEGER && (minimum != null || maximum != null))) {
      return null; // no type, or keywords of another type beside it: not this plain shape
    }
    return new PlainObjectSchema(
        type,
        properties,
        required,
        othersAllowed,
        allowed == null ? null : List.copyOf(allowed),
        maxLength,
        minimum,
        maximum);
  }

  private static Type typeOf(JsonNode value) {
    if (!value.isTextual()) {
      return null;
    }
    return switch (value.textValue()) {
      case "string" -> Type.STRING;
      case "number" -> Type.NUMBER;
      case "integer" -> Type.INTEGER;
      case "boolean" -> Type.BOOLEAN;
      case "null" -> Type.NULL;
      case "object" -> Type.OBJECT;
      default -> null;
    };
  }

  private static Map<String, PlainObjectSchema> propertiesOf(JsonNode value, int depth) {
    if (!value.isObject()) {
      return null;
    }
    Map<String, PlainObjectSchema> properties = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      PlainObjectSchema schema = read(property.getValue(), depth + 1);
      if (schema == null) {
        return null;
      }
      properties.put(property.getKey(), schema);
    }
    return Map.copyOf(properties);
  }

  private static Set<String> namesOf(JsonNode value) {
    if (!value.isArray()) {
      return null;
    }
    Set<String> names = new HashSet<>();
    for (JsonNode name : value) {
      if (!name.isTextual()) {
        return null;
      }
      names.add(name.textValue());
    }
    return Set.copyOf(names);
  }

  /**
   * Whether {@code value} surely matches: true only when the full validator would accept it; false
   * when it would not, or when this cannot tell (then the full validator decides).
   */
  boolean surelyMatches(JsonNode value) {
    // JsonNode's equality is JSON Schema's but stricter (1 is not 1.0): a miss is only unsure.
    if (allowed != null && !allowed.contains(value)) {
      return false;
    }
    if (type == null) {
      return true;
    }
    return switch (type) {
      case STRING ->
          value.isTextual() && (maxLength < 0 || value.textValue().length() <= maxLength);
      case NUMBER -> value.isNumber() && withinBounds(value);
      // 1.0 is an integer to JSON Schema but a double to Jackson: the full validator decides.
      case INTEGER -> value.isIntegralNumber() && withinBounds(value);
      case BOOLEAN -> value.isBoolean();
      case NULL -> value.isNull();
      case OBJECT -> objectMatches(value);
    };
  }

  private boolean withinBounds(JsonNode number) {
    if (minimum == null && maximum == null) {
      return true;
    }
    BigDecimal decimal = number.decimalValue();
    return (minimum == null || decimal.compareTo(minimum) >= 0)
        && (maximum == null || decimal.compareTo(maximum) <= 0);
  }

  private boolean objectMatches(JsonNode value) {
    if (!value.isObject()) {
      return false;
    }
    for (String name : required) {
      if (!value.has(name)) {
        return false;
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      PlainObjectSchema property = properties.get(field.getKey());
      if (property == null ? !othersAllowed : !property.surelyMatches(field.getValue())) {
        return false;
      }
    }
    return true;
  }
}
