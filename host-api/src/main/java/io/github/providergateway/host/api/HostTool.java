package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.ToolAnnotations;

/**
 * A tool as the host registers it with its agent: a provider's tool, a multi-instance tool merged
 * with its {@code target} parameter, or a gateway-generated meta-tool.
 *
 * @param name the tool's name
 * @param description what it does
 * @param parameters its JSON Schema (treat as read-only)
 * @param provider the name of the provider that serves it ({@code "gateway"} for meta-tools)
 * @param annotations what the tool declares of what it does (MCP's hints: destructive, read-only,
 *     open world), or {@code null} when it declares nothing
 */
public record HostTool(
    String name,
    String description,
    JsonNode parameters,
    String provider,
    ToolAnnotations annotations) {

  /**
   * Checks that every component is present.
   *
   * @param name the tool's name
   * @param description what it does
   * @param parameters its JSON Schema
   * @param provider the name of the provider that serves it
   * @param annotations what the tool declares of what it does, or {@code null}
   * @throws NullPointerException when a component but {@code annotations} is null
   */
  public HostTool {
    requireNonNull(name, "name");
    requireNonNull(description, "description");
    requireNonNull(parameters, "parameters");
    requireNonNull(provider, "provider");
  }

  /**
   * A tool that declares no annotations.
   *
   * @param name the tool's name
   * @param description what it does
   * @param parameters its JSON Schema
   * @param provider the name of the provider that serves it
   * @throws NullPointerException when a component is null
   */
  public HostTool(String name, String description, JsonNode parameters, String provider) {
    this(name, description, parameters, provider, null);
  }
}
