package io.github.providergateway.protocol;

import java.time.Duration;
import java.util.Objects;

/**
 * Gates that ask the person (decision 35): how long a question waits, how many wait, and how long
 * one may be. One part of {@link Limits}, read with {@link Limits#asks()}; set through {@link
 * Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class AskLimits {

  private final Duration askTimeout;
  private final Duration maxAskTimeout;
  private final int maxPendingAsksPerSession;
  private final int maxPendingAsks;
  private final int maxAskQuestionChars;

  /**
   * Checks every limit.
   *
   * @param askTimeout see {@link #askTimeout()}
   * @param maxAskTimeout see {@link #maxAskTimeout()}
   * @param maxPendingAsksPerSession see {@link #maxPendingAsksPerSession()}
   * @param maxPendingAsks see {@link #maxPendingAsks()}
   * @param maxAskQuestionChars see {@link #maxAskQuestionChars()}
   * @throws IllegalArgumentException naming the first limit out of its range
   * @throws NullPointerException naming a duration left null
   */
  AskLimits(
      Duration askTimeout,
      Duration maxAskTimeout,
      int maxPendingAsksPerSession,
      int maxPendingAsks,
      int maxAskQuestionChars) {
    LimitChecks.positive(askTimeout, "askTimeout");
    LimitChecks.positive(maxAskTimeout, "maxAskTimeout");
    if (askTimeout.compareTo(maxAskTimeout) > 0) {
      throw new IllegalArgumentException(
          "askTimeout must be at most maxAskTimeout (" + maxAskTimeout + "), was " + askTimeout);
    }
    LimitChecks.positive(maxPendingAsksPerSession, "maxPendingAsksPerSession");
    LimitChecks.positive(maxPendingAsks, "maxPendingAsks");
    LimitChecks.positive(maxAskQuestionChars, "maxAskQuestionChars");
    this.askTimeout = askTimeout;
    this.maxAskTimeout = maxAskTimeout;
    this.maxPendingAsksPerSession = maxPendingAsksPerSession;
    this.maxPendingAsks = maxPendingAsks;
    this.maxAskQuestionChars = maxAskQuestionChars;
  }

  /**
   * {@return how long the person has to answer a gate's {@code ask} that names no {@code
   * askTimeoutMs} (extension {@code gate.ask}); silence past it denies the call}
   */
  public Duration askTimeout() {
    return askTimeout;
  }

  /**
   * {@return the longest a gate's {@code askTimeoutMs} may make the person's time; longer is cut to
   * it}
   */
  public Duration maxAskTimeout() {
    return maxAskTimeout;
  }

  /**
   * {@return how many questions may wait for the person of one session; one more denies its call at
   * once}
   */
  public int maxPendingAsksPerSession() {
    return maxPendingAsksPerSession;
  }

  /**
   * {@return how many questions may wait for an answer across the gateway; one more denies its call
   * at once}
   */
  public int maxPendingAsks() {
    return maxPendingAsks;
  }

  /**
   * {@return the longest question (a gate's {@code reason} beside {@code ask}) put to the person,
   * in characters; a longer one denies its call: a cut question could hide what matters}
   */
  public int maxAskQuestionChars() {
    return maxAskQuestionChars;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof AskLimits o
        && Objects.equals(askTimeout, o.askTimeout)
        && Objects.equals(maxAskTimeout, o.maxAskTimeout)
        && maxPendingAsksPerSession == o.maxPendingAsksPerSession
        && maxPendingAsks == o.maxPendingAsks
        && maxAskQuestionChars == o.maxAskQuestionChars;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        askTimeout, maxAskTimeout, maxPendingAsksPerSession, maxPendingAsks, maxAskQuestionChars);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "AskLimits["
        + "askTimeout="
        + askTimeout
        + ", maxAskTimeout="
        + maxAskTimeout
        + ", maxPendingAsksPerSession="
        + maxPendingAsksPerSession
        + ", maxPendingAsks="
        + maxPendingAsks
        + ", maxAskQuestionChars="
        + maxAskQuestionChars
        + "]";
  }
}
