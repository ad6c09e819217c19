package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code session.ended} (ours): a session this host owns (or observes) was torn down, whoever ended
 * it: its own {@code session.end}, another host, a {@code shutdown}, or the end of the 30 s
 * re-claim grace after its connection dropped.
 *
 * @param sessionId the session's id
 */
public record SessionEnded(String sessionId) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "session.ended";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @throws NullPointerException when {@code sessionId} is null
   */
  public SessionEnded {
    requireNonNull(sessionId, "sessionId");
  }

  @Override
  public String event() {
    return NAME;
  }
}
