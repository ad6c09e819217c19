package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 61: where JSON breaks is said by line and column, with none of the text. */
class JsonBreakTest {

  @Test
  void aBreakIsItsLineAndColumnAndNoneOfTheTokenJacksonWouldQuote() {
    String said = JsonBreak.at("{\n  \"token\": ghp_SECRETSECRETSECRET\n}");

    assertThat(said).isEqualTo("not valid JSON at line 2, column 12").doesNotContain("ghp_");
  }

  @Test
  void anUnfinishedTextIsPlacedAtItsEnd() {
    assertThat(JsonBreak.at("{\"rules\": [")).startsWith("not valid JSON at line 1, column ");
  }
}
