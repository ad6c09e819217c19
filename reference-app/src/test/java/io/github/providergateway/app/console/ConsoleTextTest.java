package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Names the console lists (providers, tools, sessions) as the person reads them: an attached
 * console reads them from the wire, so each is escaped where it could hide or reorder text (issue
 * 32).
 */
class ConsoleTextTest {

  @Test
  void aProviderIsNamedOnlyAsEscapes() {
    assertThat(ConsoleText.provider("conn#1\u0007", "ci\u202E", "tab\u2066"))
        .isEqualTo("ci\\u202E#tab\\u2066 (conn#1\\u0007)");
    assertThat(ConsoleText.provider("conn#2", "ci", null)).isEqualTo("ci (conn#2)");
  }

  @Test
  void aSessionsToolsAreNamedOnlyAsEscapes() {
    assertThat(ConsoleText.toolsNow("s-1\u200B", List.of("greet", "a\u202Eb")))
        .isEqualTo("[s-1\\u200B] tools now: greet, a\\u202Eb");
  }
}
