package io.github.providergateway.protocol;

/**
 * A message of the provider interface, in either direction: a {@link ProviderMessage} (provider →
 * gateway) or a {@link GatewayMessage} (gateway → provider).
 *
 * <p>Every message type is an immutable record named after its wire {@code type} ({@code tool.call}
 * is {@link ToolCall}). Optional fields are boxed and {@code null} means absent; the codec leaves
 * absent fields out of the JSON. Opaque JSON values (tool arguments, results, metadata) are Jackson
 * {@code JsonNode}s, shared rather than copied: treat them as read-only.
 *
 * <p><b>Compatibility.</b> New message types and new optional fields may arrive in minor versions
 * of the protocol and of this library. Code outside this project that switches over {@link
 * ProviderMessageType} or {@link GatewayMessageType} should keep a {@code default} branch.
 */
public sealed interface Message permits ProviderMessage, GatewayMessage {

  /** {@return the wire {@code type} of this message, e.g. {@code "tool.call"}} */
  String wireType();
}
