package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The one pass over a call's text finds every literal the text holds, and no other: the same
 * answers as a look-up of each literal, on texts made of the literals' own letters.
 */
class ClueLiteralsTest {
  @Test
  void theOnePassFindsWhatEachLiteralsLookUpFinds() {
    Random random = new Random(80);
    String letters = "abrc-=_.";
    List<String> literals = new ArrayList<>();
    List<Integer> numbers = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      StringBuilder literal = new StringBuilder("q"); // a letter of their own: these only
      for (int k = 1 + random.nextInt(5); k > 0; k--) {
        literal.append(letters.charAt(random.nextInt(letters.length())));
      }
      literals.add(literal.toString());
      numbers.add(ClueLiterals.number(literal.toString()));
    }
    int found = 0;
    for (int t = 0; t < 2_000; t++) {
      StringBuilder text = new StringBuilder();
      for (int k = random.nextInt(60); k > 0; k--) {
        text.append((letters + "q\n ").charAt(random.nextInt(letters.length() + 3)));
      }
      boolean[] held = ClueLiterals.heldBy(text.toString(), true);
      for (int i = 0; i < literals.size(); i++) {
        assertThat(held[numbers.get(i)])
            .as(literals.get(i) + " in " + text)
            .isEqualTo(text.toString().contains(literals.get(i)));
        found += held[numbers.get(i)] ? 1 : 0;
      }
    }
    assertThat(found).isGreaterThan(1_000);
  }

  @Test
  void aTextPastAsciiHoldsALiteralWhereSuchACharacterCouldBeItsLetter() {
    int payout = ClueLiterals.number("payout");
    assertThat(ClueLiterals.heldBy("run p\u00e4yout", false)[payout]).isTrue();
    assertThat(ClueLiterals.heldBy("run p\u00e4y-out", false)[payout]).isFalse();
  }
}
