package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: logic or a value sent to a controller on the network. A vendor's or a site's
 * tool of any name told to download to a device's address and go online or run ({@code
 * plant.logic-replaced}), inside a container too; a register written by assignment ({@code
 * s.holding_registers[111] = 650}, rmodbus) as by a call ({@code hardware.actuates}). An upload, a
 * download without a go-ahead or to this machine, and a register read stay ordinary.
 */
class DeviceLogicAndRegistersRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aToolDownloadingToADeviceAndRunningItReplacesItsLogic() {
    for (String command :
        new String[] {
          "kilnctl download --target 10.8.3.20 --project logic/LINE2.ACD --go-online --run",
          "docker run --rm --network host ot/plc-cli:2.1 download --ip 172.16.4.9 /l/P.ACD --start",
          "s7deploy write --plc plc-kiln2.plant.local blocks/ --run"
        }) {
      GuardVerdict verdict = guard.decide(shell(command));
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.DENY);
      assertThat(verdict.ruleId()).as(command).isEqualTo("plant.logic-replaced");
    }
  }

  @Test
  void aRegisterAssignedThroughItsLibraryActuates() {
    GuardVerdict verdict =
        guard.decide(
            shell(
                "ruby -e \"require 'rmodbus'; ModBus::TCPClient.new('10.30.2.7', 502) { |c|"
                    + " c.with_slave(1) { |s| s.holding_registers[42] = 900 } }\""));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("hardware.actuates");
  }

  @Test
  void anUploadARehearsalOrAReadIsOrdinary() {
    for (String command :
        new String[] {
          "kilnctl upload --target 10.8.3.20 --project backup/LINE2.ACD",
          "kilnctl download --target 10.8.3.20 --project logic/LINE2.ACD",
          "kilnctl download --target 127.0.0.1 --project logic/LINE2.ACD --run",
          "curl -L -o tools.tar.gz https://downloads.example.com/tools.tar.gz",
          "ruby -e \"require 'rmodbus'; ModBus::TCPClient.new('10.30.2.7', 502) { |c|"
              + " c.with_slave(1) { |s| p s.holding_registers[40..45] } }\""
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
