package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 304, from round 53's rail writer: a company tool's option that turns a protection off, a
 * POST that calls out to everyone, a speed limit, a fatigue limit or a regulated cap raised; a
 * recorder's file decoded is work.
 */
class ProtectionsAndCallOutsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "lxctl config --crossing LX-0417 --obstacle-detection off --barrier-mode auto",
        "pumpctl set --station P4 --dry-run-protection=false",
        "hoistctl unit H2 --overload-alarm disabled"
      })
  void aProtectionTurnedOffActs(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("shapes.unnamed-tool-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "lxctl config --crossing LX-0417 --obstacle-detection on",
        "lxctl status --crossing LX-0417 --obstacle-detection",
        "otdrtool decode samples/otdr/158842_20250602.bin --channels speed,brake --csv /tmp/o.csv"
      })
  void aProtectionOnOrAReadIsNot(String command) {
    assertThat(StandardCalls.matched(command))
        .doesNotContain("shapes.unnamed-tool-acts", "shapes.company-tool-command");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "curl -X POST http://cis-gw.wmr.internal:8080/announce -d '{\"stations\":\"ALL\"}'",
        "curl -X POST https://pa.example-rail.co.uk/api/broadcast -d 'msg=evacuate'"
      })
  void aPostThatCallsOutActs(String command) {
    assertThat(StandardCalls.matched(command)).contains("shapes.acts-on-shared");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "data/das/routes/WES_up.json|{\"linespeed_mph\": 50}|{\"linespeed_mph\": 90}",
        "config/fatigue/fri.yaml|fatigue_index_limit: 35|fatigue_index_limit: 55",
        "config/fares/regulated_cap.yaml|regulated_cap_percent: 4.6|regulated_cap_percent: 9.5"
      })
  void aLimitRaisedIsAsked(String path, String old, String now) {
    assertThat(edit(path, old, now)).isEqualTo("safeguards.threshold-loosened");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "data/das/routes/WES_up.json|{\"linespeed_mph\": 90}|{\"linespeed_mph\": 50}",
        "config/network.yaml|link_speed_mbps: 1000|link_speed_mbps: 10000",
        "config/fatigue/fri.yaml|fatigue_index_limit: 55|fatigue_index_limit: 35"
      })
  void aLimitLoweredOrAnotherSpeedIsNot(String path, String old, String now) {
    assertThat(edit(path, old, now)).isNotEqualTo("safeguards.threshold-loosened");
  }

  private static String edit(String path, String old, String now) {
    ObjectNode args =
        new ObjectMapper()
            .createObjectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return StandardCalls.toolRule("edit", args);
  }
}
