package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The boot family's readers (decision 127): which controller a call reaches (a lab's, this
 * machine's simulator, a live server's), and the words of the trade that a rule's examples show
 * only through a whole command. What each rule decides is its examples (RuleBookTest).
 */
class BootRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path PROJECT = Path.of("/work/project");
  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static GuardVerdict shell(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    return GUARD.decide(new GuardCall("shell", args, PROJECT, PROJECT, null));
  }

  @Test
  void aLabsOrThisMachinesControllerIsALabsAndAnyOtherIsLive() {
    for (String host :
        List.of(
            "lab-r2u05-bmc.lab.nwd.internal",
            "127.0.0.1",
            "127.0.0.1:623",
            "localhost",
            "bmc-sim-01.test.example.com",
            "admin@kvm-lab-03.lab.nwd.internal")) {
      assertThat(BootTargets.labHost(host)).as(host).isTrue();
    }
    for (String host :
        List.of(
            "r07u14-bmc.oob.ams3.nwd.internal",
            "idrac-fra2-r04u10.oob.nwd.internal",
            "lab-db.prod.example.com",
            "{h}",
            "10.40.7.14")) {
      assertThat(BootTargets.labHost(host)).as(host).isFalse();
    }
  }

  @Test
  void aSimulatorOnLoopbackIsNoMachineRestartedButAResearchLabsInstrumentStillIs() {
    assertThat(
            shell(
                    "ipmi_sim -c tests/ipmi/lan.conf -f tests/ipmi/sim.emu -n & sleep 2; ipmitool -I"
                        + " lanplus -H 127.0.0.1 -p 9001 -U ipmiusr -P test chassis power off")
                .ruleId())
        .isNull();
    assertThat(shell("ipmitool -I lanplus -H bmc-node12 -U admin -P x chassis power off").ruleId())
        .isEqualTo("shared.machine-restarted");
    assertThat(shell("ssh labadmin@krios-ctrl.lab.example.edu 'Restart-Computer -Force'").ruleId())
        .isEqualTo("shared.machine-restarted");
  }

  @Test
  void theSameControllerCommandIsDecidedByTheMachineItReaches() {
    String persistent = " -U ADMIN -E chassis bootdev pxe options=persistent";
    assertThat(
            shell("ipmitool -I lanplus -H r07u14-bmc.oob.ams3.nwd.internal" + persistent).ruleId())
        .isEqualTo("boot.bmc-boot-persistent");
    assertThat(shell("ipmitool -I lanplus -H lab-r2u05-bmc.lab.nwd.internal" + persistent).ruleId())
        .isNull();
    // in band, no host named: the machine it runs on, which is live
    assertThat(shell("sudo ipmitool chassis bootdev pxe options=persistent").ruleId())
        .isEqualTo("boot.bmc-boot-persistent");
  }

  @Test
  void anHttpClientSpeaksToAControllerOnlyWhereItsRequestSaysSo() {
    assertThat(shell("curl -s https://docs.example.com/how-to-raw-0x00-0x02-0x00").ruleId())
        .isNull();
    assertThat(
            shell(
                    "curl -sk -u admin:$P -X PATCH https://bmc-db9.oob.example.com/redfish/v1/Systems/1"
                        + " -d '{\"Boot\":{\"BootSourceOverrideTarget\":\"Pxe\","
                        + "\"BootSourceOverrideEnabled\":\"Continuous\"}}'")
                .ruleId())
        .isEqualTo("boot.bmc-boot-persistent");
  }

  @Test
  void aRootDriverBlockedIsOneTheRootNeedsAndNotAnotherDriversLine() {
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("install nvme /bin/false").find()).isTrue();
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("blacklist ahci\n").find()).isTrue();
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("omit_dracutmodules+=\" crypt \"").find())
        .isTrue();
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("blacklist nouveau").find()).isFalse();
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("blacklist nvmem_foo").find()).isFalse();
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("options nvme_core io_timeout=255").find())
        .isFalse();
    assertThat(BootLexicon.ROOT_MODULES.matcher("crypt lvm dm").find()).isTrue();
    assertThat(BootLexicon.ROOT_MODULES.matcher("plymouth").find()).isFalse();
    assertThat(BootLexicon.ROOT_MODULES.matcher("nfs iscsi multipath").find()).isFalse();
    // a hardening baseline's lines: drivers no root needs
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("install usb-storage /bin/true").find())
        .isFalse();
    assertThat(BootLexicon.DRIVER_BLOCKED.matcher("install cramfs /bin/true").find()).isFalse();
  }

  @Test
  void aProductionHostIsReadFromTheMachineSshRunsTheCommandOn() {
    assertThat(
            shell("ssh db-ams3-11.prod.nwd.internal 'sudo sysctl -w vm.nr_hugepages=480000'")
                .ruleId())
        .isEqualTo("boot.production-memory-reserved");
    assertThat(
            shell("ssh db-ams3-11.staging.nwd.internal 'sudo sysctl -w vm.nr_hugepages=480000'")
                .ruleId())
        .isNull();
  }

  @Test
  void aBootLoaderInstalledIntoTheProjectsImageIsNoRewriteOfThisMachines() {
    assertThat(shell("sudo grub-install /dev/sda").ruleId()).isEqualTo("boot.bootloader-rewritten");
    assertThat(
            shell(
                    "grub-install --target=x86_64-efi --efi-directory=build/esp --removable --no-nvram")
                .ruleId())
        .isNull();
    assertThat(shell("sudo grub-install --boot-directory=/mnt/img/boot /dev/loop3").ruleId())
        .isNull();
  }
}
