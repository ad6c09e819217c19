/**
 * The Java provider API: describe a provider once with {@link
 * io.github.providergateway.provider.JavaProvider}, then run it in-process ({@code
 * LocalProviderTransport.connect}) or over WebSocket ({@code WebSocketProviderClient.connect});
 * both return the same {@link io.github.providergateway.provider.ProviderSession}.
 *
 * <p>The runtime behind the API keeps the protocol's duties for you: {@code hello} after {@code
 * sessions}, exactly one {@code tool.result} per call (success, failure, or {@code CANCELLED} after
 * {@code tool.cancel}), {@code shutdown.ready} after {@code shutdown.pending}, and forward
 * compatibility (unknown message types are logged at DEBUG and dropped; unknown fields are
 * ignored).
 */
package io.github.providergateway.provider;
