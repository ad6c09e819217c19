package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.InboundBudget;
import java.time.Clock;
import java.time.Duration;

/**
 * The server-wide half of the defences against what peers send: the connections waiting for a
 * handshake, the budget of unfinished inbound messages, and the numbers every connection's {@link
 * FrameDecoder} applies. Deadlines read the gateway's clock, so tests move them with a manual
 * clock.
 *
 * @param clock the gateway's clock
 * @param pendingHandshakes accepted TCP connections that have not upgraded yet
 * @param unfinished what all connections' unfinished messages may hold together
 * @param unauthenticatedMessageBytes the largest message before the peer authenticates
 * @param messageBytes the largest message after
 * @param messageTimeout how long a peer may take to finish a message it has begun
 * @param maxPingsPerSecond how many pings a peer may send in any one second
 */
record TrafficGuards(
    Clock clock,
    PendingHandshakes pendingHandshakes,
    InboundBudget unfinished,
    long unauthenticatedMessageBytes,
    long messageBytes,
    Duration messageTimeout,
    int maxPingsPerSecond) {

  TrafficGuards {
    requireNonNull(clock, "clock");
    requireNonNull(pendingHandshakes, "pendingHandshakes");
    requireNonNull(unfinished, "unfinished");
    requireNonNull(messageTimeout, "messageTimeout");
  }

  /** A decoder for one new WebSocket connection. */
  FrameDecoder newDecoder() {
    return new FrameDecoder(
        unfinished, unauthenticatedMessageBytes, messageBytes, maxPingsPerSecond);
  }

  /** Whether a message begun at {@code sinceMillis} (-1: none) has run out of time. */
  boolean messageOverdue(long sinceMillis) {
    return sinceMillis >= 0 && clock.millis() - sinceMillis >= messageTimeout.toMillis();
  }
}
