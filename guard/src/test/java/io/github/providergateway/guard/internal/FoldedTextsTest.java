package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A text's folded copy ({@link FoldedTexts}) answers as the character loop it stands in for: where
 * a pattern ignores case, {@link PatternLiterals#mayFind} says the same of a text in any mix of
 * capitals, and a text past ASCII is still read by the loop.
 */
class FoldedTextsTest {
  @Test
  void capitalsAreMadeSmallAndNothingElseChanges() {
    assertThat(FoldedTexts.fold("Set UNLOGGED @[`{ 42")).isEqualTo("set unlogged @[`{ 42");
    String plain = "already small: ~/x_y-z";
    assertThat(FoldedTexts.fold(plain)).isSameAs(plain);
    assertThat(FoldedTexts.fold("caf\u00e9")).isNull();
    assertThat(FoldedTexts.fold("CAF\u00c9")).isNull();
  }

  @Test
  void aTextAskedAgainIsFoldedOnce() {
    String text = "ALTER TABLE t SET UNLOGGED";
    assertThat(FoldedTexts.of(text)).isSameAs(FoldedTexts.of(text));
  }

  @Test
  void aPatternIgnoringCaseMayFindWhatEveryMixOfCapitalsHolds() {
    Pattern pattern = Pattern.compile("(?i)\\bset\\s+unlogged\\b|drop\\s+table|truncate");
    assertThat(PatternLiterals.of(pattern)).containsExactly("unlogged", "table", "truncate");
    Random random = new Random(80);
    String[] words = {"set", "unlogged", "drop", "table", "truncate", "select", "trunc", "x"};
    for (int i = 0; i < 20_000; i++) {
      StringBuilder text = new StringBuilder();
      for (int w = random.nextInt(6); w >= 0; w--) {
        String word = words[random.nextInt(words.length)];
        for (char c : word.toCharArray()) {
          text.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
        }
        text.append(random.nextInt(4) == 0 ? "" : " ");
      }
      if (random.nextInt(10) == 0) {
        text.insert(random.nextInt(text.length() + 1), '\u00e9'); // past ASCII: the loop reads it
      }
      String t = text.toString();
      if (pattern.matcher(t).find()) {
        assertThat(PatternLiterals.mayFind(pattern, t)).as(t).isTrue();
      }
      String lower = t.toLowerCase(java.util.Locale.ROOT);
      boolean holds = PatternLiterals.of(pattern).stream().anyMatch(lower::contains);
      if (t.chars().allMatch(c -> c < 128)) {
        assertThat(PatternLiterals.mayFind(pattern, t)).as(t).isEqualTo(holds);
      }
    }
  }
}
