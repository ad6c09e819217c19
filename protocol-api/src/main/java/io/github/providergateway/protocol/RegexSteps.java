package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * A provider's regex, run against a text with a budget of <em>steps</em> (issue 32, finding 9). The
 * spec stops a match after 1 ms (spec: Regex execution safety; design brief, decision 8); a clock
 * made the answer depend on how busy the machine was and on whether the JIT had compiled the regex
 * code, so the gateway counts work instead of time, and the same pattern and text give the same
 * answer on any machine, under any load, on the first call as on the thousandth.
 *
 * <p>A step is a read of a character of the text by the regex engine, through the {@link
 * CharSequence} it matches. Catastrophic backtracking reads the text over and over, so a step
 * budget cuts it off as a deadline did; {@link RegexLimits#regexStepsPerMatch()} is calibrated to
 * about what a warm JIT does in 1 ms on the reference machine (docs/performance.md, "Regex steps").
 * The engine also works without reading: a pattern's groups, alternatives and anchors are passed at
 * every position it tries, so a read of a pattern with much of that structure costs more than one
 * step, and every position tried is charged too ({@link Guarded#stepsPerRead}); and some shapes
 * could work without end between two reads, so {@link #refusal} names them and the gateway refuses
 * them when a rule registers them.
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
   * @param steps the steps charged: reads weighted by the pattern's structure, at most the budget
   */
  public record Outcome(Result result, long steps) {
    /**
     * Checks the outcome.
     *
     * @param result found, not found, or out of steps
     * @param steps the steps charged
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
   * A pattern compiled for step-limited matching: the compiled form and what a read of it costs.
   * Compile with {@link #compile}.
   */
  public static final class Guarded {
    private final Pattern pattern;
    private final int stepsPerRead;

    private Guarded(Pattern pattern, int stepsPerRead) {
      this.pattern = pattern;
      this.stepsPerRead = stepsPerRead;
    }

    /** {@return the compiled pattern} */
    public Pattern pattern() {
      return pattern;
    }

    /**
     * {@return the steps one read of this pattern costs: 1, and 1 more for every 8 groups,
     * alternatives, anchors, boundaries and back references it holds, which the engine passes
     * without reading; each position of the text costs one step less than a read, up front}
     */
    public int stepsPerRead() {
      return stepsPerRead;
    }

    @Override
    public String toString() {
      return pattern.pattern();
    }
  }

  /**
   * Compiles {@code regex} for {@link #find}. It does not check its shape: run {@link #refusal}
   * where patterns are registered.
   *
   * @param regex the pattern
   * @return the compiled pattern with what a read of it costs
   * @throws java.util.regex.PatternSyntaxException when it does not compile
   */
  public static Guarded compile(String regex) {
    Pattern pattern = Pattern.compile(regex);
    return new Guarded(pattern, RegexShape.of(regex).stepsPerRead());
  }

  /**
   * Why {@code regex}, a pattern that compiles, could make the engine work without end between two
   * reads of the text, where the step count cannot see it: a repetition or an alternation with
   * several ways through a part that can match nothing ({@code (?:a?){50}}, {@code (?:a?)*}, {@code
   * (?:a?|b?)}), or the comments flag {@code x}. Null when it is fine to run.
   *
   * @param regex a pattern that compiles
   * @return the reason, fit for an error message, or null
   */
  public static String refusal(String regex) {
    return RegexShape.of(requireNonNull(regex, "regex")).problem();
  }

  /**
   * Whether {@code pattern} is found anywhere in {@code text} within {@code maxSteps}: each
   * position of the text costs {@code stepsPerRead - 1} steps up front, each read {@code
   * stepsPerRead}.
   *
   * @param pattern the compiled pattern
   * @param text the text searched
   * @param maxSteps the budget; zero or less runs nothing
   * @return the outcome, {@link Result#OUT_OF_STEPS} when the budget did not suffice; its steps are
   *     those charged, at most {@code maxSteps}
   * @throws StackOverflowError when the engine's recursion passes the thread's stack
   */
  public static Outcome find(Guarded pattern, String text, long maxSteps) {
    requireNonNull(pattern, "pattern");
    requireNonNull(text, "text");
    long perRead = pattern.stepsPerRead;
    long upFront = (perRead - 1) * (text.length() + 1L);
    if (upFront >= maxSteps) { // never less than 0, so a budget of 0 or less stops here too
      return new Outcome(Result.OUT_OF_STEPS, Math.max(0, maxSteps));
    }
    Outcome reads = reads(pattern.pattern, text, (maxSteps - upFront) / perRead);
    long charged =
        reads.result() == Result.OUT_OF_STEPS ? maxSteps : upFront + reads.steps() * perRead;
    return new Outcome(reads.result(), charged);
  }

  /**
   * Whether {@code pattern} is found anywhere in {@code text}, reading at most {@code maxReads}
   * characters of it: a read is a step, whatever the pattern's structure.
   */
  static Outcome reads(Pattern pattern, String text, long maxReads) {
    if (maxReads <= 0) {
      return new Outcome(Result.OUT_OF_STEPS, 0);
    }
    Metered input = new Metered(text, maxReads);
    try {
      boolean found = pattern.matcher(input).find();
      return new Outcome(found ? Result.MATCHED : Result.NOT_MATCHED, input.steps);
    } catch (Metered.OutOfSteps outOfSteps) {
      return new Outcome(Result.OUT_OF_STEPS, maxReads);
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
