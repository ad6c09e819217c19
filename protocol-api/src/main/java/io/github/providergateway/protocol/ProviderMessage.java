package io.github.providergateway.protocol;

/**
 * A message a provider sends to the gateway. {@link #type()} names which record it is, so a handler
 * can switch over it; {@link UnknownProviderMessage} carries any type this library does not know.
 */
public sealed interface ProviderMessage extends Message
    permits Auth,
        AuthConfirm,
        Hello,
        Goodbye,
        SessionReady,
        ToolResult,
        ToolProgress,
        GateResult,
        TransformResult,
        Push,
        ToolsUpdate,
        HooksUpdate,
        ContextUpdate,
        FilterSet,
        StreamQuery,
        ShutdownReady,
        UnknownProviderMessage {

  /** {@return which provider message this is} */
  ProviderMessageType type();

  @Override
  default String wireType() {
    return type().wireName();
  }
}
