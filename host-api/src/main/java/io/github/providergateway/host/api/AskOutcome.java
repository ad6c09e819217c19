package io.github.providergateway.host.api;

import io.github.providergateway.protocol.WireEnum;

/**
 * How a question to the person ended (extension {@code gate.ask}, architecture decision 35): what
 * {@link AskChannel#ended} is told, and the host protocol's {@code gate.ask.ended} says.
 */
public enum AskOutcome implements WireEnum {
  /** The person allowed the call: the evaluation goes on to the next rule. */
  ALLOWED("allowed"),
  /** The person said no: the call is denied. */
  DENIED("denied"),
  /** Nobody answered before the question's deadline: the call is denied. */
  TIMED_OUT("timeout"),
  /**
   * The question was taken back before anyone answered: the call was cancelled, the gate's provider
   * left, the session ended, or the gateway stopped. The call does not run.
   */
  WITHDRAWN("withdrawn");

  private final String wireName;

  AskOutcome(String wireName) {
    this.wireName = wireName;
  }

  @Override
  public String wireName() {
    return wireName;
  }

  /**
   * The constant spelled {@code wire}, or {@code null} when there is none.
   *
   * @param wire a value as written on the wire; may be null
   * @return the constant, or {@code null}
   */
  public static AskOutcome fromWire(String wire) {
    return WireEnum.fromWire(AskOutcome.class, wire);
  }
}
