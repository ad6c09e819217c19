package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code session.ended} (ours): a session this host owns (or observes) was torn down, whoever
 * ended it: its own {@code session.end}, another host, a {@code shutdown}, or the end of the 30 s
 * re-claim grace after its connection dropped.
 */
public record SessionEnded(String sessionId) implements HostEvent {

  public static final String NAME = "session.ended";

  public SessionEnded {
    requireNonNull(sessionId, "sessionId");
  }

  @Override
  public String event() {
    return NAME;
  }
}
