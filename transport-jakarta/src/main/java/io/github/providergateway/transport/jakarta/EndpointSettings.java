package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * What every session of one {@link JakartaGatewayEndpoints} is held to, as its builder set it.
 *
 * @param checks the loopback and {@code Origin} checks
 * @param unauthenticatedMessageLimit the most of one message buffered before the peer authenticated
 * @param authenticatedMessageLimit the most after: the gateway's largest message plus slack
 * @param idleTimeout how long a session may be silent before the container closes it
 * @param sendTimeout how long one send may take before the connection counts as not reading
 */
record EndpointSettings(
    HandshakeChecks checks,
    int unauthenticatedMessageLimit,
    int authenticatedMessageLimit,
    Duration idleTimeout,
    Duration sendTimeout) {
  EndpointSettings {
    requireNonNull(checks, "checks");
    requireNonNull(idleTimeout, "idleTimeout");
    requireNonNull(sendTimeout, "sendTimeout");
  }
}
