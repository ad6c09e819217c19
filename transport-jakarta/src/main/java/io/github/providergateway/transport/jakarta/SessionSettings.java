package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.websocket.internal.HandshakePolicy;
import java.time.Duration;

/**
 * What every session of one {@link JakartaGatewayEndpoints} is held to, as its builder set it.
 *
 * @param policy the loopback and {@code Origin} rules
 * @param unauthenticatedMessageLimit the most of one message buffered before the peer authenticated
 * @param authenticatedMessageLimit the most after: the gateway's largest message plus slack
 * @param idleTimeout how long a session may be silent before the container closes it
 * @param sendTimeout how long one send may take before the connection counts as not reading
 */
record SessionSettings(
    HandshakePolicy policy,
    int unauthenticatedMessageLimit,
    int authenticatedMessageLimit,
    Duration idleTimeout,
    Duration sendTimeout) {
  SessionSettings {
    requireNonNull(policy, "policy");
    requireNonNull(idleTimeout, "idleTimeout");
    requireNonNull(sendTimeout, "sendTimeout");
  }
}
