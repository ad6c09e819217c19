package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/** {@code session.send}: the gateway asks the host to start an AI turn with {@code prompt}. */
public record SessionSend(String sessionId, String prompt, String source) implements HostEvent {

  public static final String NAME = "session.send";

  public SessionSend {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(prompt, "prompt");
    requireNonNull(source, "source");
  }

  @Override
  public String event() {
    return NAME;
  }
}
