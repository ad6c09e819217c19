package io.github.providergateway.guard.shell.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A name set answers every question as the {@code Set.of} set of the same names does. */
class NameSetTest {

  @Test
  void answersEveryLookUpAsSetOfDoes() {
    Random random = new Random(80);
    for (int size = 0; size < 200; size += 1 + size / 8) {
      List<String> names = new ArrayList<>();
      while (names.size() < size) {
        String name = word(random);
        if (!names.contains(name)) {
          names.add(name);
        }
      }
      Set<String> expected = Set.copyOf(names);
      Set<String> set = NameSet.copyOf(names);
      for (String name : names) {
        assertThat(set.contains(name)).as(name).isTrue();
        assertThat(set.contains(new String(name))).as("a copy of " + name).isTrue();
      }
      for (int i = 0; i < 2_000; i++) {
        String other = word(random);
        assertThat(set.contains(other)).as(other).isEqualTo(expected.contains(other));
      }
      assertThat(set).isEqualTo(expected).hasSameHashCodeAs(expected).hasSize(expected.size());
      assertThat(expected).isEqualTo(set);
    }
  }

  @Test
  void namesOfOneHashAndTheEmptyNameAreTold() {
    // "Aa" and "BB" have one hash, as have "AaAa", "BBBB", "AaBB" and "BBAa"; "" hashes to 0.
    Set<String> set = NameSet.of("Aa", "AaAa", "", "BBAa");
    assertThat(set.contains("Aa")).isTrue();
    assertThat(set.contains("BB")).isFalse();
    assertThat(set.contains("AaAa")).isTrue();
    assertThat(set.contains("BBBB")).isFalse();
    assertThat(set.contains("AaBB")).isFalse();
    assertThat(set.contains("BBAa")).isTrue();
    assertThat(set.contains("")).isTrue();
    assertThat(NameSet.of("Aa").contains("")).isFalse();
    assertThat(NameSet.of().contains("x")).isFalse();
  }

  @Test
  void holdsAPartAsItHoldsThePartCut() {
    Random random = new Random(67);
    List<String> names = new ArrayList<>(List.of("Aa", "AaAa", "", "BBAa"));
    while (names.size() < 40) {
      String name = word(random);
      if (!names.contains(name)) {
        names.add(name);
      }
    }
    Set<String> set = NameSet.copyOf(names);
    Set<String> plain = Set.copyOf(names);
    for (int i = 0; i < 20_000; i++) {
      String text = word(random) + (random.nextBoolean() ? "BB" : "") + word(random);
      int from = random.nextInt(text.length() + 1);
      int to = from + random.nextInt(text.length() - from + 1);
      String part = text.substring(from, to);
      assertThat(NameSet.holdsPart(set, text, from, to)).as(part).isEqualTo(plain.contains(part));
      assertThat(NameSet.holdsPart(plain, text, from, to)).as(part).isEqualTo(plain.contains(part));
    }
    assertThat(NameSet.holdsPart(set, "xAaAay", 1, 5)).isTrue();
    assertThat(NameSet.holdsPart(set, "xBBBBy", 1, 5)).isFalse();
    assertThat(NameSet.holdsPart(set, "xBBy", 1, 3)).isFalse();
    assertThat(NameSet.holdsPart(set, "x", 1, 1)).isTrue();
  }

  @Test
  void keepsSetOfsOrderTextAndRefusals() {
    Set<String> expected = Set.of("git", "npm", "curl", "tee", "cat");
    Set<String> set = NameSet.copyOf(expected);
    assertThat(List.copyOf(set)).containsExactlyElementsOf(List.copyOf(expected));
    assertThat(set).hasToString(expected.toString());
    assertThat(set.contains(42)).isFalse();
    assertThatThrownBy(() -> set.contains(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> NameSet.of("a", "a")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> NameSet.of("a", null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> set.add("x")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> set.remove("git")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(set::clear).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> set.iterator().remove()).isInstanceOf(RuntimeException.class);
    assertThat(NameSet.copyOf(List.of("a", "b", "a"))).isEqualTo(Set.of("a", "b"));
  }

  private static String word(Random random) {
    StringBuilder word = new StringBuilder();
    int length = 1 + random.nextInt(8);
    for (int i = 0; i < length; i++) {
      word.append((char) ('a' + random.nextInt(random.nextBoolean() ? 4 : 26)));
    }
    return word.toString();
  }
}
