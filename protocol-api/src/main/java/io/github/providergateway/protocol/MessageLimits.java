package io.github.providergateway.protocol;

/**
 * How big a provider message may be, as text on the wire and as a tree in memory, and how much
 * unread input the gateway queues. One part of {@link Limits}, read with {@link Limits#messages()};
 * set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param maxToolResultBytes the largest {@code tool.result}
 * @param maxMessageBytes the largest message of any other type
 * @param maxUnauthenticatedMessageBytes the largest message a connection may send before it has
 *     authenticated: {@code auth} and {@code auth.confirm} are a few hundred bytes, and a stranger
 *     must not make the gateway buffer megabytes (a transport refuses a larger frame unread)
 * @param maxMessageTreeBytes the estimated heap one decoded message may take as a JSON tree: a few
 *     megabytes of text can expand twenty-fold into nodes, so a message past it is refused {@code
 *     PAYLOAD_TOO_LARGE} while it is read
 * @param maxJsonDepth how deeply a provider message may nest JSON values; deeper input is refused
 *     while it is read, so everything the gateway accepts it can also write back inside its own
 *     messages
 * @param maxQueuedInboundBytes the UTF-16 chars of received messages all connections may have
 *     waiting for the gateway loop; past it a transport stops reading from the connection that
 *     delivered, until the loop catches up
 * @param maxQueuedInboundBytesPerConnection the same, for one connection
 */
public record MessageLimits(
    int maxToolResultBytes,
    int maxMessageBytes,
    int maxUnauthenticatedMessageBytes,
    int maxMessageTreeBytes,
    int maxJsonDepth,
    int maxQueuedInboundBytes,
    int maxQueuedInboundBytesPerConnection) {

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
  public MessageLimits {
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
}
