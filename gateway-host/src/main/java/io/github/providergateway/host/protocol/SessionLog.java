package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code session.log}: a line for the session's timeline.
 *
 * @param source the provider's name, or {@code gateway}
 */
public record SessionLog(String sessionId, String message, String source) implements HostEvent {

  public static final String NAME = "session.log";

  public SessionLog {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(message, "message");
    requireNonNull(source, "source");
  }

  @Override
  public String event() {
    return NAME;
  }
}
