package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * A provider's regex, run against a text with a budget of <em>steps</em>: reads of a character of
 * the text by the regex engine. The spec stops a match after 1 ms (spec: Regex execution safety;
 * design brief, decision 8); a clock made the answer depend on how busy the machine was and on
 * whether the JIT had compiled the regex code yet (issue 32, finding 9), so the gateway counts
 * work instead of time, and the same pattern and text give the same answer on any machine, under
 * any load, on the first call as on the thousandth.
 *
 * <p>Catastrophic backtracking reads the text over and over, so a step budget cuts it off as a
 * deadline did; {@link Limits#regexStepsPerMatch()} is calibrated to about what a warm JIT does in
 * 1 ms on the reference machine (docs/performance.md, "Regex steps"). Work that reads no
 * character (a repetition forced through a part that matches nothing, such as {@code
 * (?:){1000}}) is not counted, so the gateway refuses such patterns when they are registered.
 *
 * <p>Pure: no clock, no threads, no state. {@code java.util.regex} recurses for some patterns, so a
 * match may throw {@link StackOverflowError}; the caller decides what that means.
 */
public final class RegexSteps {

  private RegexSteps() {}

  /** How a step-limited match ended. */
  public enum Result {
    /** The pattern was found in the text. */
    MATCHED,
    /** The pattern is not in the text. */
    NOT_MATCHED,
    /** The budget ran out before the engine could tell: the caller fails safe. */
    OUT_OF_STEPS
  }

  /**
   * How a step-limited match ended and what it cost.
   *
   * @param result found, not found, or out of steps
   * @param steps the characters the engine read, at most the budget
   */
  public record Outcome(Result result, long steps) {
    /**
     * Checks the outcome.
     *
     * @param result found, not found, or out of steps
     * @param steps the characters the engine read
     * @throws NullPointerException when {@code result} is null
     * @throws IllegalArgumentException when {@code steps} is negative
     */
    public Outcome {
      requireNonNull(result, "result");
      if (steps < 0) {
        throw new IllegalArgumentException("steps must not be negative, was " + steps);
      }
    }
  }

  /**
   * Whether {@code pattern} is found anywhere in {@code text}, reading at most {@code maxSteps}
   * characters of it.
   *
   * @param pattern the compiled pattern
   * @param text the text searched
   * @param maxSteps how many reads of a character the engine may make; zero or less runs nothing
   * @return the outcome, {@link Result#OUT_OF_STEPS} when the budget did not suffice
   * @throws StackOverflowError when the engine's recursion passes the thread's stack
   */
  public static Outcome find(Pattern pattern, String text, long maxSteps) {
    requireNonNull(pattern, "pattern");
    requireNonNull(text, "text");
    if (maxSteps <= 0) {
      return new Outcome(Result.OUT_OF_STEPS, 0);
    }
    Metered input = new Metered(text, maxSteps);
    try {
      boolean found = pattern.matcher(input).find();
      return new Outcome(found ? Result.MATCHED : Result.NOT_MATCHED, input.steps);
    } catch (Metered.OutOfSteps outOfSteps) {
      return new Outcome(Result.OUT_OF_STEPS, maxSteps);
    }
  }

  /** Text that counts the engine's reads and stops it once the budget is spent. */
  private static final class Metered implements CharSequence {
    private final String text;
    private final long maxSteps;
    private long steps;

    Metered(String text, long maxSteps) {
      this.text = text;
      this.maxSteps = maxSteps;
    }

    @Override
    public char charAt(int index) {
      if (++steps > maxSteps) {
        throw new OutOfSteps();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end); // asked for a group's text, never while matching
    }

    @Override
    public String toString() {
      return text;
    }

    /** The budget is spent. Stackless: it is control flow. */
    static final class OutOfSteps extends RuntimeException {
      private static final long serialVersionUID = 1L;

      OutOfSteps() {
        super(null, null, false, false);
      }
    }
  }
}
