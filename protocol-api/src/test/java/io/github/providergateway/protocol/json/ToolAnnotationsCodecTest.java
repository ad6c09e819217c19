package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.providerError;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolDefinition;
import org.junit.jupiter.api.Test;

/**
 * A tool definition's optional {@code annotations}, MCP's hints (issue 44): what a tool declares of
 * what it does, which the guard reads to ask or deny more. Absent, null, an unknown neighbour, and
 * a mistyped hint.
 */
class ToolAnnotationsCodecTest {

  private static String hello(String annotations) {
    return "{\"type\":\"hello\",\"name\":\"db\",\"protocolVersion\":2,\"tools\":[{\"name\":\"drop\","
        + "\"description\":\"Drops a table\",\"parameters\":{}"
        + annotations
        + "}]}";
  }

  private static ToolDefinition tool(String json) {
    return decodeProvider(json, Hello.class).tools().get(0);
  }

  @Test
  void declaredHintsAreReadAndWrittenBack() {
    String json = hello(",\"annotations\":{\"destructiveHint\":true,\"openWorldHint\":false}");

    ToolDefinition drop = tool(json);

    assertThat(drop.annotations()).isEqualTo(new ToolAnnotations(true, null, false, null));
    assertEncodesTo(decodeProvider(json, Hello.class), json);
  }

  @Test
  void absentAnnotationsAreNone() {
    assertThat(tool(hello("")).annotations()).isNull();
  }

  @Test
  void nullAnnotationsAreNoneAndAreLeftOutWhenWritten() {
    Hello hello = decodeProvider(hello(",\"annotations\":null"), Hello.class);

    assertThat(hello.tools().get(0).annotations()).isNull();
    assertEncodesTo(hello, hello(""));
  }

  @Test
  void anUnknownHintBesideTheKnownOnesIsIgnored() {
    ToolDefinition drop =
        tool(hello(",\"annotations\":{\"readOnlyHint\":true,\"title\":\"Drop\",\"x-cost\":3}"));

    assertThat(drop.annotations()).isEqualTo(new ToolAnnotations(null, true, null, null));
  }

  @Test
  void anObjectWithNoKnownHintIsNone() {
    assertThat(tool(hello(",\"annotations\":{\"title\":\"Drop\"}")).annotations()).isNull();
  }

  @Test
  void aHintThatIsNotABooleanIsADecodeErrorNamingTheField() {
    DecodeError error = providerError(hello(",\"annotations\":{\"destructiveHint\":\"yes\"}"));

    assertThat(error.detail()).contains("destructiveHint");
  }
}
