package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * {@code tools.changed}: the host's tool registration for a session changed (names only).
 *
 * @param sessionId the session's id
 * @param tools the tools' names
 */
public record ToolsChanged(String sessionId, List<String> tools) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "tools.changed";

  /**
   * Checks the required fields and copies the collections.
   *
   * @param sessionId the session's id
   * @param tools the tools' names; copied
   * @throws NullPointerException when {@code sessionId} is null
   */
  public ToolsChanged {
    requireNonNull(sessionId, "sessionId");
    tools = List.copyOf(tools);
  }

  @Override
  public String event() {
    return NAME;
  }
}
