package io.github.providergateway.host.api;

import java.time.Instant;

/**
 * Which decisions of the audit trail an {@code audit.query} returns (docs/audit.md); each non-null
 * field must match. The same filter serves the gateway's own log ({@code DecisionLog.query}) and a
 * host asking a gateway in another process ({@code GatewayClient.auditQuery}).
 *
 * @param sessionId the session
 * @param provider the provider
 * @param tool the tool
 * @param kind the kind, as {@code DecisionKind}'s name ({@code TOOL_CALL}, case ignored)
 * @param callId a call: its pre-tool-use evaluation and its outcome
 * @param since decisions at or after this time
 * @param limit at most this many, the newest
 */
public record AuditFilter(
    String sessionId,
    String provider,
    String tool,
    String kind,
    String callId,
    Instant since,
    int limit) {

  /** Every decision, the newest 100. */
  public static final AuditFilter NEWEST = new AuditFilter(null, null, null, null, null, null, 100);

  /**
   * Checks the limit.
   *
   * @param sessionId the session, or null
   * @param provider the provider, or null
   * @param tool the tool, or null
   * @param kind the kind, or null
   * @param callId the call, or null
   * @param since the earliest time, or null
   * @param limit at most this many; positive
   */
  public AuditFilter {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be positive, was " + limit);
    }
  }
}
