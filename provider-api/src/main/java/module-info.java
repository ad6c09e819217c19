/**
 * The Java provider API, for every transport.
 *
 * <ul>
 *   <li>{@code io.github.providergateway.provider}: the API provider authors use ({@link
 *       io.github.providergateway.provider.JavaProvider}, {@link
 *       io.github.providergateway.provider.ProviderSession}, the handlers);
 *   <li>{@code io.github.providergateway.provider.spi}: what transports need to run it ({@link
 *       io.github.providergateway.provider.spi.ProviderRuntime} and the types around it), not for
 *       provider authors.
 * </ul>
 *
 * Everything under {@code internal} (the runtime's parts) is private to this module. It does not
 * need the gateway engine: a provider's loop is the {@code SerialExecutor} of {@code loop}, which
 * the engine shares; none of its types appear in this module's API, so it is not required
 * transitively.
 */
module io.github.providergateway.provider {
  requires transitive io.github.providergateway.protocol;
  requires io.github.providergateway.loop;

  exports io.github.providergateway.provider;
  exports io.github.providergateway.provider.spi;
}
