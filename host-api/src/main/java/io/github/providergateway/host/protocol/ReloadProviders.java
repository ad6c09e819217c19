package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ours: {@code providers.reload}, the gateway re-reads its project config and restarts its spawned
 * providers and MCP servers (one, or all), starts those added and stops those removed. Reply:
 * {@link ReloadReport}'s fields.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param name the config entry to reload; {@code null} for every entry
 */
public record ReloadProviders(JsonNode id, String name) implements HostCommand {

  /**
   * Checks the fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param name the config entry to reload; {@code null} for every entry
   * @throws IllegalArgumentException when {@code name} is empty
   */
  public ReloadProviders {
    if (name != null) {
      Checks.nonEmpty(name, "name");
    }
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.PROVIDERS_RELOAD;
  }
}
