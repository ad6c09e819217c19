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
 * The plant family's readers (decision 139): what reaches the plant and what is a simulator, the
 * direction a value turns a safety function (off, or on), the words of an MCP server's name, and
 * the options that name someone else's e-signature. What each rule decides is its examples
 * (RuleBookTest).
 */
class PlantRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path PROJECT = Path.of("/work/project");
  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static GuardVerdict shell(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    return GUARD.decide(new GuardCall("shell", args, PROJECT, PROJECT, null));
  }

  private static GuardVerdict tool(String name, String args) throws Exception {
    return GUARD.decide(new GuardCall(name, JSON.readTree(args), PROJECT, PROJECT, null));
  }

  @Test
  void thePlantIsAnotherHostASerialLineOrEveryAddressAndASimulatorIsThisMachines() {
    for (String text :
        List.of(
            "LogixDriver('10.20.1.15')",
            "connect('udpin:0.0.0.0:14550')",
            "ws://amr-07.plant.local:9090",
            "ops@scada-gw01",
            "-h mes-db.plant.local",
            "connect('/dev/ttyUSB0')",
            "--master=tcp:{}:5760")) {
      assertThat(PlantPredicates.reachesPlant(text)).as(text).isTrue();
    }
    for (String text :
        List.of(
            "connect('127.0.0.1', 0, 1)",
            "opc.tcp://localhost:4840",
            "snap7.client.Client()",
            "config/ur10e/joint_limits.yaml",
            "tools/espota.py --help")) {
      assertThat(PlantPredicates.reachesPlant(text)).as(text).isFalse();
    }
    assertThat(PlantPredicates.live("--master=tcp:10.0.0.9:5760 sim_vehicle.py")).isFalse();
    assertThat(PlantPredicates.live("--master=tcp:10.0.0.9:5760")).isTrue();
    assertThat(PlantPredicates.simulated("/simple_commander")).isFalse();
  }

  @Test
  void aSafetySwitchIsOffAtZeroABreakerAtAnythingElse() {
    String link = "mavproxy.py --master=tcp:10.42.0.12:5760 --cmd=";
    assertThat(shell(link + "\"param set FENCE_ENABLE 0\"").ruleId())
        .isEqualTo("plant.aircraft-safety-off");
    assertThat(shell(link + "\"param set FENCE_ENABLE 1\"").ruleId()).isNull();
    assertThat(shell(link + "\"param set CBRK_IO_SAFETY 22027\"").ruleId())
        .isEqualTo("plant.aircraft-safety-off");
    assertThat(shell(link + "\"param set CBRK_IO_SAFETY 0\"").ruleId()).isNull();
  }

  @Test
  void anEStopPressedIsTheSafeDirectionAndReleasedIsABypass() {
    assertThat(shell("ros2 topic pub --once /estop std_msgs/msg/Bool \"{data: false}\"").ruleId())
        .isEqualTo("plant.safety-bypassed");
    assertThat(shell("ros2 topic pub --once /estop std_msgs/msg/Bool \"{data: true}\"").ruleId())
        .isNull();
  }

  @Test
  void aPurgeTimeIsCutOnlyWhenTheNewOneIsShorter() throws Exception {
    String path = "\"path\": \"/work/project/plc/FB_Burner.st\"";
    assertThat(
            tool(
                    "edit",
                    "{"
                        + path
                        + ", \"old_string\": \"T_PURGE : TIME := T#1M;\","
                        + " \"new_string\": \"T_PURGE : TIME := T#30S;\"}")
                .ruleId())
        .isEqualTo("plant.safety-bypassed");
    assertThat(
            tool(
                    "edit",
                    "{"
                        + path
                        + ", \"old_string\": \"T_PURGE : TIME := T#30000MS;\","
                        + " \"new_string\": \"T_PURGE : TIME := T#30S;\"}")
                .ruleId())
        .isNull();
  }

  @Test
  void anMcpServersNameIsReadByItsWordsNotItsLetters() throws Exception {
    assertThat(
            tool("mcp__uploads__write_file", "{\"path\": \"a.txt\", \"content\": \"x\"}").ruleId())
        .isNotEqualTo("hardware.actuates");
    assertThat(tool("mcp__microsoft__start_meeting", "{\"subject\": \"x\"}").ruleId())
        .isNotEqualTo("plant.vehicle-commanded");
    assertThat(tool("mcp__plant-opcua__write_node", "{\"node_id\": \"ns=2;s=A.B\"}").ruleId())
        .isEqualTo("hardware.actuates");
    assertThat(tool("mcp__ros2__ros2_topic_pub", "{\"topic\": \"/cmd_vel\"}").ruleId())
        .isEqualTo("plant.vehicle-commanded");
  }

  @Test
  void aSignatureOptionNamesSomeoneOnlyForAnActOfQuality() {
    assertThat(shell("mes batch release B1 --esign-user qa.jdoe").ruleId())
        .isEqualTo("plant.record-falsified");
    assertThat(shell("mes batch show B1 --esign-user qa.jdoe").ruleId()).isNull();
    assertThat(shell("mes batch release B1 --esign-user qa.jdoe --dry-run").ruleId()).isNull();
    assertThat(shell("git commit -S --signoff -m 'release 2'").ruleId()).isNull();
  }

  @Test
  void aTrustedStoreIsAServersNotAProjectsTestStore() {
    assertThat(shell("cp certs/c.der /opt/prosys/pki/trusted/certs/").ruleId())
        .isEqualTo("plant.trust-granted");
    assertThat(shell("cp certs/c.der tests/pki/trusted/certs/").ruleId()).isNull();
    assertThat(shell("scp certs/c.der ops@10.0.5.40:/opt/app/pki/trusted/certs/").ruleId())
        .isEqualTo("plant.trust-granted");
  }
}
