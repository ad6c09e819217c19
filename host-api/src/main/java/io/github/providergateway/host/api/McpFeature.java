package io.github.providergateway.host.api;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.WireEnum;

/**
 * The MCP requests beyond tools that a session's federated MCP servers answer through the gateway
 * (decision 123): their resources, resource templates, prompts and completions, by the MCP method's
 * own name. {@link HostApi#mcpFeature} takes one with its MCP {@code params} and answers with the
 * MCP result, merged over the session's servers for a list.
 */
public enum McpFeature implements WireEnum {
  /** {@code resources/list}: every server's resources, one page. */
  RESOURCES_LIST("resources/list"),
  /** {@code resources/templates/list}: every server's resource templates, one page. */
  RESOURCE_TEMPLATES_LIST("resources/templates/list"),
  /** {@code resources/read}: read by the server that lists the URI or a template matching it. */
  RESOURCES_READ("resources/read"),
  /** {@code prompts/list}: every server's prompts, one page. */
  PROMPTS_LIST("prompts/list"),
  /** {@code prompts/get}: got from the server that lists the prompt. */
  PROMPTS_GET("prompts/get"),
  /** {@code completion/complete}: answered by the server of the prompt or template referred to. */
  COMPLETE("completion/complete");

  private final String wireName;

  McpFeature(String wireName) {
    this.wireName = wireName;
  }

  @Override
  public String wireName() {
    return wireName;
  }

  /** {@return whether the request lists (and so merges every server's answer)} */
  public boolean lists() {
    return listField() != null;
  }

  /**
   * {@return the field of a list's result that holds its items ({@code resources}, {@code
   * resourceTemplates}, {@code prompts}), or null for a request that does not list}
   */
  public String listField() {
    return switch (this) {
      case RESOURCES_LIST -> "resources";
      case RESOURCE_TEMPLATES_LIST -> "resourceTemplates";
      case PROMPTS_LIST -> "prompts";
      case RESOURCES_READ, PROMPTS_GET, COMPLETE -> null;
    };
  }

  /**
   * {@return a list's result with no items, as a session with no federated server lists}
   *
   * @throws IllegalStateException for a request that does not list
   */
  public ObjectNode emptyList() {
    if (!lists()) {
      throw new IllegalStateException(wireName + " does not list");
    }
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result.putArray(listField());
    return result;
  }
}
