package io.github.providergateway.host.protocol;

import io.github.providergateway.protocol.WireEnum;

/** The host commands by their exact {@code cmd} spelling (host-rpc.md, plus our additions). */
public enum HostCommandType implements WireEnum {
  /** Starts a session whose agent the host runs ({@link StartSession}). */
  SESSION_START("session.start"),
  /** Reports a session idle: its agent's turn is over ({@link IdleSession}). */
  SESSION_IDLE("session.idle"),
  /** Ends a session, giving its providers a deadline to clean up ({@link EndSession}). */
  SESSION_END("session.end"),
  /** Ours: every call in flight in the session ends {@code CANCELLED}. */
  SESSION_INTERRUPT("session.interrupt"),
  /**
   * Ours: replies once the session's started providers have bound or gone ({@link SettleSession}).
   */
  SESSION_SETTLE("session.settle"),
  /** Lists the active sessions. */
  SESSIONS_LIST("sessions.list"),
  /** Lists a session's provider tools as the host registers them ({@link ListTools}). */
  TOOLS_LIST("tools.list"),
  /** Runs a provider tool, pre-tool hooks first ({@link CallTool}). */
  TOOL_CALL("tool.call"),
  /** Ours: cancels a {@code tool.call} the same host sent and that is still in flight. */
  TOOL_CANCEL("tool.cancel"),
  /** Runs only the pre-tool hooks, for a tool the host owns ({@link PreToolUse}). */
  HOOK_PRE_TOOL_USE("hook.preToolUse"),
  /** Runs the prompt pipeline on the system-prompt sections ({@link RunPrompt}). */
  PROMPT("prompt"),
  /** Forwards a session event to subscribed providers ({@link EmitEvent}). */
  EVENT("event"),
  /** Reads streams of a session ({@link QueryStreams}). */
  STREAM_QUERY("stream.query"),
  /** Lists the bound providers. */
  PROVIDERS_LIST("providers.list"),
  /** {@code audit.query}: the latest decisions and their reasons. */
  AUDIT_QUERY("audit.query"),
  /** Ours: a new one-time link to the status page ({@link StatusLink}). */
  STATUS_LINK("status.link"),
  /** Ours: re-reads the project config and restarts its providers ({@link ReloadProviders}). */
  PROVIDERS_RELOAD("providers.reload"),
  /** Ours: the gates held in force while their provider is not bound ({@link ListHeldGates}). */
  GATES_HELD("gates.held"),
  /**
   * Ours: a person retires held gates whose provider is gone for good ({@link ReleaseHeldGates}).
   */
  GATES_RELEASE("gates.release"),
  /** Ours: the person's answer to a gate's question ({@link AnswerQuestion}). */
  GATE_ANSWER("gate.answer"),
  /** Ours: an MCP request beyond tools to the session's federated MCP servers. */
  MCP_FEATURE("mcp.feature"),
  /** Ends every session and stops the gateway, where the gateway allows it ({@link Shutdown}). */
  SHUTDOWN("shutdown"),
  /** Ours, WebSocket carrier only: the first command, presenting the gateway token. */
  HOST_AUTH("host.auth"),
  /**
   * Ours, WebSocket carrier only: before {@code host.auth}, the host asks the gateway to prove it
   * holds the token, on the address and port the host dialled ({@link HostChallenge}).
   */
  HOST_CHALLENGE("host.challenge");

  private final String wireName;

  HostCommandType(String wireName) {
    this.wireName = wireName;
  }

  @Override
  public String wireName() {
    return wireName;
  }
}
