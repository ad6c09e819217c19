package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code session.send}: the gateway asks the host to start an AI turn with {@code prompt}.
 *
 * @param sessionId the session's id
 * @param prompt the prompt for the agent
 * @param source the provider's name
 */
public record SessionSend(String sessionId, String prompt, String source) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "session.send";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param prompt the prompt for the agent
   * @param source the provider's name
   * @throws NullPointerException when {@code sessionId}, {@code prompt} or {@code source} is null
   */
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
