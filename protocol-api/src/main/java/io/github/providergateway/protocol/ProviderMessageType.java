package io.github.providergateway.protocol;

/**
 * The {@code type} of every provider→gateway message, with its wire spelling.
 *
 * <p>{@link #UNKNOWN} stands for a type this library does not know; it has no wire name of its
 * own (the original is kept in {@link UnknownProviderMessage#type()}). The gateway answers such
 * messages with {@code UNKNOWN_TYPE} and keeps the connection open.
 */
public enum ProviderMessageType implements WireEnum {
  AUTH("auth"),
  AUTH_CONFIRM("auth.confirm"),
  HELLO("hello"),
  GOODBYE("goodbye"),
  SESSION_READY("session.ready"),
  TOOL_RESULT("tool.result"),
  TOOL_PROGRESS("tool.progress"),
  GATE_RESULT("gate.result"),
  TRANSFORM_RESULT("transform.result"),
  PUSH("push"),
  TOOLS_UPDATE("tools.update"),
  HOOKS_UPDATE("hooks.update"),
  CONTEXT_UPDATE("context.update"),
  FILTER_SET("filter.set"),
  STREAM_QUERY("stream.query"),
  SHUTDOWN_READY("shutdown.ready"),
  /** A type this library does not know. */
  UNKNOWN(null);

  private final String wireName;

  ProviderMessageType(String wireName) {
    this.wireName = wireName;
  }

  /** The wire spelling, or {@code null} for {@link #UNKNOWN}. */
  @Override
  public String wireName() {
    return wireName;
  }

  /** The type spelled {@code wire}, or {@link #UNKNOWN}. */
  public static ProviderMessageType fromWire(String wire) {
    ProviderMessageType type = WireEnum.fromWire(ProviderMessageType.class, wire);
    return type == null ? UNKNOWN : type;
  }
}
