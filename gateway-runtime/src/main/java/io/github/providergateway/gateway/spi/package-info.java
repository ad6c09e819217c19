/**
 * For transports, not for embedders: the two ends of one provider connection. A transport
 * implements {@link io.github.providergateway.gateway.spi.ProviderConnection} for each connection
 * it accepts, hands it to the gateway's {@code TransportPort} and delivers what it receives to the
 * {@link io.github.providergateway.gateway.spi.ProviderLink} it gets back; either end closes with a
 * {@link io.github.providergateway.gateway.spi.CloseReason}. Below the engine and its entry point
 * {@code Gateway}, which both speak it (decision 80).
 */
package io.github.providergateway.gateway.spi;
