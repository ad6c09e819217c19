package io.github.providergateway.protocol;

import java.util.Objects;

/**
 * How much work regex matching may do, per match, per message and per provider each second. One
 * part of {@link Limits}, read with {@link Limits#regex()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class RegexLimits {

  private final int regexStepsPerMatch;
  private final int maxMatchedChars;
  private final int regexStepsPerMessage;
  private final int regexStepsPerProviderSecond;

  /**
   * Checks every limit.
   *
   * @param regexStepsPerMatch see {@link #regexStepsPerMatch()}
   * @param maxMatchedChars see {@link #maxMatchedChars()}
   * @param regexStepsPerMessage see {@link #regexStepsPerMessage()}
   * @param regexStepsPerProviderSecond see {@link #regexStepsPerProviderSecond()}
   * @throws IllegalArgumentException naming the first limit out of its range
   */
  RegexLimits(
      int regexStepsPerMatch,
      int maxMatchedChars,
      int regexStepsPerMessage,
      int regexStepsPerProviderSecond) {
    LimitChecks.positive(regexStepsPerMatch, "regexStepsPerMatch");
    LimitChecks.positive(maxMatchedChars, "maxMatchedChars");
    LimitChecks.positive(regexStepsPerMessage, "regexStepsPerMessage");
    LimitChecks.positive(regexStepsPerProviderSecond, "regexStepsPerProviderSecond");
    this.regexStepsPerMatch = regexStepsPerMatch;
    this.maxMatchedChars = maxMatchedChars;
    this.regexStepsPerMessage = regexStepsPerMessage;
    this.regexStepsPerProviderSecond = regexStepsPerProviderSecond;
  }

  /**
   * {@return how many characters of the text one regex match attempt may read: the spec's 1 ms
   * deadline, counted in work rather than time so that a busy machine or a cold JIT never changes a
   * decision ({@link RegexSteps}); 262,144 by default, about what a warm JIT reads in 1 ms on the
   * reference machine, and four reads of every character of the 64 KiB a match may see}
   */
  public int regexStepsPerMatch() {
    return regexStepsPerMatch;
  }

  /** {@return how much of a stringified text takes part in regex matching} */
  public int maxMatchedChars() {
    return maxMatchedChars;
  }

  /**
   * {@return the regex steps one message may cost across all the rules it runs (a push through its
   * stream's filter, one {@code onPreToolUse} evaluation); rules left when they are spent fail safe
   * without running; five matches' worth by default}
   */
  public int regexStepsPerMessage() {
    return regexStepsPerMessage;
  }

  /**
   * {@return the regex steps one provider connection's rules may cost per second, whoever's message
   * runs them; past it they fail safe without running until the allowance refills; ten matches'
   * worth by default}
   */
  public int regexStepsPerProviderSecond() {
    return regexStepsPerProviderSecond;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RegexLimits o
        && regexStepsPerMatch == o.regexStepsPerMatch
        && maxMatchedChars == o.maxMatchedChars
        && regexStepsPerMessage == o.regexStepsPerMessage
        && regexStepsPerProviderSecond == o.regexStepsPerProviderSecond;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        regexStepsPerMatch, maxMatchedChars, regexStepsPerMessage, regexStepsPerProviderSecond);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "RegexLimits["
        + "regexStepsPerMatch="
        + regexStepsPerMatch
        + ", maxMatchedChars="
        + maxMatchedChars
        + ", regexStepsPerMessage="
        + regexStepsPerMessage
        + ", regexStepsPerProviderSecond="
        + regexStepsPerProviderSecond
        + "]";
  }
}
