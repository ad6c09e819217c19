package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A gateway call's outcome as an MCP tool result.
 *
 * <ul>
 *   <li>success: the data as text (a string as itself, anything else as its JSON text), and as
 *       {@code structuredContent} too when it is a JSON object;
 *   <li>a file result: image/audio content by MIME type, any other type as an embedded blob
 *       resource, plus the file's description as text;
 *   <li>data that is an array of MCP content blocks (an MCP server's result with images, audio or
 *       resources, as mcp-federation passes it on): those blocks, each as it was;
 *   <li>failure: {@code isError}, text {@code "<error> [<CODE>]"};
 *   <li>denied by a pre-tool rule or gate: {@code isError}, text naming the gate's reason, so the
 *       agent can tell the person why;
 * </ul>
 *
 * then one text block per hook context line, then, when gates rewrote the call's arguments
 * (extension {@code gate.args}), a block with the arguments the tool ran with, then the {@link
 * PushedEvents} block when providers pushed {@code inject} events since the last result.
 */
final class ToolResults {

  static final String DENIED_PREFIX = "Denied by the provider gateway: ";
  static final String CONTEXT_PREFIX = "[provider context] ";
  static final String REWRITTEN_PREFIX =
      "[provider gateway: the providers' gates ran this call with these arguments] ";

  private ToolResults() {}

  static McpSchema.CallToolResult of(String tool, CallResult result, String pushedBlock) {
    List<McpSchema.Content> content = new ArrayList<>();
    boolean error = false;
    Object structured = null;
    ToolOutcome outcome = result.outcome();
    if (outcome instanceof ToolOutcome.Success success) {
      JsonNode data = success.file() == null ? success.data() : withoutBase64(success.data());
      List<McpSchema.Content> blocks = success.file() == null ? blocks(data) : null;
      if (success.file() != null) {
        content.add(fileContent(tool, success.file()));
      }
      if (blocks != null) {
        content.addAll(blocks);
      } else {
        content.add(text(data.isTextual() ? data.textValue() : Json.text(data)));
      }
      if (data.isObject() && success.file() == null) {
        structured = Json.plain(data);
      }
    } else if (outcome instanceof ToolOutcome.Failure failure) {
      error = true;
      content.add(text(failure.error() + " [" + failure.codeText() + "]"));
    } else if (outcome instanceof ToolOutcome.Denied denied) {
      error = true;
      content.add(text(DENIED_PREFIX + denied.reason()));
    }
    for (String line : result.context()) {
      content.add(text(CONTEXT_PREFIX + line));
    }
    if (result.updatedArgs() != null) {
      content.add(text(REWRITTEN_PREFIX + Json.text(result.updatedArgs())));
    }
    if (pushedBlock != null) {
      content.add(text(pushedBlock));
    }
    McpSchema.CallToolResult.Builder builder =
        McpSchema.CallToolResult.builder().content(content).isError(error);
    if (structured != null) {
      builder.structuredContent(structured); // the SDK refuses null here
    }
    return builder.build();
  }

  private static McpSchema.Content fileContent(String tool, ToolOutcome.FileContent file) {
    String base64 = Base64.getEncoder().encodeToString(file.bytes());
    String mime = file.mimeType();
    if (mime.startsWith("image/")) {
      return new McpSchema.ImageContent(null, base64, mime);
    }
    if (mime.startsWith("audio/")) {
      return new McpSchema.AudioContent(null, base64, mime);
    }
    return new McpSchema.EmbeddedResource(
        null, new McpSchema.BlobResourceContents("gateway://files/" + tool, mime, base64));
  }

  /** The data without the file's bytes (they are in their own content block). */
  private static JsonNode withoutBase64(JsonNode data) {
    if (data.path("file") instanceof ObjectNode file && file.has("base64")) {
      ObjectNode copy = (ObjectNode) data.deepCopy();
      ((ObjectNode) copy.get("file")).remove("base64");
      return copy;
    }
    return data;
  }

  /** The MCP content block types a tool result may carry. */
  private static final java.util.Set<String> BLOCK_TYPES =
      java.util.Set.of("text", "image", "audio", "resource", "resource_link");

  /**
   * {@code data} as the MCP content blocks it is, when it is a non-empty array of them (what an MCP
   * server's result with images, audio or resources becomes on its way through the gateway:
   * mcp-federation's {@code McpResults}, decision 123), so that the agent gets every block as the
   * server wrote it; else null, and the data is given as text.
   */
  private static List<McpSchema.Content> blocks(JsonNode data) {
    if (!data.isArray() || data.isEmpty()) {
      return null;
    }
    List<McpSchema.Content> blocks = new ArrayList<>(data.size());
    for (JsonNode block : data) {
      if (!block.isObject() || !BLOCK_TYPES.contains(block.path("type").asText())) {
        return null;
      }
      try {
        blocks.add(Json.MCP.convertValue(block, McpSchema.Content.class));
      } catch (IllegalArgumentException notABlock) {
        return null; // a field missing or mistyped: the data as text, as before
      }
    }
    return blocks;
  }

  static McpSchema.TextContent text(String text) {
    return new McpSchema.TextContent(text);
  }
}
