package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code stream.updated} (ours): a provider's push added an event to a stream of the session. Sent
 * to the session's owner only, and only when its {@code session.start} asked ({@code
 * "streamUpdates": true}); read the event with {@code stream.query}.
 *
 * @param stream {@code stream@provider}, as {@code stream.query} takes it
 * @param sessionId the session's id
 */
public record StreamUpdated(String sessionId, String stream) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "stream.updated";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param stream {@code stream@provider}, as {@code stream.query} takes it
   * @throws NullPointerException when {@code sessionId} or {@code stream} is null
   */
  public StreamUpdated {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(stream, "stream");
  }

  @Override
  public String event() {
    return NAME;
  }
}
