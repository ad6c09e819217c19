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
 * Issue 80 round 67: a network rule opened to every address by a tool the guard does not know by
 * name (a company's own CLI allowing egress to 0.0.0.0/0), and an egress allow list widened to
 * everyone in an infrastructure file, beside the range it kept. Narrower ranges, rules listed, a
 * cloud's all-outbound default and test files stay ordinary.
 */
class NetworkOpenedToEveryoneRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  private static GuardCall edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return new GuardCall("edit", args, PROJECT, PROJECT, null);
  }

  @Test
  void anyToolsNetworkRuleOpenedToEveryAddressIsAsked() {
    for (String command :
        new String[] {
          "sre network egress allow --project P-2291 --cidr 0.0.0.0/0 --ports 443",
          "labnet firewall open --zone secure --source 0.0.0.0/0 --port 22",
          "acctl ingress allow --cidr ::/0 --port 5432"
        }) {
      GuardVerdict verdict = guard.decide(shell(command));
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.ASK);
      assertThat(verdict.ruleId()).as(command).isEqualTo("exposure.opened-to-internet");
    }
  }

  @Test
  void narrowRangesRevokesAndListingsAreOrdinary() {
    for (String command :
        new String[] {
          "sre network egress allow --project P-2291 --cidr 10.40.0.0/16 --ports 443",
          "sre network egress list --project P-2291",
          "echo egress allow 0.0.0.0/0",
          "grep -rn '0.0.0.0/0' infra/"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }

  @Test
  void anEgressAllowListWidenedToEveryoneIsAsked() {
    GuardVerdict verdict =
        guard.decide(
            edit(
                "infra/sre/network.tf",
                "egress_cidrs = [\"10.40.0.0/16\"]",
                "egress_cidrs = [\"10.40.0.0/16\", \"0.0.0.0/0\"]"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("loosens.opened-to-world");
  }

  @Test
  void aCloudsAllOutboundDefaultAndTestFilesAreOrdinary() {
    assertThat(
            guard
                .decide(
                    edit(
                        "terraform/net.tf",
                        "  egress {\n    cidr_blocks = [\"10.0.0.0/8\"]",
                        "  egress {\n    cidr_blocks = [\"0.0.0.0/0\"]"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "tests/fixtures/network.tf",
                        "egress_cidrs = [\"10.40.0.0/16\"]",
                        "egress_cidrs = [\"10.40.0.0/16\", \"0.0.0.0/0\"]"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "infra/dev/network.tf",
                        "egress_cidrs = [\"10.40.0.0/16\"]",
                        "egress_cidrs = [\"10.40.0.0/16\", \"10.41.0.0/16\"]"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }
}
