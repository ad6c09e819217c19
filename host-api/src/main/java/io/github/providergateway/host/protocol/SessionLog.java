package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code session.log}: a line for the session's timeline.
 *
 * @param source the provider's name, or {@code gateway}
 * @param sessionId the session's id
 * @param message the line
 */
public record SessionLog(String sessionId, String message, String source) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "session.log";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param message the line
   * @param source the provider's name, or {@code gateway}
   * @throws NullPointerException when {@code sessionId}, {@code message} or {@code source} is null
   */
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
