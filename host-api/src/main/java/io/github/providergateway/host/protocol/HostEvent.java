package io.github.providergateway.host.protocol;

/**
 * Something the gateway tells a host without being asked: {@code {"event":"...", ...}}, never with
 * an {@code id}. An event this library does not know decodes to {@link UnknownHostEvent}.
 */
public sealed interface HostEvent extends HostOutput
    permits GatewayStarted,
        SessionLog,
        SessionSend,
        ToolsChanged,
        CallProgress,
        StreamUpdated,
        OffersChanged,
        GateAsk,
        GateAskEnded,
        ProviderPresence,
        SessionEnded,
        GatewayStopped,
        UnknownHostEvent {

  /** {@return the {@code event} name} */
  String event();
}
