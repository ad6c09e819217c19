package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A gateway message whose {@code type} this library does not know, from a newer gateway. Providers
 * log and drop it (spec: Forward compatibility).
 *
 * @param wireType the {@code type} as received
 * @param json the whole message as received
 */
public record UnknownGatewayMessage(String wireType, JsonNode json) implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param wireType the {@code type} as received
   * @param json the whole message as received
   * @throws NullPointerException when {@code wireType} or {@code json} is null
   */
  public UnknownGatewayMessage {
    Require.present(wireType, "wireType");
    Require.present(json, "json");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.UNKNOWN;
  }
}
