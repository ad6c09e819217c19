/**
 * In-process providers and the Java provider API.
 *
 * <p>{@code io.github.providergateway.transport.local} connects a provider living in the gateway's
 * JVM (internal trust, no serialization). {@code io.github.providergateway.provider} is the Java
 * provider API, which runs unchanged over this transport and over the WebSocket client of {@code
 * transport-ws}. The provider runtime behind it is shared with that client through a qualified
 * export; nobody else may use it.
 */
// transport-ws may not be a named module yet; until it is, its classpath build needs no export.
@SuppressWarnings("module")
module io.github.providergateway.transport.local {
  requires transitive io.github.providergateway.gateway;

  exports io.github.providergateway.transport.local;
  exports io.github.providergateway.provider;
  exports io.github.providergateway.provider.internal to
      io.github.providergateway.transport.ws;
}
