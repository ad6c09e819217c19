package io.github.providergateway.protocol;

/**
 * How much work regex matching may do, per match, per message and per provider each second. One
 * part of {@link Limits}, read with {@link Limits#regex()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param regexStepsPerMatch how many characters of the text one regex match attempt may read: the
 *     spec's 1 ms deadline, counted in work rather than time so that a busy machine or a cold JIT
 *     never changes a decision ({@link RegexSteps}); 262,144 by default, about what a warm JIT
 *     reads in 1 ms on the reference machine, and four reads of every character of the 64 KiB a
 *     match may see
 * @param maxMatchedChars how much of a stringified text takes part in regex matching
 * @param regexStepsPerMessage the regex steps one message may cost across all the rules it runs (a
 *     push through its stream's filter, one {@code onPreToolUse} evaluation); rules left when they
 *     are spent fail safe without running; five matches' worth by default
 * @param regexStepsPerProviderSecond the regex steps one provider connection's rules may cost per
 *     second, whoever's message runs them; past it they fail safe without running until the
 *     allowance refills; ten matches' worth by default
 */
public record RegexLimits(
    int regexStepsPerMatch,
    int maxMatchedChars,
    int regexStepsPerMessage,
    int regexStepsPerProviderSecond) {

  /**
   * Checks every limit.
   *
   * @param regexStepsPerMatch see {@link #regexStepsPerMatch()}
   * @param maxMatchedChars see {@link #maxMatchedChars()}
   * @param regexStepsPerMessage see {@link #regexStepsPerMessage()}
   * @param regexStepsPerProviderSecond see {@link #regexStepsPerProviderSecond()}
   * @throws IllegalArgumentException naming the first limit out of its range
   */
  public RegexLimits {
    LimitChecks.positive(regexStepsPerMatch, "regexStepsPerMatch");
    LimitChecks.positive(maxMatchedChars, "maxMatchedChars");
    LimitChecks.positive(regexStepsPerMessage, "regexStepsPerMessage");
    LimitChecks.positive(regexStepsPerProviderSecond, "regexStepsPerProviderSecond");
  }
}
