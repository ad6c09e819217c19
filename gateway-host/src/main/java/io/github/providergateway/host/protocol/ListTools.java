package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code tools.list}. Reply: {@code tools}, as the host would register them. */
public record ListTools(JsonNode id, String sessionId) implements HostCommand {

  public ListTools {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.TOOLS_LIST;
  }
}
