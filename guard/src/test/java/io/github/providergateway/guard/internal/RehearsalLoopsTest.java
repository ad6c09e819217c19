package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A loop of writes in code whose every address is a staging's, a test's or this machine's reaches
 * no one (decision 301); a company's domain, another address or one from the environment does.
 */
class RehearsalLoopsTest {

  private static final String LOOP =
      "import os, requests\nfor i in range(20):\n    requests.post('%s/sellers', json={'i': i})\n";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://api.staging.resellr.internal",
        "http://localhost:8080",
        "http://127.0.0.1:9000"
      })
  void aRehearsalsAddressIsNoMassSend(String base) {
    assertThat(MassSends.rehearsalOnly(LOOP.formatted(base))).isTrue();
    assertThat(StandardCalls.matched("python3 -c \"" + LOOP.formatted(base) + "\""))
        .doesNotContain("acts.mass-send");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://guardtour.mcso.local",
        "https://api.resellr.com",
        "https://api.staging.resellr.internal/x', os.environ['API_URL'] + '"
      })
  void anotherAddressIs(String base) {
    assertThat(MassSends.rehearsalOnly(LOOP.formatted(base))).isFalse();
  }

  @org.junit.jupiter.api.Test
  void codeWithNoAddressIsNoRehearsal() {
    assertThat(MassSends.rehearsalOnly("for u in users: send(u)")).isFalse();
  }
}
