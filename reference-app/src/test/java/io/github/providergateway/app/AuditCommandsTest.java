package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How {@code audit} and {@code why} show a provider's reason on a line of their list. */
class AuditCommandsTest {

  @Test
  void aLongReasonIsPreviewedSayingHowMuchMoreThereIsAndHiddenCharactersAreEscapes() {
    String reason = "no\u202e " + "x".repeat(400);

    String shown = AuditCommands.printable(reason);

    // 404 characters, 409 once U+202E is its six-character escape: 300 shown, 109 more.
    assertThat(shown).startsWith("no\\u202E x").endsWith("x… (109 more characters)").doesNotContain("\u202e");
    assertThat(shown).hasSize(300 + "… (109 more characters)".length());
    assertThat(AuditCommands.printable("rm is off limits")).isEqualTo("rm is off limits");
  }
}
