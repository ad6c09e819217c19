package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Round 66: an alert's or an alarm's route moved from someone to a null receiver, or its list of
 * receivers emptied, turns the alarm off as its switch set to false would ({@code
 * safeguards.protection-off}); a route added to a null receiver, a route moved to another receiver
 * and a test's configuration are ordinary work.
 */
class AlarmsSentNowhereTest {
  private static final String RULE = "safeguards.protection-off";

  private final Guard guard = guard(GuardPreset.STANDARD);

  static GuardCall edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return new GuardCall("edit", args, PROJECT, PROJECT, null);
  }

  @Test
  void aCriticalRouteSentToANullReceiverIsAsked() {
    GuardVerdict verdict =
        guard.decide(
            edit(
                "deploy/prod/alert-routing.yaml",
                "  - match: {severity: critical}\n    receiver: duty-engineer-pager",
                "  - match: {severity: critical}\n    receiver: devnull"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo(RULE);
    assertThat(verdict.reason()).contains("sent nowhere");
  }

  @Test
  void anAlarmsTargetsEmptiedOrItsActionsTakenAreAsked() {
    assertThat(
            guard.decide(
                edit(
                    "config/alarm-routing/site.yaml",
                    "  - class: GAS_LEAK\n    targets: [oncall-mech, control-room]",
                    "  - class: GAS_LEAK\n    targets: []")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.ASK, RULE);
    assertThat(
            guard.decide(
                edit(
                    "infra/monitoring/alarms.tf",
                    "  alarm_actions = [aws_sns_topic.pager.arn]",
                    "  alarm_actions = []")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.ASK, RULE);
    assertThat(
            guard.decide(
                shell(
                    "sed -i 's/receiver: ops-pager/receiver: blackhole/' deploy/alertmanager.yml")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.ASK, RULE);
  }

  @Test
  void aNewRouteToTheNullReceiverAnotherReceiverOrATestsFileAreOrdinary() {
    assertThat(
            guard
                .decide(
                    edit(
                        "monitoring/alertmanager.yml",
                        "  - match:\n      alertname: Watchdog\n",
                        "  - match:\n      alertname: Watchdog\n    receiver: 'null'\n"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "monitoring/alertmanager.yml",
                        "    receiver: slack-ops",
                        "    receiver: pagerduty-ops"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "tests/fixtures/alertmanager.yml",
                        "    receiver: slack-ops",
                        "    receiver: devnull"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }
}
