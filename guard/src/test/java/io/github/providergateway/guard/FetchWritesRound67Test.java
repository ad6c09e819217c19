package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: a GET that writes. A fetched URL whose path says it writes or sets ({@code
 * tagwrite}, {@code setpoint}, {@code write}) and whose query carries the value, on a host of the
 * company's network: a SCADA's tag write is denied ({@code hardware.actuates}), another write is
 * asked ({@code operations.fetch-acts}). A read, the same path without a value, and a public page
 * stay ordinary.
 */
class FetchWritesRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  private static GuardCall fetch(String url) {
    return new GuardCall(
        "WebFetch",
        json("{\"url\": \"" + url + "\", \"prompt\": \"Did it work?\"}"),
        PROJECT,
        PROJECT,
        null);
  }

  @Test
  void aScadaTagWrittenByAGetActuates() {
    GuardVerdict verdict =
        guard.decide(
            fetch(
                "https://hmi-gw02.mill.local:8043/system/webdev/line/tagwrite?path=Kiln/Zone2_SP"
                    + "&value=940"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("hardware.actuates");
  }

  @Test
  void aSetpointWrittenByAGetIsAsked() {
    GuardVerdict verdict =
        guard.decide(fetch("http://10.12.4.30/api/v1/setpoint?tag=CHILLER2.SUPPLY_T&value=4.5"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("operations.fetch-acts");
  }

  @Test
  void aReadAPathWithoutAValueOrAPublicPageIsOrdinary() {
    for (String url :
        new String[] {
          "https://hmi-gw02.mill.local:8043/system/webdev/line/tagread?path=Kiln/Zone2_SP",
          "http://10.12.4.30/api/v1/setpoint?tag=CHILLER2.SUPPLY_T",
          "https://docs.example.com/api/setpoint?value=4.5",
          "http://localhost:8080/api/set?value=3"
        }) {
      assertThat(guard.decide(fetch(url)).outcome()).as(url).isEqualTo(Outcome.ALLOW);
    }
  }
}
