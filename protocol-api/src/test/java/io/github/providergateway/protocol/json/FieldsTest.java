package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.json;
import static io.github.providergateway.protocol.json.Codec.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.PushLevel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Fields}, the reader both protocols' codecs share: what each kind of field accepts, and the
 * {@code INVALID_JSON} error, naming the field's path, for what it does not. The readers only the
 * host protocol's codec calls are pinned here, where they live: a non-empty string, an object or an
 * empty one, a map of strings, a count, an int, a non-empty array of strings, a required boolean,
 * and how an owner's name comes before each field in an error.
 */
class FieldsTest {

  private static Fields fields(String json) {
    return Fields.of(object(json));
  }

  /** The error {@code read} fails with: always {@code INVALID_JSON}. */
  private static String error(Fields fields, Function<Fields, Object> read) {
    Throwable thrown = catchThrowable(() -> read.apply(fields));
    assertThat(thrown).isInstanceOf(FieldException.class);
    assertThat(((FieldException) thrown).code()).isEqualTo(ErrorCode.INVALID_JSON);
    return thrown.getMessage();
  }

  // ---- how errors name a field ----

  @Test
  void anOwnedObjectNamesEveryFieldAfterItsOwnerWithItsPathInQuotes() {
    Fields owned =
        Fields.of(
            object("{\"a\":{\"b\":1},\"list\":[\"x\",2],\"objs\":[{}],\"map\":{\"k\":true}}"),
            "tools.list");

    assertThat(error(owned, f -> f.requiredString("missing")))
        .isEqualTo("tools.list: \"missing\" is required");
    assertThat(error(owned, f -> f.requiredObject("a").requiredString("b")))
        .isEqualTo("tools.list: \"a.b\" must be a string");
    assertThat(error(owned, f -> f.optionalObject("a").requiredLong("c")))
        .isEqualTo("tools.list: \"a.c\" is required");
    assertThat(error(owned, f -> f.optionalStrings("list")))
        .isEqualTo("tools.list: \"list[1]\" must be a string");
    assertThat(error(owned, f -> f.optionalObjects("objs", o -> o.requiredString("name"))))
        .isEqualTo("tools.list: \"objs[0].name\" is required");
    assertThat(error(owned, f -> f.optionalStringMap("map")))
        .isEqualTo("tools.list: \"map.k\" must be a string");
  }

  @Test
  void anObjectWithoutAnOwnerNamesEachFieldByItsPathAlone() {
    Fields plain = fields("{\"a\":{\"b\":1},\"map\":{\"k\":true},\"objs\":[null]}");

    assertThat(error(plain, f -> f.requiredString("missing"))).isEqualTo("missing is required");
    assertThat(error(plain, f -> f.requiredObject("a").requiredString("b")))
        .isEqualTo("a.b must be a string");
    assertThat(error(plain, f -> f.optionalStringMap("map"))).isEqualTo("map.k must be a string");
    assertThat(error(plain, f -> f.optionalObjects("objs", o -> o)))
        .isEqualTo("objs[0] must not be null");
  }

