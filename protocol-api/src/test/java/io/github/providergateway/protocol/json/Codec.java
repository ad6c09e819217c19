package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.ProviderMessage;

/** Decoding and comparing helpers shared by the codec tests. */
final class Codec {

  static final ProtocolCodec CODEC = ProtocolCodec.create();

  private Codec() {}

  /** Decodes a provider message that must decode to a record of {@code type}. */
  static <T extends ProviderMessage> T decodeProvider(String json, Class<T> type) {
    DecodeResult<ProviderMessage, DecodeError> result = CODEC.decodeProviderMessage(json);
    assertThat(result.errorOrNull()).as("decode error for %s", json).isNull();
    assertThat(result.messageOrNull()).isInstanceOf(type);
    return type.cast(result.messageOrNull());
  }

  /** Decodes a gateway message that must decode to a record of {@code type}. */
  static <T extends GatewayMessage> T decodeGateway(String json, Class<T> type) {
    DecodeResult<GatewayMessage, DecodeError> result = CODEC.decodeGatewayMessage(json);
    assertThat(result.errorOrNull()).as("decode error for %s", json).isNull();
    assertThat(result.messageOrNull()).isInstanceOf(type);
    return type.cast(result.messageOrNull());
  }

  /** The error a provider message must fail with. */
  static DecodeError providerError(String json) {
    DecodeResult<ProviderMessage, DecodeError> result = CODEC.decodeProviderMessage(json);
    assertThat(result.messageOrNull()).as("decoded %s", json).isNull();
    return result.errorOrNull();
  }

  /** The error a gateway message must fail with. */
  static DecodeError gatewayError(String json) {
    DecodeResult<GatewayMessage, DecodeError> result = CODEC.decodeGatewayMessage(json);
    assertThat(result.messageOrNull()).as("decoded %s", json).isNull();
    return result.errorOrNull();
  }

  /** Asserts that {@code message} encodes to JSON equal, as a tree, to {@code json}. */
  static void assertEncodesTo(Message message, String json) {
    assertThat(CODEC.parseJson(CODEC.encode(message))).isEqualTo(CODEC.parseJson(json));
  }

  /** The JSON tree of {@code json}. */
  static JsonNode json(String json) {
    return CODEC.parseJson(json);
  }

  /** The JSON object of {@code json}, to edit. */
  static ObjectNode object(String json) {
    return (ObjectNode) CODEC.parseJson(json);
  }
}
