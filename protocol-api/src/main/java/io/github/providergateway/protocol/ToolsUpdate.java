package io.github.providergateway.protocol;

import java.util.List;

/**
 * {@code tools.update}: change the provider's tools. With only {@code tools} it replaces the whole
 * list; with {@code remove} it is a delta: {@code tools} are added or replaced by name and the
 * {@code remove} names deleted. On failure the previous list stays active.
 *
 * @param requestId correlation id for the {@code ack}, optional
 * @param sessionId the one session to change; {@code null} for every bound session
 * @param tools the new list (or the tools to add, with {@code remove})
 * @param remove names to delete; its presence makes the update a delta
 */
public record ToolsUpdate(
    String requestId, String sessionId, List<ToolDefinition> tools, List<String> remove)
    implements StateUpdate, ProviderMessage {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param requestId correlation id for the {@code ack}, optional
   * @param sessionId the one session to change; {@code null} for every bound session
   * @param tools the new list (or the tools to add, with {@code remove}); copied
   * @param remove names to delete; its presence makes the update a delta; copied
   * @throws IllegalArgumentException when it has neither {@code tools} nor {@code remove}
   */
  public ToolsUpdate {
    if (tools == null && remove == null) {
      throw new IllegalArgumentException("tools.update needs tools, remove, or both");
    }
    tools = Require.copyOrNull(tools);
    remove = Require.copyOrNull(remove);
  }

  /**
   * Replaces the provider's whole list with {@code tools}.
   *
   * @param tools the new list
   * @return the message, for every bound session
   */
  public static ToolsUpdate replaceAll(List<ToolDefinition> tools) {
    return new ToolsUpdate(null, null, tools, null);
  }

  /** {@return whether this update is a delta ({@code remove} present)} */
  public boolean isDelta() {
    return remove != null;
  }

  /**
   * This update carrying {@code requestId}.
   *
   * @param requestId echoed by the {@code ack} or {@code error} that answers it
   * @return a new message; this one is unchanged
   */
  public ToolsUpdate withRequestId(String requestId) {
    return new ToolsUpdate(requestId, sessionId, tools, remove);
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.TOOLS_UPDATE;
  }
}
