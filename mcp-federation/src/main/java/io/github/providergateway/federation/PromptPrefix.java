package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;

/**
 * A server's configured prefix ({@link McpServerConfig#toolPrefix}) before its prompts' names as
 * before its tools' (decision 123): what keeps two servers' prompts of one name apart, as their
 * tools. Resources keep their URIs (a URI names a thing; a client reads it as written), so two
 * servers offering one URI are refused by the gateway instead. Pure.
 */
final class PromptPrefix {

  private final String prefix;

  PromptPrefix(String prefix) {
    this.prefix = prefix == null ? "" : prefix;
  }

  /** {@return {@code result} of {@code method} with the prefix before each prompt's name} */
  JsonNode listed(McpFeature method, JsonNode result) {
    if (method == McpFeature.PROMPTS_LIST && !prefix.isEmpty()) {
      for (JsonNode prompt : result.path("prompts")) {
        if (prompt instanceof ObjectNode object && prompt.path("name").isTextual()) {
          object.put("name", prefix + prompt.path("name").textValue());
        }
      }
    }
    return result;
  }

  /**
   * {@return {@code params} of {@code method} with the prefix taken off the prompt's name it names}
   *
   * @throws HostException {@code INVALID_ARGUMENT} when that name does not start with the prefix
   */
  JsonNode asked(McpFeature method, JsonNode params) {
    if (prefix.isEmpty()) {
      return params;
    }
    ObjectNode named =
        switch (method) {
          case PROMPTS_GET -> (ObjectNode) params;
          case COMPLETE ->
              "ref/prompt".equals(params.path("ref").path("type").asText())
                  ? (ObjectNode) params.get("ref")
                  : null;
          case RESOURCES_LIST, RESOURCE_TEMPLATES_LIST, RESOURCES_READ, PROMPTS_LIST -> null;
        };
    if (named == null) {
      return params;
    }
    ObjectNode copy = params.deepCopy();
    ObjectNode target = method == McpFeature.PROMPTS_GET ? copy : (ObjectNode) copy.get("ref");
    String name = named.path("name").asText();
    if (!name.startsWith(prefix)) {
      throw new HostException(
          HostErrorCode.INVALID_ARGUMENT,
          "no prompt '" + name + "' (its names start " + prefix + ")");
    }
    target.put("name", name.substring(prefix.length()));
    return copy;
  }
}
