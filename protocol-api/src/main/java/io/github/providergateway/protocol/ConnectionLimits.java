package io.github.providergateway.protocol;

import java.time.Duration;
import java.util.Objects;

/**
 * How many connections the gateway takes, how fast they may pair and rebind, and how long each step
 * of a connection may take. One part of {@link Limits}, read with {@link Limits#connections()}; set
 * through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class ConnectionLimits {

  private final int maxConnections;
  private final int maxPairingAttemptsPerMinute;
  private final int maxRebindsPerMinute;
  private final Duration authTimeout;
  private final Duration bindTimeout;
  private final Duration pairingCodeLifetime;
  private final Duration reconnectWindow;

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
  ConnectionLimits(
      int maxConnections,
      int maxPairingAttemptsPerMinute,
      int maxRebindsPerMinute,
      Duration authTimeout,
      Duration bindTimeout,
      Duration pairingCodeLifetime,
      Duration reconnectWindow) {
    LimitChecks.positive(maxConnections, "maxConnections");
    LimitChecks.positive(maxPairingAttemptsPerMinute, "maxPairingAttemptsPerMinute");
    LimitChecks.positive(maxRebindsPerMinute, "maxRebindsPerMinute");
    LimitChecks.positive(authTimeout, "authTimeout");
    LimitChecks.positive(bindTimeout, "bindTimeout");
    LimitChecks.positive(pairingCodeLifetime, "pairingCodeLifetime");
    LimitChecks.positive(reconnectWindow, "reconnectWindow");
    this.maxConnections = maxConnections;
    this.maxPairingAttemptsPerMinute = maxPairingAttemptsPerMinute;
    this.maxRebindsPerMinute = maxRebindsPerMinute;
    this.authTimeout = authTimeout;
    this.bindTimeout = bindTimeout;
    this.pairingCodeLifetime = pairingCodeLifetime;
    this.reconnectWindow = reconnectWindow;
  }

  /** {@return how many WebSocket connections may be open at once} */
  public int maxConnections() {
    return maxConnections;
  }

  /** {@return how many pairing requests are served per minute, across the gateway} */
  public int maxPairingAttemptsPerMinute() {
    return maxPairingAttemptsPerMinute;
  }

  /** {@return {@code hello} rebinds per connection per minute} */
  public int maxRebindsPerMinute() {
    return maxRebindsPerMinute;
  }

  /**
   * {@return how long a new WebSocket connection may take to authenticate: anything but a
   * successful {@code auth} by then ends in {@code AUTH_FAILED} and a close, so no unauthenticated
   * connection keeps a connection slot for long (a pairing connection has the pairing code's
   * lifetime to confirm instead)}
   */
  public Duration authTimeout() {
    return authTimeout;
  }

  /**
   * {@return how long an authenticated WebSocket connection may stay unbound (before its first
   * {@code hello}, or after losing its sessions) while a session it may bind to is active; past it
   * the connection is closed, so idle authenticated connections cannot keep connection slots}
   */
  public Duration bindTimeout() {
    return bindTimeout;
  }

  /** {@return how long a pairing code stays valid} */
  public Duration pairingCodeLifetime() {
    return pairingCodeLifetime;
  }

  /** {@return how long a reconnect token outlives its connection} */
  public Duration reconnectWindow() {
    return reconnectWindow;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ConnectionLimits o
        && maxConnections == o.maxConnections
        && maxPairingAttemptsPerMinute == o.maxPairingAttemptsPerMinute
        && maxRebindsPerMinute == o.maxRebindsPerMinute
        && Objects.equals(authTimeout, o.authTimeout)
        && Objects.equals(bindTimeout, o.bindTimeout)
        && Objects.equals(pairingCodeLifetime, o.pairingCodeLifetime)
        && Objects.equals(reconnectWindow, o.reconnectWindow);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        maxConnections,
        maxPairingAttemptsPerMinute,
        maxRebindsPerMinute,
        authTimeout,
        bindTimeout,
        pairingCodeLifetime,
        reconnectWindow);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "ConnectionLimits["
        + "maxConnections="
        + maxConnections
        + ", maxPairingAttemptsPerMinute="
        + maxPairingAttemptsPerMinute
        + ", maxRebindsPerMinute="
        + maxRebindsPerMinute
        + ", authTimeout="
        + authTimeout
        + ", bindTimeout="
        + bindTimeout
        + ", pairingCodeLifetime="
        + pairingCodeLifetime
        + ", reconnectWindow="
        + reconnectWindow
        + "]";
  }
}
