package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the embedded gateway tells the console, as the person reads it (issue 32). */
class ConsoleEventsTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ConsoleOut out = new ConsoleOut(printed);
  private final ConsoleEvents events = new ConsoleEvents(out);

  private String printed() {
    out.finish();
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aWarningQuotingAProvidersRegexShowsItOnlyAsEscapes() {
    // The gateway's own words, quoting the pattern of a provider's hook rule that ran out of steps.
    events.warning(
        "Hook regex of provider 'p' ran out of steps (it failed safe): (a+)+\u001B[2J\u202E$");

    assertThat(printed())
        .isEqualTo(
            "warning: Hook regex of provider 'p' ran out of steps (it failed safe): (a+)+\\u001B[2J\\u202E$"
                + System.lineSeparator())
        .doesNotContain("\u001B", "\u202E");
  }
}
