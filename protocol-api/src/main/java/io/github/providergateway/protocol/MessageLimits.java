package io.github.providergateway.protocol;

import java.util.Objects;

/**
 * How big a provider message may be, as text on the wire and as a tree in memory, and how much
 * unread input the gateway queues. One part of {@link Limits}, read with {@link Limits#messages()};
 * set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class MessageLimits {

  private final int maxToolResultBytes;
  private final int maxMessageBytes;
  private final int maxUnauthenticatedMessageBytes;
  private final int maxMessageTreeBytes;
  private final int maxJsonDepth;
  private final int maxQueuedInboundBytes;
  private final int maxQueuedInboundBytesPerConnection;

  /**
   * Checks every limit.
   *
   * @param maxToolResultBytes see {@link #maxToolResultBytes()}
   * @param maxMessageBytes see {@link #maxMessageBytes()}
   * @param maxUnauthenticatedMessageBytes see {@link #maxUnauthenticatedMessageBytes()}
   * @param maxMessageTreeBytes see {@link #maxMessageTreeBytes()}
   * @param maxJsonDepth see {@link #maxJsonDepth()}
   * @param maxQueuedInboundBytes see {@link #maxQueuedInboundBytes()}
   * @param maxQueuedInboundBytesPerConnection see {@link #maxQueuedInboundBytesPerConnection()}
   * @throws IllegalArgumentException naming the first limit out of its range
   */
  MessageLimits(
      int maxToolResultBytes,
      int maxMessageBytes,
      int maxUnauthenticatedMessageBytes,
      int maxMessageTreeBytes,
      int maxJsonDepth,
      int maxQueuedInboundBytes,
      int maxQueuedInboundBytesPerConnection) {
    LimitChecks.positive(maxToolResultBytes, "maxToolResultBytes");
    LimitChecks.positive(maxMessageBytes, "maxMessageBytes");
    LimitChecks.positive(maxUnauthenticatedMessageBytes, "maxUnauthenticatedMessageBytes");
    LimitChecks.positive(maxMessageTreeBytes, "maxMessageTreeBytes");
    LimitChecks.positive(maxJsonDepth, "maxJsonDepth");
    if (maxJsonDepth > Limits.MAX_JSON_DEPTH) {
      throw new IllegalArgumentException(
          "maxJsonDepth must be at most "
              + Limits.MAX_JSON_DEPTH
              + " (what can be written back), not "
              + maxJsonDepth);
    }
    LimitChecks.positive(maxQueuedInboundBytes, "maxQueuedInboundBytes");
    LimitChecks.positive(maxQueuedInboundBytesPerConnection, "maxQueuedInboundBytesPerConnection");
    this.maxToolResultBytes = maxToolResultBytes;
    this.maxMessageBytes = maxMessageBytes;
    this.maxUnauthenticatedMessageBytes = maxUnauthenticatedMessageBytes;
    this.maxMessageTreeBytes = maxMessageTreeBytes;
    this.maxJsonDepth = maxJsonDepth;
    this.maxQueuedInboundBytes = maxQueuedInboundBytes;
    this.maxQueuedInboundBytesPerConnection = maxQueuedInboundBytesPerConnection;
  }

  /**
   * The size limit for a provider message of {@code type}: 5 MB for results, 2 MB otherwise.
   *
   * @param type the message's type
   * @return the limit in bytes of UTF-8 text
   */
  public int maxBytesFor(ProviderMessageType type) {
    return type == ProviderMessageType.TOOL_RESULT ? maxToolResultBytes : maxMessageBytes;
  }

  /** {@return the largest provider message of any type} */
  public int maxAnyMessageBytes() {
    return Math.max(maxToolResultBytes, maxMessageBytes);
  }

  /** {@return the largest {@code tool.result}} */
  public int maxToolResultBytes() {
    return maxToolResultBytes;
  }

  /** {@return the largest message of any other type} */
  public int maxMessageBytes() {
    return maxMessageBytes;
  }

  /**
   * {@return the largest message a connection may send before it has authenticated: {@code auth}
   * and {@code auth.confirm} are a few hundred bytes, and a stranger must not make the gateway
   * buffer megabytes (a transport refuses a larger frame unread)}
   */
  public int maxUnauthenticatedMessageBytes() {
    return maxUnauthenticatedMessageBytes;
  }

  /**
   * {@return the estimated heap one decoded message may take as a JSON tree: a few megabytes of
   * text can expand twenty-fold into nodes, so a message past it is refused {@code
   * PAYLOAD_TOO_LARGE} while it is read}
   */
  public int maxMessageTreeBytes() {
    return maxMessageTreeBytes;
  }

  /**
   * {@return how deeply a provider message may nest JSON values; deeper input is refused while it
   * is read, so everything the gateway accepts it can also write back inside its own messages}
   */
  public int maxJsonDepth() {
    return maxJsonDepth;
  }

  /**
   * {@return the UTF-16 chars of received messages all connections may have waiting for the gateway
   * loop; past it a transport stops reading from the connection that delivered, until the loop
   * catches up}
   */
  public int maxQueuedInboundBytes() {
    return maxQueuedInboundBytes;
  }

  /** {@return the same, for one connection} */
  public int maxQueuedInboundBytesPerConnection() {
    return maxQueuedInboundBytesPerConnection;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MessageLimits o
        && maxToolResultBytes == o.maxToolResultBytes
        && maxMessageBytes == o.maxMessageBytes
        && maxUnauthenticatedMessageBytes == o.maxUnauthenticatedMessageBytes
        && maxMessageTreeBytes == o.maxMessageTreeBytes
        && maxJsonDepth == o.maxJsonDepth
        && maxQueuedInboundBytes == o.maxQueuedInboundBytes
        && maxQueuedInboundBytesPerConnection == o.maxQueuedInboundBytesPerConnection;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        maxToolResultBytes,
        maxMessageBytes,
        maxUnauthenticatedMessageBytes,
        maxMessageTreeBytes,
        maxJsonDepth,
        maxQueuedInboundBytes,
        maxQueuedInboundBytesPerConnection);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "MessageLimits["
        + "maxToolResultBytes="
        + maxToolResultBytes
        + ", maxMessageBytes="
        + maxMessageBytes
        + ", maxUnauthenticatedMessageBytes="
        + maxUnauthenticatedMessageBytes
        + ", maxMessageTreeBytes="
        + maxMessageTreeBytes
        + ", maxJsonDepth="
        + maxJsonDepth
        + ", maxQueuedInboundBytes="
        + maxQueuedInboundBytes
        + ", maxQueuedInboundBytesPerConnection="
        + maxQueuedInboundBytesPerConnection
        + "]";
  }
}
