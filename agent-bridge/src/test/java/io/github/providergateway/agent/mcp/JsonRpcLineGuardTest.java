package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonRpcLineGuardTest {

  private final ByteArrayOutputStream answers = new ByteArrayOutputStream();

  /** The messages the guard hands on from {@code input}, written back as lines. */
  private String passedOn(String input) throws IOException {
    StringBuilder passed = new StringBuilder();
    try (JsonRpcLineGuard guard =
        new JsonRpcLineGuard(
            new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), answers)) {
      for (JsonNode message = guard.nextMessage(); message != null; message = guard.nextMessage()) {
        passed.append(Json.text(message)).append('\n');
      }
    }
    return passed.toString();
  }

  private String answered() {
    return answers.toString(StandardCharsets.UTF_8);
  }

  @Test
  void jsonRpcMessagesPassUnchangedAndNothingIsAnswered() throws IOException {
    String input =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}\n";
    assertThat(passedOn(input)).isEqualTo(input);
    assertThat(answered()).isEmpty();
  }

  @Test
  void aLineThatIsNotJsonIsAnsweredParseErrorAndTheNextStillPasses() throws IOException {
    assertThat(passedOn("{not json\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n"))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n");
    assertThat(answered())
        .startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,");
  }

  @Test
  void jsonThatIsNoJsonRpcMessageIsAnsweredInvalidRequestWithItsId() throws IOException {
    assertThat(
            passedOn(
                "[1,2]\n{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":4}\n"))
        .isEmpty();
    String[] lines = answered().split("\n");
    assertThat(lines).hasSize(3);
    assertThat(lines[0]).contains("\"id\":null").contains("-32600");
    assertThat(lines[1]).contains("\"id\":3").contains("-32600").contains("jsonrpc");
    assertThat(lines[2]).contains("\"id\":4").contains("-32600");
  }

  @Test
  void blankLinesAreDroppedSilently() throws IOException {
    assertThat(passedOn("\n  \n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n"))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n");
    assertThat(answered()).isEmpty();
  }

  @Test
  void aLineOverTheLimitIsSkippedToItsEndAndAnswered() throws IOException {
    String huge =
        "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":\""
            + "a".repeat(JsonRpcLineGuard.MAX_LINE_BYTES)
            + "\"}";
    assertThat(passedOn(huge + "\n{\"jsonrpc\":\"2.0\",\"method\":\"y\"}\n"))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"y\"}\n");
    assertThat(answered()).contains("-32600").contains("longer than");
  }

  @Test
  void aMessageNestedPastTheBoundIsAnsweredInvalidRequestWithItsIdAndTheNextStillPasses()
      throws IOException {
    String atTheBound = nestedCall(1, JsonRpcLineGuard.MAX_DEPTH);
    String past = nestedCall(2, JsonRpcLineGuard.MAX_DEPTH + 1);

    assertThat(
            passedOn(
                atTheBound
                    + "\n"
                    + past
                    + "\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n"))
        .isEqualTo(atTheBound + "\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
    assertThat(answered())
        .startsWith("{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32600,")
        .contains("JSON nested deeper than 128 levels");
  }

  /**
   * A {@code tools/call} nested {@code depth} levels deep in all, its arguments all but two of
   * them.
   */
  static String nestedCall(int id, int depth) {
    int arguments = depth - 2;
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\"build\",\"arguments\":"
        + "{\"a\":".repeat(arguments - 1)
        + "{}"
        + "}".repeat(arguments - 1)
        + "}}";
  }
}
