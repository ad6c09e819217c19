package io.github.providergateway.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.base.Durations;
import java.time.Duration;
import java.util.Set;

/**
 * The settings both servers' builders take ({@code WebSocketServer.Builder}, {@code
 * JakartaGatewayEndpoints.Builder}), with their defaults and their checks in one place: the {@code
 * Origin} values allowed, each connection's outbound bounds, and the idle timeout. Each builder
 * holds one, delegates its setters here and documents them for its own server.
 *
 * <p>Defaults: no allowed origins, {@value #DEFAULT_MAX_QUEUED_MESSAGES} messages and 8 MiB queued
 * per connection, a 5 minute idle timeout. Not thread-safe: a builder's part.
 */
public final class EndpointSettings {

  /** Messages one connection may have waiting by default. */
  public static final int DEFAULT_MAX_QUEUED_MESSAGES = 1024;

  /** What {@link #allowedOrigins(Set)} set. */
  private Set<String> allowedOrigins = Set.of();

  /** What {@link #maxQueuedMessages(int)} set. */
  private int maxQueuedMessages = DEFAULT_MAX_QUEUED_MESSAGES;

  /** What {@link #maxQueuedBytes(long)} set. */
  private long maxQueuedBytes = 8L << 20;

  /** What {@link #idleTimeout(Duration)} set. */
  private Duration idleTimeout = Duration.ofMinutes(5);

  /** Settings at their defaults. */
  public EndpointSettings() {}

  /**
   * The {@code Origin} values whose handshakes are accepted, compared exactly.
   *
   * @param origins the accepted values, copied
   */
  public void allowedOrigins(Set<String> origins) {
    this.allowedOrigins = Set.copyOf(requireNonNull(origins, "origins"));
  }

  /**
   * How many outbound messages one connection may have waiting, in flight included.
   *
   * @param count at least 1
   * @throws IllegalArgumentException when {@code count} is less than 1
   */
  public void maxQueuedMessages(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("maxQueuedMessages must be at least 1, was " + count);
    }
    this.maxQueuedMessages = count;
  }

  /**
   * How many bytes of encoded outbound messages one connection may have waiting, in flight
   * included.
   *
   * @param bytes at least 1
   * @throws IllegalArgumentException when {@code bytes} is less than 1
   */
  public void maxQueuedBytes(long bytes) {
    if (bytes < 1) {
      throw new IllegalArgumentException("maxQueuedBytes must be at least 1, was " + bytes);
    }
    this.maxQueuedBytes = bytes;
  }

  /**
   * How long a connection may stay silent before it is closed.
   *
   * @param timeout a positive duration
   * @throws IllegalArgumentException when {@code timeout} is zero or negative
   */
  public void idleTimeout(Duration timeout) {
    this.idleTimeout = Durations.requirePositive(timeout, "idleTimeout");
  }

  /** {@return the allowed {@code Origin} values} */
  public Set<String> allowedOrigins() {
    return allowedOrigins;
  }

  /** {@return the handshake policy of the allowed origins} */
  public HandshakePolicy handshakePolicy() {
    return new HandshakePolicy(allowedOrigins);
  }

  /** {@return how many messages one connection may have waiting} */
  public int maxQueuedMessages() {
    return maxQueuedMessages;
  }

  /** {@return how many bytes one connection may have waiting} */
  public long maxQueuedBytes() {
    return maxQueuedBytes;
  }

  /** {@return how long a connection may stay silent} */
  public Duration idleTimeout() {
    return idleTimeout;
  }
}
