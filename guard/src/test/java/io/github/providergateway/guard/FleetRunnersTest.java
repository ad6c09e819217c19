package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The command a fleet runner runs on its hosts is read as commands reached that way (decision 117,
 * {@code FleetCarried}): Ansible's ad-hoc shell, command and raw modules (command is its default),
 * Salt's {@code cmd.run}, pdsh, clush and pssh. Each row fails when its reading is taken out; a
 * module that runs no command, a ping, a read stays allowed.
 */
class FleetRunnersTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          ansible all -b -m shell -a 'rm -rf /' => fs.delete-root => DENY
          ansible nas -b -m ansible.builtin.command -a 'zfs rollback -r tank/pgdata@daily' => copies.snapshot-rolled-back => DENY
          ansible nas -a 'zpool detach tank sdb' => copies.redundancy-reduced => DENY
          ansible nas --module-name=raw --args='zpool offline tank sdc' => copies.redundancy-reduced => DENY
          salt 'db*' cmd.run 'rm -rf /' => fs.delete-root => DENY
          salt-ssh 'nas*' cmd.run 'zfs rollback tank/home@daily' => copies.snapshot-rolled-back => DENY
          pdsh -w nas[1-3] 'zpool detach tank sdb' => copies.redundancy-reduced => DENY
          clush -g storage -l root zpool offline tank sdc => copies.redundancy-reduced => DENY
          pssh -h hosts.txt -i 'rm -rf /' => fs.delete-root => DENY
          """)
  void readsTheCommandItRuns(String command, String rule, Outcome outcome) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.ruleId()).as(command + ": " + verdict.reason()).isEqualTo(rule);
    assertThat(verdict.outcome()).isEqualTo(outcome);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ansible all -m ping",
        "ansible db -a 'uptime'",
        "ansible db -m shell -a 'zfs list -t snapshot'",
        "ansible web -m setup -a 'filter=ansible_distribution*'",
        "salt '*' test.ping",
        "salt 'db*' cmd.run 'df -h'",
        "pdsh -w web[1-4] uptime",
        "clush -g storage zpool status -x",
      })
  void allowsWhatRunsNothingHarmful(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
