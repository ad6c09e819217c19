package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What an error message repeats of a name a peer sent (docs/decisions, decision 24). */
class NamesTest {

  @Test
  void aShortPrintableNameIsRepeatedAsItIs() {
    assertThat(Names.shown("my-provider_1.0")).isEqualTo("my-provider_1.0");
    assertThat(Names.shown(" ~"))
        .as("space and tilde are the ends of printable ASCII")
        .isEqualTo(" ~");
  }

  @Test
  void fortyCharactersAreRepeatedAndALongerNameIsCutThere() {
    String forty = "a".repeat(40);

    assertThat(Names.shown(forty)).isEqualTo(forty);
    assertThat(Names.shown(forty + "b")).isEqualTo(forty + "...");
    assertThat(Names.shown("x".repeat(100_000))).hasSize(43);
  }

  @Test
  void controlsDeleteAndAnythingBeyondAsciiAreEscaped() {
    assertThat(Names.shown("a\u0000b\u001fc\u007fd\u202ee"))
        .isEqualTo("a\\u0000b\\u001fc\\u007fd\\u202ee");
  }

  @Test
  void escapingCountsCharactersOfTheNameNotOfTheMessage() {
    assertThat(Names.shown("\u202e".repeat(41))).isEqualTo("\\u202e".repeat(40) + "...");
  }
}
