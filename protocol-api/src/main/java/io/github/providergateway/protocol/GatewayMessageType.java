package io.github.providergateway.protocol;

/**
 * The {@code type} of every gateway→provider message, with its wire spelling.
 *
 * <p>{@link #UNKNOWN} stands for a type from a newer gateway; providers log and drop such messages
 * (spec: Forward compatibility).
 */
public enum GatewayMessageType implements WireEnum {
  /** {@code auth.pairing}, read as {@link AuthPairing}. */
  AUTH_PAIRING("auth.pairing"),
  /** {@code sessions}, read as {@link Sessions}. */
  SESSIONS("sessions"),
  /** {@code sessions.updated}, read as {@link SessionsUpdated}. */
  SESSIONS_UPDATED("sessions.updated"),
  /** {@code hello.ack}, read as {@link HelloAck}. */
  HELLO_ACK("hello.ack"),
  /** {@code ack}, read as {@link Ack}. */
  ACK("ack"),
  /** {@code error}, read as {@link ErrorMessage}. */
  ERROR("error"),
  /** {@code tool.call}, read as {@link ToolCall}. */
  TOOL_CALL("tool.call"),
  /** {@code tool.cancel}, read as {@link ToolCancel}. */
  TOOL_CANCEL("tool.cancel"),
  /** {@code gate.check}, read as {@link GateCheck}. */
  GATE_CHECK("gate.check"),
  /** {@code transform.request}, read as {@link TransformRequest}. */
  TRANSFORM_REQUEST("transform.request"),
  /** {@code session.event}, read as {@link SessionEvent}. */
  SESSION_EVENT("session.event"),
  /** {@code session.lifecycle}, read as {@link SessionLifecycle}. */
  SESSION_LIFECYCLE("session.lifecycle"),
  /** {@code stream.history}, read as {@link StreamHistory}. */
  STREAM_HISTORY("stream.history"),
  /** A type this library does not know. */
  UNKNOWN(null);

  private final String wireName;

  GatewayMessageType(String wireName) {
    this.wireName = wireName;
  }

  /** The wire spelling, or {@code null} for {@link #UNKNOWN}. */
  @Override
  public String wireName() {
    return wireName;
  }

  /**
   * The type spelled {@code wire}, or {@link #UNKNOWN}.
   *
   * @param wire a value as written on the wire; may be null
   * @return the type, or {@link #UNKNOWN}
   */
  public static GatewayMessageType fromWire(String wire) {
    GatewayMessageType type = WireEnum.fromWire(GatewayMessageType.class, wire);
    return type == null ? UNKNOWN : type;
  }
}
