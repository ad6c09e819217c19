package io.github.providergateway.gateway.testing;

import java.util.stream.Stream;

/**
 * The table of schemas and arguments that proves argument validation (X-ENG-18), shared by the
 * engine's test, the WebSocket transport's and the MCP federation's, so that every kind of provider
 * is held to the same rows.
 */
public final class ArgsValidationTable {

  private ArgsValidationTable() {}

  /**
   * One row: a tool schema, call arguments, and the text the first violation named must contain, or
   * null when the arguments are valid.
   *
   * @param what the row's name, shown by the test runner
   * @param schema the tool's {@code parameters}, as JSON text
   * @param args the call's arguments, as JSON text
   * @param violation what the refusal must name, or null for arguments that pass
   */
  public record Row(String what, String schema, String args, String violation) {
    @Override
    public String toString() {
      return what;
    }
  }

  /** An object schema with required, typed, enum, nested, array and closed properties. */
  public static final String PERSON =
      "{\"type\":\"object\",\"properties\":{"
          + "\"name\":{\"type\":\"string\",\"minLength\":1},"
          + "\"age\":{\"type\":\"integer\",\"minimum\":0},"
          + "\"role\":{\"enum\":[\"admin\",\"user\"]},"
          + "\"address\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
          + "\"required\":[\"city\"]},"
          + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":2}},"
          + "\"required\":[\"name\"],\"additionalProperties\":false}";

  /**
   * The rows.
   *
   * @return a new stream of every row
   */
  public static Stream<Row> rows() {
    return Stream.of(
        new Row(
            "all valid",
            PERSON,
            "{\"name\":\"Ada\",\"age\":36,\"role\":\"admin\",\"address\":{\"city\":\"London\"},\"tags\":[\"a\"]}",
            null),
        new Row(
            "required missing",
            PERSON,
            "{\"age\":3}",
            "(root): required property 'name' not found"),
        new Row(
            "wrong type",
            PERSON,
            "{\"name\":\"Ada\",\"age\":\"old\"}",
            "/age: string found, integer expected"),
        new Row(
            "not in enum",
            PERSON,
            "{\"name\":\"Ada\",\"role\":\"root\"}",
            "/role: does not have a value in the enumeration"),
        new Row(
            "nested required",
            PERSON,
            "{\"name\":\"Ada\",\"address\":{}}",
            "/address: required property 'city' not found"),
        new Row(
            "nested type",
            PERSON,
            "{\"name\":\"Ada\",\"address\":{\"city\":7}}",
            "/address/city: integer found, string expected"),
        new Row(
            "additional property",
            PERSON,
            "{\"name\":\"Ada\",\"admin\":true}",
            "(root): property 'admin' is not defined"),
        new Row(
            "array items",
            PERSON,
            "{\"name\":\"Ada\",\"tags\":[1]}",
            "/tags/0: integer found, string expected"),
        new Row(
            "array too long",
            PERSON,
            "{\"name\":\"Ada\",\"tags\":[\"a\",\"b\",\"c\"]}",
            "/tags: must have at most 2 items"),
        new Row(
            "minimum",
            PERSON,
            "{\"name\":\"Ada\",\"age\":-1}",
            "/age: must have a minimum value of 0"),
        new Row(
            "pattern",
            "{\"properties\":{\"branch\":{\"type\":\"string\",\"pattern\":\"^feature/\"}}}",
            "{\"branch\":\"main\"}",
            "/branch: does not match the regex pattern ^feature/"),
        new Row(
            "local $ref",
            "{\"$defs\":{\"n\":{\"type\":\"integer\"}},\"properties\":{\"q\":{\"$ref\":\"#/$defs/n\"}}}",
            "{\"q\":\"s\"}",
            "/q: string found, integer expected"),
        new Row(
            "draft-07 by $schema",
            "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
                + "\"properties\":{\"n\":{\"type\":\"number\",\"exclusiveMaximum\":5}}}",
            "{\"n\":5}",
            "/n: must have an exclusive maximum value of 5"),
        new Row("empty schema accepts anything", "{}", "{\"anything\":[1,{}]}", null),
        new Row(
            "object type only accepts anything",
            "{\"type\":\"object\",\"description\":\"free\"}",
            "{\"x\":1}",
            null));
  }
}
