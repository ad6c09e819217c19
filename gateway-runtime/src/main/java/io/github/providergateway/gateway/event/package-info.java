/**
 * What the gateway tells those who listen ({@link
 * io.github.providergateway.gateway.event.GatewayListener}, registered with {@code
 * Gateway.Builder.listener} or {@code Gateway.monitor().addListener}): providers and sessions
 * coming and going, the hook rules a session has, and the audit trail, every {@link
 * io.github.providergateway.gateway.event.Decision} the gateway takes and every {@link
 * io.github.providergateway.gateway.event.Refusal} it sends a peer. Values only: the engine makes
 * them, below the engine and its entry point {@code Gateway} (decision 80).
 */
package io.github.providergateway.gateway.event;
