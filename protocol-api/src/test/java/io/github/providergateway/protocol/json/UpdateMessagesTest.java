package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolsUpdate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec vectors for updates and the gateway's answers: {@code tools.update}, {@code context.update},
 * {@code ack} and {@code error}.
 */
class UpdateMessagesTest {

  @Test
  void toolsUpdateWithRemoveIsADeltaAndReencodes() {
    // v2 "tools.update — change tool definitions".
    String json =
        """
        {
        "type": "tools.update",
        "sessionId": "abc123",
        "tools": [
        { "name": "new_tool", "description": "Just appeared", "parameters": {} }
        ],
        "remove": ["old_tool"]
        }""";

    ToolsUpdate update = decodeProvider(json, ToolsUpdate.class);

    assertThat(update.requestId()).isNull();
    assertThat(update.sessionId()).isEqualTo("abc123");
    assertThat(update.tools())
        .containsExactly(ToolDefinition.of("new_tool", "Just appeared", json("{}")));
    assertThat(update.remove()).containsExactly("old_tool");
    assertThat(update.isDelta()).isTrue();
    assertEncodesTo(update, json);
  }

  @Test
  void coreToolsUpdateReplacesTheWholeListAndReencodes() {
    String json =
        """
        {
        "type": "tools.update",
        "tools": [{
        "name": "greet", "description": "Say hello",
        "parameters": { "type": "object", "properties": { "name": { "type": "string" } } }
        }]
        }""";

    ToolsUpdate update = decodeProvider(json, ToolsUpdate.class);

    assertThat(update)
        .isEqualTo(
            ToolsUpdate.replaceAll(
                List.of(
                    ToolDefinition.of(
                        "greet",
                        "Say hello",
                        json(
                            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")))));
    assertThat(update.isDelta()).isFalse();
    assertEncodesTo(update, json);
  }

  @Test
  void toolsUpdateWithRequestIdDecodesAndReencodes() {
    // v2 "Update acknowledgments" ("tools": [...] made concrete).
    String json =
        """
        { "type": "tools.update", "requestId": "req-42", "sessionId": "abc123", "tools": [
          { "name": "deploy", "description": "Deploy the current branch", "timeout": 120000,
            "parameters": { "type": "object" } } ] }""";

    ToolsUpdate update = decodeProvider(json, ToolsUpdate.class);

    assertThat(update.requestId()).isEqualTo("req-42");
    assertThat(update.tools().get(0).timeout()).hasMinutes(2);
    assertThat(update.withRequestId("req-43").requestId()).isEqualTo("req-43");
    assertEncodesTo(update, json);
  }

  @Test
  void toolsUpdateWithOnlyRemoveDecodes() {
    String json =
        """
        {"type":"tools.update","remove":["old_tool","older_tool"]}""";

    ToolsUpdate update = decodeProvider(json, ToolsUpdate.class);

    assertThat(update.tools()).isNull();
    assertThat(update.remove()).containsExactly("old_tool", "older_tool");
    assertEncodesTo(update, json);
  }

  @Test
  void ackDecodesAndReencodes() {
    String json =
        """
        { "type": "ack", "requestId": "req-42", "sessionId": "abc123", "revision": 3 }""";

    Ack ack = decodeGateway(json, Ack.class);

    assertThat(ack).isEqualTo(new Ack("req-42", "abc123", 3));
    assertEncodesTo(ack, json);
  }

  @Test
  void contextUpdateDecodesAndReencodes() {
    String json =
        """
        {
        "type": "context.update",
        "context": "CI is now passing. Deploy v2.4.3 completed."
        }""";

    ContextUpdate update = decodeProvider(json, ContextUpdate.class);

    assertThat(update)
        .isEqualTo(new ContextUpdate(null, null, "CI is now passing. Deploy v2.4.3 completed."));
    assertEncodesTo(update, json);
  }

  @Test
  void emptyContextUpdateClearsTheContext() {
    ContextUpdate update =
        decodeProvider("{\"type\":\"context.update\",\"context\":\"\"}", ContextUpdate.class);

    assertThat(update.context()).isEmpty();
  }

  @Test
  void invalidSessionErrorDecodesAndReencodes() {
    // v2 "Error responses".
    String json =
        """
        {
        "type": "error",
        "code": "INVALID_SESSION",
        "message": "Session def456 does not exist",
        "replyTo": "hello"
        }""";

    ErrorMessage error = decodeGateway(json, ErrorMessage.class);

    assertThat(error)
        .isEqualTo(
            ErrorMessage.of(ErrorCode.INVALID_SESSION, "Session def456 does not exist")
                .withReplyTo("hello"));
    assertThat(error.providerId()).isNull();
    assertThat(error.codeText()).isEqualTo("INVALID_SESSION");
    assertEncodesTo(error, json);
  }

  @Test
  void toolConflictErrorWithProviderAndSessionDecodesAndReencodes() {
    String json =
        """
        {
        "type": "error",
        "code": "TOOL_CONFLICT",
        "message": "Tool 'screenshot' already registered by provider 'browser-tab-a'",
        "replyTo": "tools.update",
        "providerId": "p-8f3a",
        "sessionId": "abc123"
        }""";

    ErrorMessage error = decodeGateway(json, ErrorMessage.class);

    assertThat(error)
        .isEqualTo(
            ErrorMessage.of(
                    ErrorCode.TOOL_CONFLICT,
                    "Tool 'screenshot' already registered by provider 'browser-tab-a'")
                .withReplyTo("tools.update")
                .withContext("p-8f3a", "abc123"));
    assertEncodesTo(error, json);
  }

  @Test
  void coreErrorWithProviderIdDecodesAndReencodes() {
    String json =
        """
        { "type": "error", "code": "INVALID_SESSION", "message": "Session def456 does not exist",
        "replyTo": "hello", "providerId": "p-8f3a" }""";

    ErrorMessage error = decodeGateway(json, ErrorMessage.class);

    assertThat(error.providerId()).isEqualTo("p-8f3a");
    assertThat(error.sessionId()).isNull();
    assertEncodesTo(error, json);
  }

  @Test
  void errorEchoingARequestIdDecodesAndReencodes() {
    // v2 "Update acknowledgments": on failure, error carries the same requestId.
    String json =
        """
        {"type":"error","code":"RATE_LIMITED","message":"tools.update already in flight",
         "replyTo":"tools.update","sessionId":"abc123","requestId":"req-42"}""";

    ErrorMessage error = decodeGateway(json, ErrorMessage.class);

    assertThat(error.requestId()).isEqualTo("req-42");
    assertThat(error)
        .isEqualTo(
            ErrorMessage.of(ErrorCode.RATE_LIMITED, "tools.update already in flight")
                .withReplyTo("tools.update")
                .withContext(null, "abc123")
                .withRequestId("req-42"));
    assertEncodesTo(error, json);
  }
}
