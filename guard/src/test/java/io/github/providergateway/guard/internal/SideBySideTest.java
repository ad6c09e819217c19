package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link SideBySide}'s tests may only shut out a text where {@link AssembledWords}' pattern of two
 * names side by side finds nothing by the alternative each stands for: asked of random texts of the
 * characters the pattern reads, and of the cases it was written for.
 */
class SideBySideTest {
  @Test
  void theCasesItWasWrittenFor() {
    assertThat(SideBySide.added("a + b")).isTrue();
    assertThat(SideBySide.added("x=1;a\t+_b")).isTrue();
    assertThat(SideBySide.added("date +%s")).isFalse();
    assertThat(SideBySide.added("a + 1")).isFalse();
    assertThat(SideBySide.added("+ b")).isFalse();
    assertThat(SideBySide.dollars("\"$a$b\"")).isTrue();
    assertThat(SideBySide.dollars("${a}${b}")).isTrue();
    assertThat(SideBySide.dollars("$(ls) $VERSION $")).isFalse();
    assertThat(SideBySide.dollars("$a $b")).isFalse();
  }

  @Test
  void noTextThePatternMatchesIsShutOut() throws Exception {
    Field field = AssembledWords.class.getDeclaredField("SIDE_BY_SIDE");
    field.setAccessible(true);
    Pattern pattern = (Pattern) field.get(null);
    String alphabet = "ab_Z9 +${}\n\t=x%é";
    Random random = new Random(80);
    int added = 0;
    int dollars = 0;
    for (int n = 0; n < 200_000; n++) {
      StringBuilder text = new StringBuilder();
      int length = 1 + random.nextInt(24);
      for (int i = 0; i < length; i++) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String shown = text.toString();
      Matcher matcher = pattern.matcher(shown);
      while (matcher.find()) {
        if (matcher.group(5) != null) {
          added++;
          assertThat(SideBySide.added(shown)).as(shown).isTrue();
        } else if (matcher.group(3) != null) {
          dollars++;
          assertThat(SideBySide.dollars(shown)).as(shown).isTrue();
        } else {
          assertThat(shown).contains("}{");
        }
      }
    }
    assertThat(added).isGreaterThan(1000);
    assertThat(dollars).isGreaterThan(1000);
  }
}
