package io.github.providergateway.protocol;

/**
 * A message the gateway sends to a provider. {@link #type()} names which record it is; {@link
 * UnknownGatewayMessage} carries any type this library does not know (a provider logs and drops
 * it).
 */
public sealed interface GatewayMessage extends Message
    permits AuthPairing,
        Sessions,
        SessionsUpdated,
        HelloAck,
        Ack,
        ErrorMessage,
        ToolCall,
        ToolCancel,
        GateCheck,
        TransformRequest,
        SessionEvent,
        SessionLifecycle,
        StreamHistory,
        UnknownGatewayMessage {

  /** {@return which gateway message this is} */
  GatewayMessageType type();

  @Override
  default String wireType() {
    return type().wireName();
  }
}
