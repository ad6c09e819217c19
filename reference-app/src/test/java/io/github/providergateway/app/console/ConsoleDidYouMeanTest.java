package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.cli.DidYouMean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The console's "did you mean" over its own commands: a slip finds the command meant. */
class ConsoleDidYouMeanTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "cal, call",
    "CAL, call",
    "hlep, help",
    "sesions, sessions",
    "provders, providers",
    "wathc, watch",
    "unwach, unwatch",
    "interupt, interrupt",
    "sess, sessions",
    "pro, ",
    "frobnicate, ",
    "ls, ",
    "x, ",
  })
  void aCommandCloseEnoughIsSuggestedAndNothingElse(String typed, String expected) {
    assertThat(DidYouMean.closest(typed, ConsoleCommand.words()))
        .isEqualTo(java.util.Optional.ofNullable(expected));
  }
}
