/**
 * The gateway engine. {@code io.github.providergateway.gateway} holds the {@link
 * io.github.providergateway.gateway.Gateway} and its SPIs; everything under {@code internal} is
 * private to this module.
 */
module io.github.providergateway.gateway {
  requires transitive io.github.providergateway.protocol;
  // The loop and the scheduler are in the builder's API (Gateway.Builder.scheduler).
  requires transitive io.github.providergateway.loop;
  // Gateway is a HostApi: the host's view and its values are in the builder's and the methods' API.
  requires transitive io.github.providergateway.host.api;
  // Tool arguments are checked against the tools' JSON Schemas (internal.ArgsSchemas).
  requires com.networknt.schema;
  // The audit trail's decisions are also Flight Recorder events (internal.DecisionEvent).
  requires jdk.jfr;

  exports io.github.providergateway.gateway;
  exports io.github.providergateway.gateway.event;
  exports io.github.providergateway.gateway.spi;
  exports io.github.providergateway.gateway.policy;
}
