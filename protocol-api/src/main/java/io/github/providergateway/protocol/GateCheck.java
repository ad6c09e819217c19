package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code gate.check}: a {@code gate} rule matched a tool call; answer with {@code gate.result}
 * within 5 s or the call is denied (fail closed).
 *
 * @param gateId the matching rule's gate id
 * @param callId globally unique id of this check
 * @param sessionId the call's session
 * @param tool the tool about to run
 * @param args its arguments
 */
public record GateCheck(String gateId, String callId, String sessionId, String tool, JsonNode args)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param gateId the matching rule's gate id
   * @param callId globally unique id of this check
   * @param sessionId the call's session
   * @param tool the tool about to run
   * @param args its arguments
   * @throws NullPointerException when {@code gateId}, {@code callId}, {@code sessionId}, {@code
   *     tool} or {@code args} is null
   * @throws IllegalArgumentException when {@code gateId}, {@code callId}, {@code sessionId} or
   *     {@code tool} is empty
   */
  public GateCheck {
    Require.nonEmpty(gateId, "gateId");
    Require.nonEmpty(callId, "callId");
    Require.nonEmpty(sessionId, "sessionId");
    Require.nonEmpty(tool, "tool");
    Require.present(args, "args");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.GATE_CHECK;
  }
}
