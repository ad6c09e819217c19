package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code providers.list}. Reply: {@code providers}. */
public record ListProviders(JsonNode id) implements HostCommand {

  @Override
  public HostCommandType type() {
    return HostCommandType.PROVIDERS_LIST;
  }
}
