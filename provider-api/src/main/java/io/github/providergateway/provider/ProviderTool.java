package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ToolDefinition;

/**
 * A tool a {@link JavaProvider} offers: what the gateway is told ({@code hello.tools}, {@code
 * tools.update}) and the code that runs it.
 */
public record ProviderTool(ToolDefinition definition, ToolHandler handler) {

  public ProviderTool {
    requireNonNull(definition, "definition");
    requireNonNull(handler, "handler");
  }

  /** The tool's name. */
  public String name() {
    return definition.name();
  }
}
