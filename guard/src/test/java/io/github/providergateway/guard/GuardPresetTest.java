package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GuardPresetTest {

  @Test
  void presetsAreNamedAsTheConfigurationWritesThem() {
    assertThat(GuardPreset.of("paranoid")).isEqualTo(GuardPreset.PARANOID);
    assertThat(GuardPreset.STRICT.wireName()).isEqualTo("strict");
  }

  @Test
  void anUnknownPresetSaysWhichAreKnown() {
    assertThatThrownBy(() -> GuardPreset.of("lax"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("off, standard, strict or paranoid");
  }
}
