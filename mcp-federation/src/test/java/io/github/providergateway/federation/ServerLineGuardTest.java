package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which lines of a server's stdout the SDK may read (issue 35). */
class ServerLineGuardTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}",
        "{}",
        "  {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}  ",
        "{\"hello\":\"an object is passed on; the SDK decides whether it is JSON-RPC\"}"
      })
  void aJsonObjectPasses(String line) {
    assertThat(ServerLineGuard.problemOf(line)).isNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "null | not a JSON object",
        "[] | not a JSON object",
        "42 | not a JSON object",
        "\"text\" | not a JSON object",
        "not json | not JSON",
        "{\"unclosed\": | not JSON",
        "{}{} | more than one JSON value",
        "{} x | not JSON"
      })
  void anythingElseIsRefusedWithWhy(String line, String why) {
    assertThat(ServerLineGuard.problemOf(line)).isEqualTo(why);
  }

  @Test
  void nestingPassesToTheProviderProtocolsDepthAndNoFurther() {
    assertThat(ServerLineGuard.MAX_DEPTH).isEqualTo(128);
    assertThat(ServerLineGuard.problemOf(nested(127))).isNull();
    assertThat(ServerLineGuard.problemOf(nested(128))).isNull();
    assertThat(ServerLineGuard.problemOf(nested(129))).isEqualTo("nested deeper than 128 levels");
  }

  @ParameterizedTest
  @ValueSource(ints = {999, 200_000})
  void deeperIsRefusedWithoutBuildingIt(int depth) {
    assertThat(ServerLineGuard.problemOf(nested(depth))).isEqualTo("nested deeper than 128 levels");
  }

  /** An object {@code depth} levels deep, its innermost an array. */
  private static String nested(int depth) {
    return "{\"a\":".repeat(depth - 1) + "[]" + "}".repeat(depth - 1);
  }
}
