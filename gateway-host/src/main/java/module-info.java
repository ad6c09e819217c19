/**
 * The host side of the gateway: the host protocol of spec/host-rpc.md and both of its ends.
 *
 * <ul>
 *   <li>{@code io.github.providergateway.host}: {@link io.github.providergateway.host.HostService},
 *       which serves agent hosts on any carrier ({@code --rpc} stdin, the WebSocket {@code /host}
 *       endpoint), with {@link io.github.providergateway.host.HostConnection} and {@link
 *       io.github.providergateway.host.HostChannel}, the carrier's two sides;
 *   <li>{@code io.github.providergateway.host.protocol}: the host protocol as Java types (one
 *       record per command, reply and event), {@code HostCodec}, and {@code HostWire}, the JSON
 *       shapes of the runtime's values in replies;
 *   <li>{@code io.github.providergateway.host.client}: {@link
 *       io.github.providergateway.host.client.GatewayClient}, the {@code HostApi} of a gateway in
 *       another process, for JVM hosts of a shared gateway.
 * </ul>
 *
 * Everything under {@code internal} is private to this module.
 */
module io.github.providergateway.host {
  requires transitive io.github.providergateway.gateway;
  requires java.net.http;

  exports io.github.providergateway.host;
  exports io.github.providergateway.host.protocol;
  exports io.github.providergateway.host.client;
}
