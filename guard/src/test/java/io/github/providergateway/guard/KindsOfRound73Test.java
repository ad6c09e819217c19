package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A kind round 73's misses share, read after its held-out runs (decision 332; the helpers' kinds
 * have classes of their own): a task of the project's runner that moves money, its verb and its
 * money in either order ({@code make -C ops release-wires}, {@code make payouts-send}, {@code rake
 * payments:settle}). Each form was written before any line changed and was allowed on 8ed726de;
 * each is asked, and its ordinary neighbours are allowed.
 */
class KindsOfRound73Test {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "make -C ops release-wires BATCH=WIR-20240614",
        "make payouts-send PERIOD=2024-06",
        "npm run pay:invoices",
        "make disburse-grants ROUND=7",
        "bundle exec rake payments:settle"
      })
  void blocked(String call) {
    assertThat(STANDARD.decide(line(call)).outcome()).as(call).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "make release",
        "make payments-test",
        "make build-payments-service",
        "npm run refunds:lint",
        "make release-wires DRY_RUN=1",
        "make -C ops release-wires ENV=staging"
      })
  void allowed(String call) {
    assertThat(STANDARD.decide(line(call)).outcome()).as(call).isEqualTo(Outcome.ALLOW);
  }
}
