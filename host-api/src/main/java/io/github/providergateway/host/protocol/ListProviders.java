package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code providers.list}. Reply: {@code providers}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record ListProviders(JsonNode id) implements HostCommand {

  @Override
  public HostCommandType type() {
    return HostCommandType.PROVIDERS_LIST;
  }
}
