/**
 * For transports, not for provider authors: what a transport needs to run the Java provider API
 * over its connections. A provider author uses {@code io.github.providergateway.provider} and one
 * transport's entry point ({@code LocalProviderTransport.connect}, {@code
 * WebSocketProviderClient.connect}) and never sees these types.
 *
 * <p>A transport creates a {@link io.github.providergateway.provider.spi.ProviderLoop} over the
 * provider's executor and a {@link io.github.providergateway.provider.spi.ProviderRuntime} on it
 * (with a {@link io.github.providergateway.provider.spi.ProviderAuth} when its connections
 * authenticate), implements {@link io.github.providergateway.provider.spi.ProviderChannel} for each
 * connection it opens, and calls the runtime on the loop as connections open, deliver and close.
 * Both transports of this project ({@code transport-local}, {@code transport-ws}) are built this
 * way, and {@code ProviderTransportContractTest} (in the testing artifact) checks that they behave
 * alike.
 */
package io.github.providergateway.provider.spi;
