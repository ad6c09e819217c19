package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * MCP's tools and results in the provider interface's terms, the reverse of agent-bridge's {@code
 * ToolResults}.
 *
 * <ul>
 *   <li>A tool: {@code name} (with the configured prefix), {@code description} (else its {@code
 *       title}, else empty), {@code inputSchema} as {@code parameters}. A name outside the spec's
 *       grammar is left out, and said so in the log: one bad name would refuse the whole {@code
 *       hello}.
 *   <li>A result with {@code structuredContent}: that JSON as the data. Otherwise, content that is
 *       all text: the texts joined by blank lines, as a string. Otherwise (images, audio,
 *       resources, links): the content blocks as MCP writes them, a JSON array, so nothing is lost.
 *   <li>{@code isError}: a failure, {@code INTERNAL}, with the text the server gave.
 * </ul>
 */
final class McpResults {

  /** The spec's name grammar (architecture, decision 24). */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

  private static final ObjectMapper JSON = new ObjectMapper();

  private McpResults() {}

  /** The tools the server listed, as the gateway registers them; {@code skipped} gets the rest. */
  static List<ToolDefinition> definitions(
      List<McpSchema.Tool> tools, String prefix, List<String> skipped) {
    List<ToolDefinition> definitions = new ArrayList<>();
    for (McpSchema.Tool tool : tools) {
      String name = prefix + tool.name();
      if (!NAME.matcher(name).matches()) {
        skipped.add(tool.name());
        continue;
      }
      String description =
          tool.description() != null
              ? tool.description()
              : tool.title() != null ? tool.title() : "";
      JsonNode schema =
          tool.inputSchema() == null
              ? JsonNodeFactory.instance.objectNode().put("type", "object")
              : JSON.valueToTree(tool.inputSchema());
      definitions.add(
          ToolDefinition.of(name, description, schema).withAnnotations(annotations(tool)));
    }
    return definitions;
  }

  /**
   * The server's hints for {@code tool}, as it declared them: an absent hint stays absent (MCP's
   * defaults, destructive and open world, are the guard's to assume, not ours to write in).
   */
  static ToolAnnotations annotations(McpSchema.Tool tool) {
    McpSchema.ToolAnnotations hints = tool.annotations();
    if (hints == null) {
      return null;
    }
    return ToolAnnotations.declared(
        hints.destructiveHint(),
        hints.readOnlyHint(),
        hints.openWorldHint(),
        hints.idempotentHint());
  }

  /** The arguments as the SDK sends them. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> arguments(JsonNode args) {
    return args == null || !args.isObject() ? Map.of() : JSON.convertValue(args, Map.class);
  }

  /** The server's answer to call {@code id}. */
  static ToolResult result(String id, McpSchema.CallToolResult result) {
    List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
    if (Boolean.TRUE.equals(result.isError())) {
      String text = joinedText(content);
      return ToolResult.failure(
          id, text.isEmpty() ? "the MCP server reported an error" : text, ToolErrorCode.INTERNAL);
    }
    if (result.structuredContent() != null) {
      return ToolResult.success(id, JSON.valueToTree(result.structuredContent()));
    }
    if (content.stream().allMatch(block -> block instanceof McpSchema.TextContent)) {
      return ToolResult.success(id, JsonNodeFactory.instance.textNode(joinedText(content)));
    }
    return ToolResult.success(id, blocks(content));
  }

  /**
   * The blocks as MCP writes them, each with its {@code type}: Jackson writes the type only when it
   * serializes a block as the {@code Content} interface, not as its record.
   */
  private static JsonNode blocks(List<McpSchema.Content> content) {
    com.fasterxml.jackson.databind.node.ArrayNode array = JsonNodeFactory.instance.arrayNode();
    com.fasterxml.jackson.databind.ObjectWriter asContent = JSON.writerFor(McpSchema.Content.class);
    for (McpSchema.Content block : content) {
      try {
        array.add(JSON.readTree(asContent.writeValueAsString(block)));
      } catch (com.fasterxml.jackson.core.JsonProcessingException unwritable) {
        array.add(JsonNodeFactory.instance.textNode(String.valueOf(block)));
      }
    }
    return array;
  }

  private static String joinedText(List<McpSchema.Content> content) {
    StringBuilder text = new StringBuilder();
    for (McpSchema.Content block : content) {
      if (block instanceof McpSchema.TextContent textBlock && textBlock.text() != null) {
        if (text.length() > 0) {
          text.append("\n\n");
        }
        text.append(textBlock.text());
      }
    }
    return text.toString();
  }
}
