package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.api.AskOutcome;

/**
 * {@code gate.ask.ended} (ours): a question {@code gate.ask} put is no longer open: answered (here
 * or on another channel), unanswered by its deadline, or withdrawn. Stop asking; an answer now
 * decides nothing. Sent to whoever got the {@code gate.ask}.
 *
 * @param sessionId the session's id
 * @param askId the question's id
 * @param outcome {@code allowed}, {@code denied}, {@code timeout} or {@code withdrawn}
 * @param answeredBy who answered ({@code console}, {@code status page}, {@code host (...)}); null
 *     when nobody did
 */
public record GateAskEnded(String sessionId, String askId, AskOutcome outcome, String answeredBy)
    implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "gate.ask.ended";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param askId the question's id
   * @param outcome how it ended
   * @param answeredBy who answered, or null
   * @throws NullPointerException when {@code sessionId}, {@code askId} or {@code outcome} is null
   */
  public GateAskEnded {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(askId, "askId");
    requireNonNull(outcome, "outcome");
  }

  @Override
  public String event() {
    return NAME;
  }
}
