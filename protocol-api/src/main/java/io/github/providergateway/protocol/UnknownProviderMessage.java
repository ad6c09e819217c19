package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A provider message whose {@code type} this library does not know. The gateway answers it with
 * {@code UNKNOWN_TYPE} and keeps the connection open.
 *
 * @param wireType the {@code type} as received
 * @param json the whole message as received
 */
public record UnknownProviderMessage(String wireType, JsonNode json) implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param wireType the {@code type} as received
   * @param json the whole message as received
   * @throws NullPointerException when {@code wireType} or {@code json} is null
   */
  public UnknownProviderMessage {
    Require.present(wireType, "wireType");
    Require.present(json, "json");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.UNKNOWN;
  }
}
