package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ToolDefinition;

/**
 * A tool a {@link JavaProvider} offers: what the gateway is told ({@code hello.tools}, {@code
 * tools.update}) and the code that runs it.
 *
 * @param definition what the gateway is told: name, description, parameters, options
 * @param handler runs the tool's calls
 */
public record ProviderTool(ToolDefinition definition, ToolHandler handler) {

  /**
   * Checks that both parts are present.
   *
   * @param definition what the gateway is told
   * @param handler runs the tool's calls
   * @throws NullPointerException when either is null
   */
  public ProviderTool {
    requireNonNull(definition, "definition");
    requireNonNull(handler, "handler");
  }

  /** {@return the tool's name} */
  public String name() {
    return definition.name();
  }
}
