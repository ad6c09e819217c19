package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.gatewayError;
import static io.github.providergateway.protocol.json.Codec.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Spec vectors for {@code tool.call}, {@code tool.cancel}, {@code tool.result} and {@code
 * tool.progress}.
 */
class ToolMessagesTest {

  @Test
  void toolCallDecodesAndReencodes() {
    // v2 "tool.call — Copilot invoked a provider's tool".
    String json =
        """
        {
        "type": "tool.call",
        "id": "call-123",
        "sessionId": "abc123",
        "tool": "my_tool",
        "args": { "query": "find active users" }
        }""";

    ToolCall call = decodeGateway(json, ToolCall.class);

    assertThat(call.id()).isEqualTo("call-123");
    assertThat(call.sessionId()).isEqualTo("abc123");
    assertThat(call.tool()).isEqualTo("my_tool");
    assertThat(call.args()).isEqualTo(json("{\"query\":\"find active users\"}"));
    assertEncodesTo(call, json);
  }

  @Test
  void coreToolCallDecodesAndReencodes() {
    String json =
        """
        { "type": "tool.call", "id": "call-123", "sessionId": "abc123", "tool": "greet", "args": { "name": "Alice" } }""";

    ToolCall call = decodeGateway(json, ToolCall.class);

    assertThat(call)
        .isEqualTo(new ToolCall("call-123", "abc123", "greet", json("{\"name\":\"Alice\"}")));
    assertEncodesTo(call, json);
  }

