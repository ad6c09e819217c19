package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ours: {@code status.link}, a new one-time link to the gateway's status page. Reply: {@code url}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record StatusLink(JsonNode id) implements HostCommand {

  @Override
  public HostCommandType type() {
    return HostCommandType.STATUS_LINK;
  }
}