  @Test
  void anOwnerIsRequired() {
    assertThatThrownBy(() -> Fields.of(object("{}"), null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("owner");
  }

  // ---- the readers the host protocol's codec uses ----

  @Test
  void aNonEmptyStringIsRequiredPresentAndNotEmpty() {
    Fields f = fields("{\"s\":\"x\",\"empty\":\"\",\"n\":1,\"nothing\":null}");

    assertThat(f.requiredNonEmptyString("s")).isEqualTo("x");
    assertThat(error(f, r -> r.requiredNonEmptyString("empty")))
        .isEqualTo("empty must be a non-empty string");
    assertThat(error(f, r -> r.requiredNonEmptyString("n"))).isEqualTo("n must be a string");
    assertThat(error(f, r -> r.requiredNonEmptyString("nothing"))).isEqualTo("nothing is required");
    assertThat(error(f, r -> r.requiredNonEmptyString("absent"))).isEqualTo("absent is required");
  }

  @Test
  void anAbsentOrNullObjectReadsAsANewEmptyOne() {
    Fields f = fields("{\"o\":{\"a\":1},\"nothing\":null,\"list\":[]}");

    assertThat(f.objectOrEmpty("o")).isEqualTo(json("{\"a\":1}"));
    assertThat(f.objectOrEmpty("absent")).isEqualTo(json("{}"));
    assertThat(f.objectOrEmpty("nothing")).isEqualTo(json("{}"));
    assertThat(f.objectOrEmpty("absent")).isNotSameAs(f.objectOrEmpty("absent"));
    assertThat(error(f, r -> r.objectOrEmpty("list"))).isEqualTo("list must be an object");
  }

  @Test
  void aStringMapKeepsTheObjectsOrderAndRefusesAnyOtherValue() {
    Fields f =
        fields(
            "{\"m\":{\"z\":\"1\",\"a\":\"2\",\"m\":\"\"},\"empty\":{},\"n\":{\"k\":null},\"s\":\"x\"}");

    assertThat(f.optionalStringMap("m"))
        .containsExactly(Map.entry("z", "1"), Map.entry("a", "2"), Map.entry("m", ""));
    assertThat(f.optionalStringMap("empty")).isEmpty();
    assertThat(f.optionalStringMap("absent")).isNull();
    assertThat(error(f, r -> r.optionalStringMap("n"))).isEqualTo("n.k must be a string");
    assertThat(error(f, r -> r.optionalStringMap("s"))).isEqualTo("s must be an object");
  }

  @ParameterizedTest(name = "{0} reads as {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          0                        | 0
          7                        | 7
          2.0                      | 2
          -0.0                     | 0
          2147483647               | 2147483647
          2147483648               | 2147483647
          9223372036854775808      | 2147483647
          1e30                     | 2147483647
          """)
  void aCountPastTheLargestIntReadsAsTheLargestInt(String number, int count) {
    assertThat(fields("{\"last\":" + number + "}").optionalCount("last")).isEqualTo(count);
  }

  @ParameterizedTest(name = "{0} is refused")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          -1
          -9223372036854775809
          1.5
          "5"
          true
          []
          """)
  void aCountIsAWholeNumberOfAtLeastZero(String value) {
    assertThat(error(fields("{\"last\":" + value + "}"), f -> f.optionalCount("last")))
        .isEqualTo("last must be a non-negative whole number");
  }

  @Test
  void anAbsentOrNullCountIsNull() {
    assertThat(fields("{}").optionalCount("last")).isNull();
    assertThat(fields("{\"last\":null}").optionalCount("last")).isNull();
  }

  @Test
  void aRequiredIntIsAWholeNumberWithin32Bits() {
    Fields f =
        fields(
            "{\"max\":2147483647,\"min\":-2147483648,\"over\":2147483648,\"under\":-2147483649,"
                + "\"whole\":3.0,\"half\":3.5}");

    assertThat(f.requiredInt("max")).isEqualTo(Integer.MAX_VALUE);
    assertThat(f.requiredInt("min")).isEqualTo(Integer.MIN_VALUE);
    assertThat(f.requiredInt("whole")).isEqualTo(3);
    assertThat(error(f, r -> r.requiredInt("over")))
        .isEqualTo("over must be an integer within 32 bits");
    assertThat(error(f, r -> r.requiredInt("under")))
        .isEqualTo("under must be an integer within 32 bits");
    assertThat(error(f, r -> r.requiredInt("half"))).isEqualTo("half must be an integer");
    assertThat(error(f, r -> r.requiredInt("absent"))).isEqualTo("absent is required");
  }

  @Test
  void aNonEmptyArrayOfStringsIsRequiredAndHoldsAtLeastOne() {
    Fields f = fields("{\"one\":[\"a\"],\"two\":[\"b\",\"a\"],\"none\":[],\"s\":\"a\"}");

    assertThat(f.requiredNonEmptyStrings("one")).isEqualTo(List.of("a"));
    assertThat(f.requiredNonEmptyStrings("two")).isEqualTo(List.of("b", "a"));
    assertThat(error(f, r -> r.requiredNonEmptyStrings("none")))
        .isEqualTo("none must be a non-empty array of strings");
    assertThat(error(f, r -> r.requiredNonEmptyStrings("s"))).isEqualTo("s must be an array");
    assertThat(error(f, r -> r.requiredNonEmptyStrings("absent"))).isEqualTo("absent is required");
  }

  @Test
  void aRequiredBooleanIsTrueOrFalseAndNothingElse() {
    Fields f = fields("{\"yes\":true,\"no\":false,\"text\":\"true\",\"nothing\":null}");

    assertThat(f.requiredBoolean("yes")).isTrue();
    assertThat(f.requiredBoolean("no")).isFalse();
    assertThat(error(f, r -> r.requiredBoolean("text"))).isEqualTo("text must be a boolean");
    assertThat(error(f, r -> r.requiredBoolean("nothing"))).isEqualTo("nothing is required");
  }

  @Test
  void aFieldHasAValueWhenPresentAndNotNull() {
    Fields f = fields("{\"s\":\"\",\"nothing\":null}");

    assertThat(f.has("s")).isTrue();
    assertThat(f.has("nothing")).isFalse();
    assertThat(f.has("absent")).isFalse();
  }

  @Test
  void aDurationInSecondsMayBeZeroButNotLess() {
    Fields f = fields("{\"zero\":0,\"ten\":10,\"less\":-1}");

    assertThat(f.optionalSeconds("zero")).isEqualTo(Duration.ZERO);
    assertThat(f.optionalSeconds("ten")).isEqualTo(Duration.ofSeconds(10));
    assertThat(error(f, r -> r.optionalSeconds("less")))
        .isEqualTo("less must be a non-negative number of seconds");
  }

  @Test
  void anUnknownWireNameIsRefusedWithTheNamesThatAreKnown() {
    Fields f = fields("{\"level\":\"loud\",\"type\":\"null\"}");

    assertThat(error(f, r -> r.optionalEnum("level", PushLevel.class)))
        .isEqualTo("level must be one of \"keep\", \"surface\", \"inject\"");
    // A constant without a wire name (a type this library does not know) is not one to name.
    assertThat(error(f, r -> r.requiredEnum("type", GatewayMessageType.class)))
        .isEqualTo(
            "type must be one of \"auth.pairing\", \"sessions\", \"sessions.updated\","
                + " \"hello.ack\", \"ack\", \"error\", \"tool.call\", \"tool.cancel\","
                + " \"gate.check\", \"transform.request\", \"session.event\","
                + " \"session.lifecycle\", \"stream.history\"");
  }
}
