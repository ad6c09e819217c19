package io.github.providergateway.protocol;

/**
 * The {@code type} of every provider→gateway message, with its wire spelling.
 *
 * <p>{@link #UNKNOWN} stands for a type this library does not know; it has no wire name of its own
 * (the original is kept in {@link UnknownProviderMessage#type()}). The gateway answers such
 * messages with {@code UNKNOWN_TYPE} and keeps the connection open.
 */
public enum ProviderMessageType implements WireEnum {
  /** {@code auth}, read as {@link Auth}. */
  AUTH("auth"),
  /** {@code auth.confirm}, read as {@link AuthConfirm}. */
  AUTH_CONFIRM("auth.confirm"),
  /** {@code hello}, read as {@link Hello}. */
  HELLO("hello"),
  /** {@code goodbye}, read as {@link Goodbye}. */
  GOODBYE("goodbye"),
  /** {@code session.ready}, read as {@link SessionReady}. */
  SESSION_READY("session.ready"),
  /** {@code tool.result}, read as {@link ToolResult}. */
  TOOL_RESULT("tool.result"),
  /** {@code tool.progress}, read as {@link ToolProgress}. */
  TOOL_PROGRESS("tool.progress"),
  /** {@code gate.result}, read as {@link GateResult}. */
  GATE_RESULT("gate.result"),
  /** {@code transform.result}, read as {@link TransformResult}. */
  TRANSFORM_RESULT("transform.result"),
  /** {@code push}, read as {@link Push}. */
  PUSH("push"),
  /** {@code tools.update}, read as {@link ToolsUpdate}. */
  TOOLS_UPDATE("tools.update"),
  /** {@code hooks.update}, read as {@link HooksUpdate}. */
  HOOKS_UPDATE("hooks.update"),
  /** {@code context.update}, read as {@link ContextUpdate}. */
  CONTEXT_UPDATE("context.update"),
  /** {@code filter.set}, read as {@link FilterSet}. */
  FILTER_SET("filter.set"),
  /** {@code stream.query}, read as {@link StreamQuery}. */
  STREAM_QUERY("stream.query"),
  /** {@code shutdown.ready}, read as {@link ShutdownReady}. */
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

  /**
   * The type spelled {@code wire}, or {@link #UNKNOWN}.
   *
   * @param wire a value as written on the wire; may be null
   * @return the type, or {@link #UNKNOWN}
   */
  public static ProviderMessageType fromWire(String wire) {
    ProviderMessageType type = WireEnum.fromWire(ProviderMessageType.class, wire);
    return type == null ? UNKNOWN : type;
  }
}
