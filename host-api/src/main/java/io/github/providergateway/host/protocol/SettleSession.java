package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ours: {@code session.settle}. Replied, with no fields, once the session has settled: every
 * provider the gateway started for it (from its {@code --config}) has bound or gone, or had 30 s,
 * and the tools they brought are registered with the session's host (issue 34). A host answering a
 * client's first question about tools waits for it, bounded by a time of its own.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record SettleSession(JsonNode id, String sessionId) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public SettleSession {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_SETTLE;
  }
}
