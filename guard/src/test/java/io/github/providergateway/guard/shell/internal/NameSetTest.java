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
