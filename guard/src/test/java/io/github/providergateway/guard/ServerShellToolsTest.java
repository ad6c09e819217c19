package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * An MCP server's shell tools are judged as the agents' own shell (decision 117: round 7's storage
 * administrator's kinds reached through {@code mcp__ssh__exec} and the AWS server's {@code
 * call_aws} were let through as tools that declare nothing).
 */
class ServerShellToolsTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  private GuardVerdict decide(String tool, String args) {
    return standard.decide(new GuardCall(tool, json(args), PROJECT, PROJECT, null));
  }

  @Test
  void aServersRemoteCommandIsJudgedAsTheCommand() {
    GuardVerdict verdict =
        decide(
            "mcp__ssh__exec",
            "{\"host\": \"nas1.acme.internal\", \"command\": \"zfs rollback -r tank/pgdata@daily\"}");
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("copies.snapshot-rolled-back");
  }

  @Test
  void aServersCommandUnderAnotherFieldIsJudgedToo() {
    assertThat(
            decide(
                    "mcp__aws__call_aws",
                    "{\"cli_command\": \"aws ec2 delete-snapshot --snapshot-id snap-1\"}")
                .outcome())
        .isEqualTo(Outcome.DENY);
    assertThat(
            decide("mcp__desktop-commander__execute_command", "{\"command\": \"rm -rf ~\"}")
                .ruleId())
        .isEqualTo("fs.delete-home");
  }

  @Test
  void ordinaryWorkThroughAServersShellIsLetThrough() {
    assertThat(
            decide("mcp__desktop-commander__execute_command", "{\"command\": \"npm test\"}")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            decide("mcp__ssh__exec", "{\"host\": \"nas1\", \"command\": \"zfs list -t snapshot\"}")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    // A database's server, or a query under command, keeps its name: the tools' rules read it.
    assertThat(decide("mcp__clinicaldb__execute", "{\"command\": \"rm -rf ~\"}").ruleId())
        .isNotEqualTo("fs.delete-home");
    assertThat(decide("mcp__ops__execute", "{\"command\": \"DELETE FROM patients\"}").ruleId())
        .isNotEqualTo("fs.delete-home");
    // A tool of another name, or with no textual command, keeps its name.
    assertThat(decide("mcp__notes__search", "{\"command\": \"rm -rf ~\"}").ruleId())
        .isNotEqualTo("fs.delete-home");
    assertThat(decide("mcp__ssh__exec", "{\"argv\": [\"rm\", \"-rf\", \"~\"]}").ruleId())
        .isNotEqualTo("fs.delete-home");
  }
}
