package io.github.providergateway.app;

/** The commands of the {@code --rpc} host, by their exact {@code cmd} spelling (host-rpc.md). */
enum RpcCommand {
  SESSION_START("session.start"),
  SESSION_IDLE("session.idle"),
  SESSION_END("session.end"),
  SESSIONS_LIST("sessions.list"),
  TOOLS_LIST("tools.list"),
  TOOL_CALL("tool.call"),
  HOOK_PRE_TOOL_USE("hook.preToolUse"),
  PROMPT("prompt"),
  EVENT("event"),
  STREAM_QUERY("stream.query"),
  PROVIDERS_LIST("providers.list"),
  SHUTDOWN("shutdown");

  private final String wireName;

  RpcCommand(String wireName) {
    this.wireName = wireName;
  }

  /** The {@code cmd} text. */
  String wireName() {
    return wireName;
  }

  /** The command spelled {@code cmd}, or {@code null}. */
  static RpcCommand fromWire(String cmd) {
    for (RpcCommand command : values()) {
      if (command.wireName.equals(cmd)) {
        return command;
      }
    }
    return null;
  }
}
