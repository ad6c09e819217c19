/**
 * The host's view of a gateway, with nothing of the engine: what an agent host programs against
 * whether the gateway is embedded ({@code Gateway}, gateway-runtime) or in another process ({@code
 * GatewayClient}, host-client).
 *
 * <ul>
 *   <li>{@code io.github.providergateway.host.api}: {@link
 *       io.github.providergateway.host.api.HostApi}, {@link
 *       io.github.providergateway.host.api.SessionHost} (how the gateway reaches a session's agent)
 *       and their values ({@link io.github.providergateway.host.api.CallResult}, {@link
 *       io.github.providergateway.host.api.ToolOutcome}, {@link
 *       io.github.providergateway.host.api.HookDecision}, {@link
 *       io.github.providergateway.host.api.SessionSpec}, ...);
 *   <li>{@code io.github.providergateway.host.protocol}: the host protocol of spec/host-rpc.md as
 *       Java types (one record per command, reply and event), {@code HostCodec}, and {@code
 *       HostWire}, the JSON shapes of those values in replies. Both ends use it: the gateway's
 *       {@code HostService} (gateway-host) and {@code GatewayClient} (host-client).
 * </ul>
 *
 * Pure, like the provider protocol's module: no engine, no threads, no clock.
 */
module io.github.providergateway.host.api {
  requires transitive io.github.providergateway.protocol;

  exports io.github.providergateway.host.api;
  exports io.github.providergateway.host.protocol;
}
