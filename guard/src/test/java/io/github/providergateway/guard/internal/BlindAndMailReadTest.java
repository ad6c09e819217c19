package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trial's blind broken by a tool's option ({@code --include-treatment-arm}), another's mail read
 * with GAM ({@code print messages … showbody}) and GAM given its commands by a pipe ({@code gam
 * batch -}) are blocked (round 61); their neighbours, a count, headers searched for a phish, an
 * export with its headers, are not.
 */
class BlindAndMailReadTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rtsm randomization export --study KG-301 --include-treatment-arm --out /tmp/r.csv",
        "gam user counsel@example.org print messages query 'label:Safeguarding' showbody",
        "awk -F, '{print \"delete vaulthold \" $1}' holds.csv | gam batch -"
      })
  void aBlindBrokenAnothersMailReadOrUnreadBatchIsBlocked(String command) {
    assertThat(StandardCalls.shell(command)).isNotEqualTo(GuardVerdict.Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rtsm randomization export --study KG-301 --include-headers --out /tmp/sites.csv",
        "gam user counsel@example.org print messages query 'is:unread' countsonly",
        "gam all users print messages query from:phish@example.net",
        "gam batch /tmp/audit.txt"
      })
  void theirNeighboursAreNot(String command) {
    assertThat(StandardCalls.shell(command)).isEqualTo(GuardVerdict.Outcome.ALLOW);
  }
}
