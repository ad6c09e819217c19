package io.github.providergateway.protocol;

import java.time.Duration;

/**
 * Gates that ask the person (decision 35): how long a question waits, how many wait, and how long
 * one may be. One part of {@link Limits}, read with {@link Limits#asks()}; set through {@link
 * Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param askTimeout how long the person has to answer a gate's {@code ask} that names no {@code
 *     askTimeoutMs} (extension {@code gate.ask}); silence past it denies the call
 * @param maxAskTimeout the longest a gate's {@code askTimeoutMs} may make the person's time; longer
 *     is cut to it
 * @param maxPendingAsksPerSession how many questions may wait for the person of one session; one
 *     more denies its call at once
 * @param maxPendingAsks how many questions may wait for an answer across the gateway; one more
 *     denies its call at once
 * @param maxAskQuestionChars the longest question (a gate's {@code reason} beside {@code ask}) put
 *     to the person, in characters; a longer one denies its call: a cut question could hide what
 *     matters
 */
public record AskLimits(
    Duration askTimeout,
    Duration maxAskTimeout,
    int maxPendingAsksPerSession,
    int maxPendingAsks,
    int maxAskQuestionChars) {

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
  public AskLimits {
    LimitChecks.positive(askTimeout, "askTimeout");
    LimitChecks.positive(maxAskTimeout, "maxAskTimeout");
    if (askTimeout.compareTo(maxAskTimeout) > 0) {
      throw new IllegalArgumentException(
          "askTimeout must be at most maxAskTimeout (" + maxAskTimeout + "), was " + askTimeout);
    }
    LimitChecks.positive(maxPendingAsksPerSession, "maxPendingAsksPerSession");
    LimitChecks.positive(maxPendingAsks, "maxPendingAsks");
    LimitChecks.positive(maxAskQuestionChars, "maxAskQuestionChars");
  }
}