  @Test
  void quickstartToolCallWithoutSessionIdIsRefused() {
    // The v2 quickstart shows tool.call and tool.cancel without sessionId, but the spec's
    // "Session IDs and correlation IDs" says every session-scoped gateway message carries one
    // (R-CODEC-11), and this library requires it. Documented here so the choice is visible.
    DecodeError error =
        gatewayError(
            """
        { "type": "tool.call", "id": "c-1", "tool": "my_tool", "args": {"q": 1} }""");

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.type()).isEqualTo("tool.call");
    assertThat(error.id()).isEqualTo("c-1");
    assertThat(error.detail()).contains("sessionId");
  }

  @Test
  void toolCancelDecodesAndReencodes() {
    // v2 and core "tool.cancel".
    String json =
        """
        {
        "type": "tool.cancel",
        "id": "call-123",
        "sessionId": "abc123",
        "reason": "timeout"
        }""";

    ToolCancel cancel = decodeGateway(json, ToolCancel.class);

    assertThat(cancel).isEqualTo(new ToolCancel("call-123", "abc123", CancelReason.TIMEOUT));
    assertEncodesTo(cancel, json);
  }

  @Test
  void toolCancelWithAReasonThisLibraryDoesNotKnowReadsAsNoReason() {
    ToolCancel cancel =
        decodeGateway(
            """
        {"type":"tool.cancel","id":"call-123","sessionId":"abc123","reason":"budget_exhausted"}""",
            ToolCancel.class);

    assertThat(cancel.reason()).isNull();
  }

  @Test
  void successfulToolResultWithObjectDataDecodesAndReencodes() {
    // v2 "tool.result", success.
    String json =
        """
        {
        "type": "tool.result",
        "id": "call-123",
        "data": { "user": "alice", "role": "admin" }
        }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.id()).isEqualTo("call-123");
    assertThat(result.data()).isEqualTo(json("{\"user\":\"alice\",\"role\":\"admin\"}"));
    assertThat(result.isFailure()).isFalse();
    assertThat(result.isFile()).isFalse();
    assertThat(result.error()).isNull();
    assertThat(result.errorCode()).isNull();
    assertEncodesTo(result, json);
  }

  @Test
  void successfulToolResultWithStringDataDecodesAndReencodes() {
    // Core profile "tool.result".
    String json =
        """
        { "type": "tool.result", "id": "call-123", "data": "Hello, Alice!" }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result).isEqualTo(ToolResult.success("call-123", new TextNode("Hello, Alice!")));
    assertEncodesTo(result, json);
  }

  @Test
  void failedToolResultWithCodeAndRetryableDecodesAndReencodes() {
    // v2 "tool.result", failure.
    String json =
        """
        {
        "type": "tool.result",
        "id": "call-123",
        "error": "Element not found: #submit-btn",
        "errorCode": "NOT_FOUND",
        "retryable": false
        }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.error()).isEqualTo("Element not found: #submit-btn");
    assertThat(result.errorCode()).isEqualTo(ToolErrorCode.NOT_FOUND);
    assertThat(result.retryable()).isFalse();
    assertThat(result.isFailure()).isTrue();
    assertThat(result.isRetryable()).isFalse();
    assertThat(result.data()).isNull();
    assertThat(result)
        .isEqualTo(
            ToolResult.failure(
                    "call-123", "Element not found: #submit-btn", ToolErrorCode.NOT_FOUND)
                .withRetryable(false));
    assertEncodesTo(result, json);
  }

  @Test
  void coreFailedToolResultDecodesAndReencodes() {
    String json =
        """
        { "type": "tool.result", "id": "call-123", "error": "Not found", "errorCode": "NOT_FOUND" }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result)
        .isEqualTo(ToolResult.failure("call-123", "Not found", ToolErrorCode.NOT_FOUND));
    assertEncodesTo(result, json);
  }

  @Test
  void fileReferenceToolResultDecodesAndReencodes() {
    // v2 "Payload limits".
    String json =
        """
        { "type": "tool.result", "id": "call-123", "file": { "path": "/home/user/.copilot/providers/browser/screenshot-abc.png", "mimeType": "image/png", "size": 8421000, "ttl": 300 } }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.file())
        .isEqualTo(
            new FileRef(
                "/home/user/.copilot/providers/browser/screenshot-abc.png",
                "image/png",
                8421000L,
                Duration.ofSeconds(300)));
    assertThat(result.isFile()).isTrue();
    assertThat(result.isFailure()).isFalse();
    assertEncodesTo(result, json);
  }

  @Test
  void cancelledToolResultDecodesAndReencodes() {
    // Core "tool.cancel": what the provider must answer.
    String json =
        """
        { "type": "tool.result", "id": "call-123", "error": "Cancelled", "errorCode": "CANCELLED" }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result).isEqualTo(ToolResult.cancelled("call-123"));
    assertThat(result.isCancelled()).isTrue();
    assertEncodesTo(result, json);
  }

  @Test
  void quickstartCancelledToolResultWithoutErrorTextDecodes() {
    // v2 quickstart, step 8.
    String json =
        """
        { "type": "tool.result", "id": "c-1", "errorCode": "CANCELLED" }""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.error()).isNull();
    assertThat(result.isCancelled()).isTrue();
    assertThat(result.isFailure()).isTrue();
    assertEncodesTo(result, json);
  }

  @Test
  void browserCancelledToolResultWithRetryableDecodes() {
    // v2 browser example, handleCancel().
    String json =
        """
        {"type":"tool.result","id":"call-123","error":"Cancelled","errorCode":"CANCELLED","retryable":false}""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result).isEqualTo(ToolResult.cancelled("call-123").withRetryable(false));
    assertEncodesTo(result, json);
  }

  @Test
  void browserScreenshotToolResultDecodesAndReencodes() {
    // v2 browser example, handleToolCall(): data is { image: dataURL }.
    String json =
        """
        {"type":"tool.result","id":"call-123","data":{"image":"data:image/jpeg;base64,/9j/4AAQSkZJRg=="}}""";

    ToolResult result = decodeProvider(json, ToolResult.class);

    assertThat(result.data().get("image").textValue()).startsWith("data:image/jpeg;base64,");
    assertEncodesTo(result, json);
  }

  @Test
  void toolProgressDecodesAndReencodes() {
    String json =
        """
        {
        "type": "tool.progress",
        "id": "call-123",
        "message": "Capturing viewport... 60%"
        }""";

    ToolProgress progress = decodeProvider(json, ToolProgress.class);

    assertThat(progress).isEqualTo(new ToolProgress("call-123", "Capturing viewport... 60%"));
    assertEncodesTo(progress, json);
  }
}
