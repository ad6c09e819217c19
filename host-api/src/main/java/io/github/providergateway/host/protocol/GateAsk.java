package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.api.PersonQuestion;

/**
 * {@code gate.ask} (ours): a gate asks the person of the session about a call (extension {@code
 * gate.ask}). Sent to the session's owner only, and only when its {@code session.start} said {@code
 * "asks": true}; answered with {@code gate.answer} ({@link AnswerQuestion}). Fields: {@code
 * sessionId}, {@code askId}, {@code tool}, {@code args}, {@code callId}?, {@code provider}, {@code
 * gateId}?, {@code question}, {@code deadline} (ISO-8601: the call is denied if nobody has answered
 * by then).
 *
 * @param question the question and what it is about
 */
public record GateAsk(PersonQuestion question) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "gate.ask";

  /**
   * Checks the question is there.
   *
   * @param question the question
   * @throws NullPointerException when it is null
   */
  public GateAsk {
    requireNonNull(question, "question");
  }

  @Override
  public String event() {
    return NAME;
  }
}
