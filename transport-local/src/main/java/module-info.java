/**
 * In-process providers: {@code io.github.providergateway.transport.local} connects a provider
 * living in the gateway's JVM (internal trust, no serialization), either a {@code JavaProvider} of
 * the Java provider API ({@code provider-api}) or raw message records.
 */
module io.github.providergateway.transport.local {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.github.providergateway.provider;

  exports io.github.providergateway.transport.local;
}
