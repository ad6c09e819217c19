package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** {@code tools.changed}: the host's tool registration for a session changed (names only). */
public record ToolsChanged(String sessionId, List<String> tools) implements HostEvent {

  public static final String NAME = "tools.changed";

  public ToolsChanged {
    requireNonNull(sessionId, "sessionId");
    tools = List.copyOf(tools);
  }

  @Override
  public String event() {
    return NAME;
  }
}
