package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An option's number is read as Go's base-0 parse reads it, by every rule that asks for one: each
 * spelling kubectl takes for zero is zero to all three of "scaled to zero", "down to one" and "a
 * fleet of no instances", and what Go refuses is no number.
 */
class OptionNumbersTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0",
        "00",
        "+0",
        "-0",
        "0x0",
        "0X00",
        "0o0",
        "0b0",
        "0_0",
        "'0'",
        "\"0\"",
        "0000000000000000000000000000000"
      })
  void everySpellingOfZeroIsZero(String value) {
    assertThat(OptionNumbers.isZero(value)).isTrue();
    assertThat(
            OptionNumbers.zero(List.of("scale", "--replicas=" + value, "deploy/api"), "--replicas"))
        .isTrue();
    assertThat(OptionNumbers.zero(List.of("scale", "--replicas", value), "--replicas")).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1", "0x1", "010", "_0", "", "$N", "zero", "0x", "9999999999999999999"})
  void whatIsNotZeroIsNot(String value) {
    assertThat(OptionNumbers.isZero(value)).isFalse();
  }

  @Test
  void aCountIsReadInItsBase() {
    assertThat(OptionNumbers.parse("0x10")).isEqualTo(16);
    assertThat(OptionNumbers.parse("010")).isEqualTo(8);
    assertThat(OptionNumbers.parse("0b11")).isEqualTo(3);
    assertThat(OptionNumbers.parse("1_000")).isEqualTo(1000);
    assertThat(OptionNumbers.parse("-2")).isEqualTo(-2);
    assertThat(OptionNumbers.parse("$N")).isNull();
  }

  @Test
  void theFirstGivenValueIsTheCountAndAnyZeroIsZero() {
    List<String> args = List.of("scale", "--replicas=3", "--current-replicas", "5", "--replicas=0");
    assertThat(OptionNumbers.value(args, "--replicas")).isEqualTo(3);
    assertThat(OptionNumbers.value(args, "--current-replicas")).isEqualTo(5);
    assertThat(OptionNumbers.value(args, "--min")).isNull();
    assertThat(OptionNumbers.zero(args, "--min", "--replicas")).isTrue();
    assertThat(OptionNumbers.zero(List.of("--max-size", "2"), "--max-size", "--desired-instances"))
        .isFalse();
  }
}
