package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: a share opened to the guest account or to everyone by a file server's own
 * share tool, over ssh (a NAS's customer files given {@code guest,everyone} read-write). Taking a
 * right away, granting a named group, and a guest account made or named are ordinary.
 */
class ShareOpenedToEveryoneRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aShareGrantedToGuestOrEveryoneIsAsked() {
    for (String command :
        new String[] {
          "ssh admin@nas.hlt.lan 'sudo synoshare --setuser Clients RW + guest,everyone'",
          "net usershare add Public /srv/public '' Everyone:F guest_ok=y",
          "sudo shareadm --setuser Scans RO + guest"
        }) {
      GuardVerdict verdict = guard.decide(shell(command));
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.ASK);
      assertThat(verdict.ruleId()).as(command).isEqualTo("shapes.everyone-granted");
    }
  }

  @Test
  void rightsTakenNamedGroupsAndGuestAccountsAreOrdinary() {
    for (String command :
        new String[] {
          "ssh admin@nas.hlt.lan 'sudo synoshare --setuser Clients RW - guest'",
          "ssh admin@nas.hlt.lan 'sudo synoshare --setuser Clients RW + office'",
          "ssh admin@nas.hlt.lan 'sudo synoshare --get Clients'",
          "sudo useradd guest",
          "sudo chown nobody:nogroup /srv/spool"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
