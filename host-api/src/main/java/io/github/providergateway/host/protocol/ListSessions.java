package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code sessions.list}. Reply: {@code sessions}, {@code [{id, label, cwd}]}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record ListSessions(JsonNode id) implements HostCommand {

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSIONS_LIST;
  }
}
