package io.github.providergateway.protocol;

import java.time.Duration;

/**
 * How many connections the gateway takes, how fast they may pair and rebind, and how long each step
 * of a connection may take. One part of {@link Limits}, read with {@link Limits#connections()}; set
 * through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param maxConnections how many WebSocket connections may be open at once
 * @param maxPairingAttemptsPerMinute how many pairing requests are served per minute, across the
 *     gateway
 * @param maxRebindsPerMinute {@code hello} rebinds per connection per minute
 * @param authTimeout how long a new WebSocket connection may take to authenticate: anything but a
 *     successful {@code auth} by then ends in {@code AUTH_FAILED} and a close, so no
 *     unauthenticated connection keeps a connection slot for long (a pairing connection has the
 *     pairing code's lifetime to confirm instead)
 * @param bindTimeout how long an authenticated WebSocket connection may stay unbound (before its
 *     first {@code hello}, or after losing its sessions) while a session it may bind to is active;
 *     past it the connection is closed, so idle authenticated connections cannot keep connection
 *     slots
 * @param pairingCodeLifetime how long a pairing code stays valid
 * @param reconnectWindow how long a reconnect token outlives its connection
 */
public record ConnectionLimits(
    int maxConnections,
    int maxPairingAttemptsPerMinute,
    int maxRebindsPerMinute,
    Duration authTimeout,
    Duration bindTimeout,
    Duration pairingCodeLifetime,
    Duration reconnectWindow) {

  /**
   * Checks every limit.
   *
   * @param maxConnections see {@link #maxConnections()}
   * @param maxPairingAttemptsPerMinute see {@link #maxPairingAttemptsPerMinute()}
   * @param maxRebindsPerMinute see {@link #maxRebindsPerMinute()}
   * @param authTimeout see {@link #authTimeout()}
   * @param bindTimeout see {@link #bindTimeout()}
   * @param pairingCodeLifetime see {@link #pairingCodeLifetime()}
   * @param reconnectWindow see {@link #reconnectWindow()}
   * @throws IllegalArgumentException naming the first limit out of its range
   * @throws NullPointerException naming a duration left null
   */
  public ConnectionLimits {
    LimitChecks.positive(maxConnections, "maxConnections");
    LimitChecks.positive(maxPairingAttemptsPerMinute, "maxPairingAttemptsPerMinute");
    LimitChecks.positive(maxRebindsPerMinute, "maxRebindsPerMinute");
    LimitChecks.positive(authTimeout, "authTimeout");
    LimitChecks.positive(bindTimeout, "bindTimeout");
    LimitChecks.positive(pairingCodeLifetime, "pairingCodeLifetime");
    LimitChecks.positive(reconnectWindow, "reconnectWindow");
  }
}
