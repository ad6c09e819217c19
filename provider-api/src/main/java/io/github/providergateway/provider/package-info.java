/**
 * The Java provider API: describe a provider once with {@link
 * io.github.providergateway.provider.JavaProvider}, then run it in-process ({@code
 * LocalProviderTransport.connect}) or over WebSocket ({@code WebSocketProviderClient.connect}, or
 * {@code pair} for an external provider); both return the same {@link
 * io.github.providergateway.provider.ProviderSession}. The guide is {@code docs/java-provider.md}.
 *
 * <p>The runtime behind the API keeps the protocol's duties for you: {@code hello} after {@code
 * sessions}, exactly one {@code tool.result} per call (success, failure, or {@code CANCELLED} after
 * {@code tool.cancel}), one {@code gate.result} per {@code gate.check} and one {@code
 * transform.result} per {@code transform.request}, updates one at a time matched to their {@code
 * ack}s, the whole declared state declared again after a reconnect, {@code shutdown.ready} after
 * {@code shutdown.pending}, and forward compatibility (unknown message types are logged at DEBUG
 * and dropped; unknown fields are ignored).
 */
package io.github.providergateway.provider;
