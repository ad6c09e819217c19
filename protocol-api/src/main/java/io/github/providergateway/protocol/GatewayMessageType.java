package io.github.providergateway.protocol;

/**
 * The {@code type} of every gateway→provider message, with its wire spelling.
 *
 * <p>{@link #UNKNOWN} stands for a type from a newer gateway; providers log and drop such messages
 * (spec: Forward compatibility).
 */
public enum GatewayMessageType implements WireEnum {
  AUTH_PAIRING("auth.pairing"),
  SESSIONS("sessions"),
  SESSIONS_UPDATED("sessions.updated"),
  HELLO_ACK("hello.ack"),
  ACK("ack"),
  ERROR("error"),
  TOOL_CALL("tool.call"),
  TOOL_CANCEL("tool.cancel"),
  GATE_CHECK("gate.check"),
  TRANSFORM_REQUEST("transform.request"),
  SESSION_EVENT("session.event"),
  SESSION_LIFECYCLE("session.lifecycle"),
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

  /** The type spelled {@code wire}, or {@link #UNKNOWN}. */
  public static GatewayMessageType fromWire(String wire) {
    GatewayMessageType type = WireEnum.fromWire(GatewayMessageType.class, wire);
    return type == null ? UNKNOWN : type;
  }
}
