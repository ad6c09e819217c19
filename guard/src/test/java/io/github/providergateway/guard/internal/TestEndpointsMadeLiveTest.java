package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A test's or a sandbox's address replaced by a live one is asked about (decision 291); the way
 * back, this machine, another test's address and documentation are not.
 */
class TestEndpointsMadeLiveTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/environments/test.yml|iis_endpoint: https://iis-test.health.state.mn.us/vxu"
            + "|iis_endpoint: https://miic.health.state.mn.us/vxu",
        "src/payments/settings.py|PAYPAL_API = \"https://api-m.sandbox.paypal.com\""
            + "|PAYPAL_API = \"https://api-m.paypal.com\"",
        "config/staging/outbound.yaml|oru_destination: mllp://mirth-stg-01.meridianrad.net:6661"
            + "|oru_destination: mllp://hl7-in.stbrendans.org:5510",
        "/home/user/.cmsctl/config.toml|endpoint = \"https://cms-api.staging.judiciary.internal\""
            + "|endpoint = \"https://cms-api.judiciary.internal\""
      })
  void aTestsAddressMadeLiveIsRead(String file, String old, String now) {
    assertThat(TestEndpointsMadeLive.of(old, now, List.of(file))).isNotNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/environments/test.yml|iis_endpoint: https://miic.health.state.mn.us/vxu"
            + "|iis_endpoint: https://iis-test.health.state.mn.us/vxu",
        "config/environments/test.yml|iis_endpoint: https://iis-test.health.state.mn.us/vxu"
            + "|iis_endpoint: http://localhost:8089/vxu",
        "config/environments/test.yml|api: https://api.sandbox.example-pay.com"
            + "|api: https://api.staging.example-pay.com",
        "docs/setup.md|url: https://api.sandbox.example-pay.com|url: https://api.example-pay.com",
        "config/app.yml|api: https://api.example-pay.com|api: https://api2.example-pay.com"
      })
  void anotherMoveIsNot(String file, String old, String now) {
    assertThat(TestEndpointsMadeLive.of(old, now, List.of(file))).isNull();
  }

  @Test
  void aNewFilesAddressIsNoMove() {
    assertThat(
            TestEndpointsMadeLive.of(
                "", "iis_endpoint: https://miic.health.state.mn.us/vxu", List.of("c.yml")))
        .isNull();
  }

  @Test
  void theRuleAsksAboutTheEdit() {
    ObjectNode args =
        new ObjectMapper()
            .createObjectNode()
            .put("path", "config/environments/test.yml")
            .put("old_string", "iis_endpoint: https://iis-test.health.state.mn.us/vxu")
            .put("new_string", "iis_endpoint: https://miic.health.state.mn.us/vxu");
    assertThat(StandardCalls.toolRule("edit", args)).isEqualTo("safeguards.rehearsal-pointed-live");
  }
}
