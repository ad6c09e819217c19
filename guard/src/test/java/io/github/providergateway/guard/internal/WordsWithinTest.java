package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link WordsWithin} is a first test before a reader that lowers and splits words: it must hold of
 * every text whose split words hold a word it looks for.
 */
class WordsWithinTest {
  private static final WordsWithin SENDS = new WordsWithin("send", "post", "all-users", "kill");

  @Test
  void findsAWordWithinATextInAnyCase() {
    assertThat(SENDS.in("wxalert-SEND")).isTrue();
    assertThat(SENDS.in("--Post=1")).isTrue();
    assertThat(SENDS.in("ALL-USERS:rw")).isTrue();
    assertThat(SENDS.in("compost")).isTrue(); // looser than the reader: it decides
    assertThat(SENDS.in("sen d")).isFalse();
    assertThat(SENDS.in("")).isFalse();
    assertThat(SENDS.in("\u212Aill")).isTrue(); // the Kelvin sign lowers to k
  }

  @Test
  void holdsWhereverTheSplitWordsHoldOne() {
    String[] pieces = {
      "se", "Se", "nd", "ND", "po", "sT", "k", "\u212A", "il", "\u0130L", "\u0131", "é", "-", "_",
      " ", "."
    };
    Random random = new Random(80);
    int held = 0;
    for (int n = 0; n < 200_000; n++) {
      StringBuilder text = new StringBuilder();
      int length = 1 + random.nextInt(6);
      for (int i = 0; i < length; i++) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      String shown = text.toString();
      boolean split = false;
      for (String word : CheckWords.words(shown)) {
        split |= word.equals("send") || word.equals("post") || word.equals("kill");
      }
      if (split) {
        held++;
        assertThat(SENDS.in(shown)).as(shown).isTrue();
      }
    }
    assertThat(held).isGreaterThan(100);
  }
}
