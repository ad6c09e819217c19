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

  /**
   * A tool as a server of either era lists it (decision 115): its name, its description (else its
   * title, else empty), its input schema as written (null for none) and its hints, an absent hint
   * absent (MCP's defaults, destructive and open world, are the guard's to assume, not ours to
   * write in).
   */
  record Listed(String name, String description, Object inputSchema, ToolAnnotations hints) {}

  /** A 2025-era tool. */
  static Listed listed(McpSchema.Tool tool) {
    return new Listed(
        tool.name(),
        tool.description() != null ? tool.description() : tool.title(),
        tool.inputSchema(),
        hints(tool.annotations()));
  }

  /** A tool's {@code annotations} of either era (their fields are the same), or null. */
  static ToolAnnotations hints(Object annotations) {
    if (annotations == null) {
      return null;
    }
    McpSchema.ToolAnnotations hints =
        JSON.convertValue(annotations, McpSchema.ToolAnnotations.class);
    return ToolAnnotations.declared(
        hints.destructiveHint(),
        hints.readOnlyHint(),
        hints.openWorldHint(),
        hints.idempotentHint());
  }

  /** The tools the server listed, as the gateway registers them; {@code skipped} gets the rest. */
  static List<ToolDefinition> definitions(List<Listed> tools, String prefix, List<String> skipped) {
    List<ToolDefinition> definitions = new ArrayList<>();
    for (Listed tool : tools) {
      String name = prefix + tool.name();
      if (!NAME.matcher(name).matches()) {
        skipped.add(tool.name());
        continue;
      }
      JsonNode schema =
          tool.inputSchema() == null
              ? JsonNodeFactory.instance.objectNode().put("type", "object")
              : JSON.valueToTree(tool.inputSchema());
      definitions.add(
          ToolDefinition.of(name, tool.description() == null ? "" : tool.description(), schema)
              .withAnnotations(tool.hints()));
    }
    return definitions;
  }

  /** A failed call: {@code INTERNAL}, with the server's name and why. */
  static ToolResult failure(String callId, McpServerConfig config, String why) {
    return ToolResult.failure(
        callId, "MCP server '" + config.name() + "': " + why, ToolErrorCode.INTERNAL);
  }

  /** The arguments as the SDK sends them. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> arguments(JsonNode args) {
    return args == null || !args.isObject() ? Map.of() : JSON.convertValue(args, Map.class);
  }

  /**
   * A 2026-07-28 result in the 2025 era's terms, which share their fields ({@code content}, {@code
   * structuredContent}, {@code isError}): one translation to the gateway's result for both eras.
   */
  static McpSchema.CallToolResult legacy(
      io.modelcontextprotocol.modern.McpSchema.CallToolResult result) {
    return JSON.convertValue(result, McpSchema.CallToolResult.class);
  }

  /** A progress notification without a message, as text: {@code 1 / 30}, or {@code 1}. */
  static String progressText(Double progress, Double total) {
    return total != null ? format(progress) + " / " + format(total) : format(progress);
  }

  private static String format(Double value) {
    return value == null
        ? ""
        : value == Math.rint(value) ? String.valueOf(value.longValue()) : String.valueOf(value);
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
