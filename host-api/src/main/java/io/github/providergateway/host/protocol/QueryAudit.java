package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * {@code audit.query}: the gateway's latest decisions that match every filter given. Reply: {@code
 * decisions}, oldest first (docs/audit.md).
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId only this session's, or null
 * @param provider only this provider's, or null
 * @param tool only this tool's, or null
 * @param kind only this kind ({@code auth}, {@code tool_call}, ...), or null
 * @param callId only this call's (its pre-tool-use evaluation and outcome), or null
 * @param since only these at or after this time ({@code since}, ISO-8601), or null
 * @param limit at most this many, the newest; null for 100
 */
public record QueryAudit(
    JsonNode id,
    String sessionId,
    String provider,
    String tool,
    String kind,
    String callId,
    Instant since,
    Integer limit)
    implements HostCommand {

  /**
   * Checks the limit.
   *
   * @param id the command's {@code id}
   * @param sessionId the session, or null
   * @param provider the provider, or null
   * @param tool the tool, or null
   * @param kind the kind, or null
   * @param callId the call, or null
   * @param since the earliest time, or null
   * @param limit at most this many, or null
   * @throws IllegalArgumentException when {@code limit} is not positive
   */
  public QueryAudit {
    if (limit != null && limit < 1) {
      throw new IllegalArgumentException("field \"limit\" must be positive, was " + limit);
    }
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.AUDIT_QUERY;
  }
}
