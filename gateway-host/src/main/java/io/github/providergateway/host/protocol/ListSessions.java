package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code sessions.list}. Reply: {@code sessions}, {@code [{id, label, cwd}]}. */
public record ListSessions(JsonNode id) implements HostCommand {

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSIONS_LIST;
  }
}
