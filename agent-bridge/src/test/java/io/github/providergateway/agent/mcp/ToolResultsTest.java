package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ToolErrorCode;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolResultsTest {

  private static final byte[] BYTES = "PNG-ish bytes".getBytes(StandardCharsets.UTF_8);
  private static final String BASE64 = Base64.getEncoder().encodeToString(BYTES);

  private static JsonNode json(String text) {
    try {
      return Json.MAPPER.readTree(text);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static McpSchema.CallToolResult success(String data) {
    return ToolResults.of("t", CallResult.of(new ToolOutcome.Success(json(data), null)), null);
  }

  private static McpSchema.CallToolResult file(String mime) {
    JsonNode data =
        json(
            "{\"file\":{\"mimeType\":\""
                + mime
                + "\",\"base64\":\""
                + BASE64
                + "\",\"name\":\"shot\"}}");
    return ToolResults.of(
        "shot",
        CallResult.of(new ToolOutcome.Success(data, new ToolOutcome.FileContent(mime, BYTES))),
        null);
  }

  private static String text(McpSchema.Content content) {
    return ((McpSchema.TextContent) content).text();
  }

  @Test
  void aStringIsItsOwnTextWithoutStructuredContent() {
    McpSchema.CallToolResult result = success("\"all green\"");

    assertThat(result.isError()).isFalse();
    assertThat(result.content())
        .singleElement()
        .extracting(ToolResultsTest::text)
        .isEqualTo("all green");
    assertThat(result.structuredContent()).isNull();
  }

  @Test
  void anObjectIsJsonTextAndStructuredContent() {
    McpSchema.CallToolResult result = success("{\"runs\":3,\"green\":true}");

    assertThat(json(text(result.content().get(0)))).isEqualTo(json("{\"runs\":3,\"green\":true}"));
    assertThat(result.structuredContent()).isEqualTo(Map.of("runs", 3, "green", true));
  }

  @Test
  void anArrayOfMcpContentBlocksIsEveryBlockAsItWas() {
    // What an MCP server's result with text, an image and a resource becomes through the gateway
    // (mcp-federation's McpResults): each block reaches the agent as itself (decision 123).
    McpSchema.CallToolResult result =
        success(
            "[{\"type\":\"text\",\"text\":\"Multiple content types test:\"},"
                + "{\"type\":\"image\",\"data\":\""
                + BASE64
                + "\",\"mimeType\":\"image/png\"},"
                + "{\"type\":\"audio\",\"data\":\""
                + BASE64
                + "\",\"mimeType\":\"audio/wav\"},"
                + "{\"type\":\"resource\",\"resource\":{\"uri\":\"test://mixed\","
                + "\"mimeType\":\"application/json\",\"text\":\"{}\"}}]");

    assertThat(result.content())
        .extracting(McpSchema.Content::type)
        .containsExactly("text", "image", "audio", "resource");
    assertThat(((McpSchema.ImageContent) result.content().get(1)).data()).isEqualTo(BASE64);
    assertThat(result.structuredContent()).isNull();
    // An array that is not all blocks stays JSON text.
    assertThat(
            text(
                success("[{\"type\":\"text\",\"text\":\"x\"},{\"type\":\"poem\"}]")
                    .content()
                    .get(0)))
        .isEqualTo("[{\"type\":\"text\",\"text\":\"x\"},{\"type\":\"poem\"}]");
  }

  @Test
  void anArrayOrANumberIsJsonTextOnly() {
    assertThat(text(success("[1,\"a\"]").content().get(0))).isEqualTo("[1,\"a\"]");
    assertThat(success("[1,\"a\"]").structuredContent()).isNull();
    assertThat(text(success("42").content().get(0))).isEqualTo("42");
    assertThat(success("42").structuredContent()).isNull();
  }

  @Test
  void anImageFileIsImageContentAndItsBase64LeavesTheText() {
    McpSchema.CallToolResult result = file("image/png");

    assertThat(result.content().get(0))
        .isEqualTo(new McpSchema.ImageContent(null, BASE64, "image/png"));
    assertThat(json(text(result.content().get(1))))
        .isEqualTo(json("{\"file\":{\"mimeType\":\"image/png\",\"name\":\"shot\"}}"));
    assertThat(result.structuredContent()).isNull();
  }

  @Test
  void anAudioFileIsAudioContent() {
    assertThat(file("audio/wav").content().get(0))
        .isEqualTo(new McpSchema.AudioContent(null, BASE64, "audio/wav"));
  }

  @Test
  void anyOtherFileIsAnEmbeddedBlobResource() {
    McpSchema.CallToolResult result = file("application/pdf");

    assertThat(result.content().get(0))
        .isEqualTo(
            new McpSchema.EmbeddedResource(
                null,
                new McpSchema.BlobResourceContents(
                    "gateway://files/shot", "application/pdf", BASE64)));
    assertThat(text(result.content().get(1))).doesNotContain(BASE64);
  }

  @Test
  void argumentsGatesRewroteAreABlockAfterTheContext() {
    CallResult rewritten =
        new CallResult(
            new ToolOutcome.Success(json("\"ok\""), null),
            List.of("pinned"),
            json("{\"branch\":\"main\"}"));

    McpSchema.CallToolResult result = ToolResults.of("deploy", rewritten, null);

    assertThat(result.content())
        .extracting(c -> ((McpSchema.TextContent) c).text())
        .containsExactly(
            "ok",
            "[provider context] pinned",
            "[provider gateway: the providers' gates ran this call with these arguments] {\"branch\":\"main\"}");
    assertThat(
            ToolResults.of("t", CallResult.of(new ToolOutcome.Success(json("1"), null)), null)
                .content())
        .as("no block when nothing was rewritten")
        .hasSize(1);
  }

  @Test
  void aFailureIsAnErrorWithItsCodeAsTheProviderWroteIt() {
    McpSchema.CallToolResult known =
        ToolResults.of(
            "t",
            CallResult.of(new ToolOutcome.Failure("too slow", ToolErrorCode.TIMEOUT, "TIMEOUT")),
            null);
    McpSchema.CallToolResult unknown =
        ToolResults.of(
            "t",
            CallResult.of(new ToolOutcome.Failure("no", ToolErrorCode.UNKNOWN, "QUOTA_GONE")),
            null);

    assertThat(known.isError()).isTrue();
    assertThat(known.content())
        .singleElement()
        .extracting(ToolResultsTest::text)
        .isEqualTo("too slow [TIMEOUT]");
    assertThat(text(unknown.content().get(0))).isEqualTo("no [QUOTA_GONE]");
  }

  @Test
  void aDenialIsAnErrorNamingTheReason() {
    McpSchema.CallToolResult result =
        ToolResults.of("t", CallResult.of(new ToolOutcome.Denied("CI is red")), null);

    assertThat(result.isError()).isTrue();
    assertThat(result.content())
        .singleElement()
        .extracting(ToolResultsTest::text)
        .isEqualTo("Denied by the provider gateway: CI is red");
  }

  @Test
  void contextLinesAndThePushedBlockFollowTheResultInOrder() {
    CallResult result =
        new CallResult(
            new ToolOutcome.Success(json("\"ok\""), null),
            List.of("Mind the changelog.", "Office hours."));

    McpSchema.CallToolResult mcp = ToolResults.of("t", result, PushedEvents.HEADER + "\n- ci: red");

    assertThat(mcp.content())
        .extracting(ToolResultsTest::text)
        .containsExactly(
            "ok",
            "[provider context] Mind the changelog.",
            "[provider context] Office hours.",
            PushedEvents.HEADER + "\n- ci: red");
  }

  @Test
  void aDeniedCallStillCarriesThePushedBlock() {
    McpSchema.CallToolResult mcp =
        ToolResults.of("t", CallResult.of(new ToolOutcome.Denied("no")), "block");

    assertThat(mcp.content())
        .extracting(ToolResultsTest::text)
        .containsExactly("Denied by the provider gateway: no", "block");
  }
}
