package io.github.providergateway.host.protocol;

import io.github.providergateway.protocol.WireEnum;

/** The host commands by their exact {@code cmd} spelling (host-rpc.md, plus our additions). */
public enum HostCommandType implements WireEnum {
  SESSION_START("session.start"),
  SESSION_IDLE("session.idle"),
  SESSION_END("session.end"),
  /** Ours: every call in flight in the session ends {@code CANCELLED}. */
  SESSION_INTERRUPT("session.interrupt"),
  SESSIONS_LIST("sessions.list"),
  TOOLS_LIST("tools.list"),
  TOOL_CALL("tool.call"),
  /** Ours: cancels a {@code tool.call} the same host sent and that is still in flight. */
  TOOL_CANCEL("tool.cancel"),
  HOOK_PRE_TOOL_USE("hook.preToolUse"),
  PROMPT("prompt"),
  EVENT("event"),
  STREAM_QUERY("stream.query"),
  PROVIDERS_LIST("providers.list"),
  SHUTDOWN("shutdown"),
  /** Ours, WebSocket carrier only: the first command, presenting the gateway token. */
  HOST_AUTH("host.auth");

  private final String wireName;

  HostCommandType(String wireName) {
    this.wireName = wireName;
  }

  @Override
  public String wireName() {
    return wireName;
  }
}
