package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random patterns from a grammar of the parts that make the engine work without reading (anchors,
 * boundaries, look-arounds, empty groups, optional and repeated parts, alternatives): the shape
 * reader never throws and always ends, and a pattern it accepts always ends its match within its
 * steps. A gap in the reader (an accepted pattern with several ways through nothing) would make a
 * match run without end at zero steps: the timeout is what would catch it, not a measure of speed.
 */
class RegexShapeFuzzTest {

  private static final String[] PARTS = {
    "a", "b", "\\b", "^", "$", "\\z", "(?=a)", "(?!)", ".", "[ab]", "(?:)", "()", "\\1"
  };
  private static final String[] QUANTIFIERS = {
    "", "", "", "?", "*", "+", "{0,3}", "{2}", "{1,2}", "*?", "{3,}", "++"
  };
  private static final String[] TEXTS = {
    "", "a", "ab".repeat(30), "b".repeat(60) + "a", "a".repeat(300)
  };

  private static String pattern(SplittableRandom random, int depth) {
    StringBuilder pattern = new StringBuilder();
    for (int i = 1 + random.nextInt(4); i > 0; i--) {
      if (depth > 0 && random.nextInt(3) == 0) {
        String inner = pattern(random, depth - 1);
        if (random.nextBoolean()) {
          inner += "|" + pattern(random, depth - 1);
        }
        pattern.append(random.nextBoolean() ? "(?:" : "(").append(inner).append(')');
      } else {
        pattern.append(PARTS[random.nextInt(PARTS.length)]);
      }
      pattern.append(QUANTIFIERS[random.nextInt(QUANTIFIERS.length)]);
    }
    return pattern.toString();
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void everyAcceptedPatternEndsItsMatchWithinItsSteps() {
    long seed = 20261125L;
    SplittableRandom random = new SplittableRandom(seed);
    int accepted = 0;
    for (int i = 0; i < 20_000; i++) {
      String regex = pattern(random, 3);
      try {
        Pattern.compile(regex);
      } catch (PatternSyntaxException notAPattern) {
        continue;
      }
      if (RegexSteps.refusal(regex) != null) {
        continue;
      }
      accepted++;
      RegexSteps.Guarded guarded = RegexSteps.compile(regex);
      for (String text : TEXTS) {
        try {
          RegexSteps.Outcome outcome = RegexSteps.find(guarded, text, 262_144);
          assertThat(outcome.steps())
              .as("seed %d, %s on %d characters", seed, regex, text.length())
              .isLessThanOrEqualTo(262_144);
        } catch (StackOverflowError deep) {
          // the gateway retries these on a deep stack: not this test's concern
        }
      }
    }
    assertThat(accepted).as("the grammar reaches accepted patterns").isGreaterThan(1_000);
  }
}
