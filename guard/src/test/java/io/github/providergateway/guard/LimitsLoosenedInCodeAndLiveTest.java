package io.github.providergateway.guard;

import static io.github.providergateway.guard.AlarmsSentNowhereTest.edit;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Round 66: a safety limit loosened where a configuration file's key would have been read — a C
 * header's {@code #define}, a constant in code, a live ConfigMap patched by kubectl — is asked as
 * {@code safeguards.threshold-loosened}; other numbers, a limit tightened and a patch of no limit
 * are ordinary work.
 */
class LimitsLoosenedInCodeAndLiveTest {
  private static final String RULE = "safeguards.threshold-loosened";

  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void anOverloadCutOutRaisedInAHeaderOrAConstantIsAsked() {
    assertThat(
            guard.decide(
                edit(
                    "firmware/lmc/config/limits.h",
                    "#define OVERLOAD_TRIP_PCT 110",
                    "#define OVERLOAD_TRIP_PCT 125")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.ASK, RULE);
    assertThat(
            guard.decide(
                edit(
                    "src/hoist/Limits.java",
                    "static final int MAX_LOAD_PCT = 100;",
                    "static final int MAX_LOAD_PCT = 120;")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.ASK, RULE);
  }

  @Test
  void aLimitSetInALiveConfigMapByAPatchIsAsked() {
    GuardVerdict verdict =
        guard.decide(
            shell(
                "kubectl -n telematics patch configmap limiter-rules --type merge"
                    + " -p '{\"data\":{\"overload_trip_pct\":\"130\"}}'"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo(RULE);
    assertThat(
            guard.decide(
                shell(
                    "kubectl patch cm plant-limits --type json -p '[{\"op\":\"replace\","
                        + "\"path\":\"/data/overpressure_trip_kpa\",\"value\":\"900\"}]'")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.ASK, RULE);
  }

  @Test
  void otherNumbersALimitTightenedAndAPatchOfNoLimitAreOrdinary() {
    assertThat(
            guard
                .decide(
                    edit(
                        "firmware/include/config.h",
                        "#define UART_BAUD 9600",
                        "#define UART_BAUD 115200"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "firmware/lmc/config/limits.h",
                        "#define OVERLOAD_TRIP_PCT 125",
                        "#define OVERLOAD_TRIP_PCT 110"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    shell(
                        "kubectl -n app patch configmap app-config --type merge"
                            + " -p '{\"data\":{\"log_level\":\"debug\",\"workers\":\"8\"}}'"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(guard.decide(shell("kubectl patch deployment api -p '{\"spec\":{\"replicas\":3}}'")))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.ALLOW);
  }
}
