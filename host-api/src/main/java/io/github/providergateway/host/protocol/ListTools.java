package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code tools.list}. Reply: {@code tools}, as the host would register them.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record ListTools(JsonNode id, String sessionId) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public ListTools {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.TOOLS_LIST;
  }
}
