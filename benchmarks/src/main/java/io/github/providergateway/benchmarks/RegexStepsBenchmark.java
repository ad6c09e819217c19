package io.github.providergateway.benchmarks;

import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.RegexSteps;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a regex step costs, warm (issue 32, finding 9): the gateway counts regex work in steps
 * (characters of the text the engine reads; {@link RegexSteps}) rather than time, and {@link
 * io.github.providergateway.protocol.RegexLimits#regexStepsPerMatch()} stands for the spec's 1 ms.
 * Each case is one match with the default budget over the 64 KiB of stringified arguments a rule
 * may see (or the short text that makes a pattern backtrack); {@link #steps} prints what each match
 * reads, so time divided by steps is the cost of a step for that kind of pattern, and the budget's
 * time is its steps times that.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RegexStepsBenchmark {

  /** 64 KiB of file content as a write's arguments, stringified: letters, digits and spaces. */
  private static final String WRITE =
      "{\"path\":\"notes.txt\",\"content\":\""
          + "abcdefghij klmnopqrstuvwxyz 0123456789 ".repeat(1700).substring(0, 65_000)
          + "\"}";

  /**
   * A pattern and the text it runs on: linear scans of the 64 KiB write (a literal, a literal found
   * by Boyer-Moore, word boundaries, a class run, a JSON string walked by a repeated alternation),
   * a quadratic one, and two that backtrack exponentially on short text.
   */
  @Param({
    "literal",
    "needle",
    "boundaries",
    "class-run",
    "json-string",
    "quadratic",
    "backtrack-40",
    "backtrack-5000"
  })
  public String shape;

  private RegexSteps.Guarded pattern;
  private String text;
  private final long budget = Limits.defaults().regex().regexStepsPerMatch();

  @Setup(Level.Trial)
  public void prepare() {
    switch (shape) {
      case "literal" -> use("git push", WRITE);
      case "needle" -> use("NEEDLE-[0-9]+", WRITE);
      case "boundaries" -> use("\\bfoo\\b", WRITE);
      case "class-run" -> use("\"content\":\"[^\"]*\\.env\"", WRITE);
      case "json-string" -> use("\"content\":\"(?:[^\"\\\\]|\\\\.)*NEEDLE", WRITE);
      case "quadratic" -> use("[a-z]+@", WRITE);
      case "backtrack-40" -> use("(x+x+)+y", "x".repeat(40));
      case "backtrack-5000" -> use("(x+x+)+y", "x".repeat(5_000));
      default -> throw new IllegalArgumentException(shape);
    }
  }

  private void use(String regex, String on) {
    pattern = RegexSteps.compile(regex);
    text = on;
  }

  /**
   * One match. Its steps are the same every run ({@link #steps} prints them); json-string recurses
   * once a character, so run it with a deep stack ({@code -jvmArgsAppend -Xss512m}), as the gateway
   * retries such a match on a thread with a deep stack.
   */
  @Benchmark
  public RegexSteps.Outcome match() {
    return RegexSteps.find(pattern, text, budget);
  }

  /** The cases the benchmark runs: its {@code shape} parameter's values. */
  private static String[] shapes() {
    try {
      return RegexStepsBenchmark.class.getField("shape").getAnnotation(Param.class).value();
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("the benchmark's shape parameter is gone", e);
    }
  }

  /** The steps each case reads, for dividing the measured time by. */
  public static void steps() {
    RegexStepsBenchmark benchmark = new RegexStepsBenchmark();
    // The cases are the @Param list itself, so this reads exactly what the benchmark runs.
    for (String each : shapes()) {
      benchmark.shape = each;
      benchmark.prepare();
      Thread deep =
          new Thread(
              null, () -> System.out.println(each + " " + benchmark.match()), "deep", 512L << 20);
      deep.start();
      try {
        deep.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
