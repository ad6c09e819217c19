/**
 * The gateway's end of the host protocol of spec/host-rpc.md: {@link
 * io.github.providergateway.host.HostService}, which serves agent hosts on any carrier ({@code
 * --rpc} stdin, the WebSocket {@code /host} endpoint), with {@link
 * io.github.providergateway.host.HostConnection} and {@link
 * io.github.providergateway.host.HostChannel}, the carrier's two sides, and the audit trail hosts
 * query ({@link io.github.providergateway.host.DecisionLog}, {@link
 * io.github.providergateway.host.AuditJson}).
 *
 * <p>The protocol's records and codec are {@code io.github.providergateway.host.api}'s (the module
 * {@code host-api}), shared with the other end, {@code GatewayClient} ({@code host-client}).
 * Everything under {@code internal} is private to this module.
 */
module io.github.providergateway.host {
  requires transitive io.github.providergateway.gateway;
  // HostService's builder and channels speak the protocol's records (HostCommand, HostOutput).
  requires transitive io.github.providergateway.host.api;

  exports io.github.providergateway.host;
}
