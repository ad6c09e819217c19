package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 77: "1 rules", "a block of 1 lines": a count takes its noun in the number it is. */
class CountedTest {

  @Test
  void oneIsSingularAndEveryOtherCountPlural() {
    assertThat(Counted.of(1, "rule")).isEqualTo("1 rule");
    assertThat(Counted.of(0, "rule")).isEqualTo("0 rules");
    assertThat(Counted.of(2, "rule")).isEqualTo("2 rules");
    assertThat(Counted.of(1, "allow entry", "allow entries")).isEqualTo("1 allow entry");
    assertThat(Counted.of(3, "allow entry", "allow entries")).isEqualTo("3 allow entries");
  }

  @Test
  void setupSaysABlockOfOneLine() {
    assertThat(new SettingsEdit.Block("default_permissions = \"x\"\n", true))
        .hasToString("a block of 1 line");
    assertThat(new SettingsEdit.Block("a = 1\nb = 2\n", true)).hasToString("a block of 2 lines");
  }
}
