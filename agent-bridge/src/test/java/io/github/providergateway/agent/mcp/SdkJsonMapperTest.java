package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SdkJsonMapper}'s hand-made {@code tools/call} request is the one the SDK's mapper makes.
 */
class SdkJsonMapperTest {

  private static final McpJsonMapper SDKS_OWN = new JacksonMcpJsonMapper(new ObjectMapper());

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"name\":\"deploy\",\"arguments\":{\"env\":\"prod\",\"n\":[1,2.5,{\"deep\":null}]}}",
        "{\"name\":\"deploy\",\"arguments\":{},\"_meta\":{\"progressToken\":7}}",
        "{\"name\":\"status\"}",
        "{\"name\":\"status\",\"unknown\":true,\"arguments\":null}",
        "{\"name\":\"status\",\"arguments\":[1,2]}", // not the plain case: the mapper's error
        "{\"arguments\":{}}", // no name: the SDK's mapper makes it ""
        "{\"name\":42,\"arguments\":{}}", // a number for a name: the mapper's coercion
      })
  void theRequestIsTheOneTheSdksMapperMakes(String params) throws Exception {
    Map<String, Object> map =
        Json.MAPPER.readValue(params, new com.fasterxml.jackson.core.type.TypeReference<>() {});
    TypeRef<McpSchema.CallToolRequest> type = new TypeRef<>() {};

    Object expected = outcome(() -> SDKS_OWN.convertValue(map, type));
    Object actual = outcome(() -> Json.MCP.convertValue(map, type));
    Object actualByClass =
        outcome(() -> Json.MCP.convertValue(map, McpSchema.CallToolRequest.class));

    assertThat(actual).isEqualTo(expected);
    assertThat(actualByClass).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"name\":\"deploy\",\"arguments\":{\"env\":\"prod\"}}"})
  void theFastPathIsTakenForThePlainCase(String params) throws Exception {
    Map<String, Object> map =
        Json.MAPPER.readValue(params, new com.fasterxml.jackson.core.type.TypeReference<>() {});
    McpSchema.CallToolRequest call = SdkJsonMapper.callToolRequest(map);
    assertThat(call).isNotNull();
    assertThat(call.arguments()).isSameAs(map.get("arguments"));
    assertThat(SdkJsonMapper.callToolRequest(List.of())).isNull();
  }

  /** The value, or the kind of exception it ended in. */
  private static Object outcome(java.util.concurrent.Callable<Object> conversion) {
    try {
      return conversion.call();
    } catch (Exception e) {
      return e.getClass();
    }
  }
}
