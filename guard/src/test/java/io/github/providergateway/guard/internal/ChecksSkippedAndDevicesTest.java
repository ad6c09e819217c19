package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 305, from round 53's telecom writer: an option that skips a check acts, {@code
 * /dev/null} names no development place, a destroying task is no test's, HDFS deletes a folder, a
 * lab's environment is a test's.
 */
class ChecksSkippedAndDevicesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "smdp-admin order bind --eid 8904 --iccid 8901 --skip-confirmation-code",
        "portctl port-out --tn 14045550199 --no-approval",
        "LICTL_AUDIT_SINK=/dev/null lictl target add --liid 90001 --msisdn 17705550144"
      })
  void theActIsDenied(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("shapes.unnamed-tool-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "smdp-admin order download --eid 8904 --iccid 8901 --skip-confirmation-code",
        "portctl port-out --tn 14045550199 --dry-run --skip-approval",
        "smsc-cli status --env lab"
      })
  void aReadOrADryRunIsNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("shapes.unnamed-tool-acts");
  }

  @Test
  void theDevicesFolderIsNoDevelopmentPlace() {
    assertThat(Environments.testName("/dev/null")).isFalse();
    assertThat(Environments.testName("dev")).isTrue();
    assertThat(Environments.testName("/srv/dev/app")).isTrue();
  }

  @Test
  void aDestroyingTaskWithProductionNamedIsAsked() {
    assertThat(
            StandardCalls.matched(
                "NWM_PROV_ENV=live make deprovision-test-msisdns MSISDN_FILE=data/customers.csv"))
        .contains("shapes.runner-at-production");
    assertThat(StandardCalls.matched("NWM_PROV_ENV=live make test-msisdns"))
        .doesNotContain("shapes.runner-at-production");
  }

  @Test
  void aCdBeforeAPipelineHoldsForWhatFollows() {
    assertThat(
            StandardCalls.matched(
                "cd /tmp && grep amd64 sums.txt | sha256sum -c - && tar xzf g.tar.gz"))
        .doesNotContain("guard.self");
    assertThat(StandardCalls.shell("cd ~/.gateway && cat x | sh && rm -rf *"))
        .isNotEqualTo(io.github.providergateway.guard.GuardVerdict.Outcome.ALLOW);
  }

  @Test
  void aPullRequestAboutPayslipsIsNoPayChange() throws Exception {
    com.fasterxml.jackson.databind.node.ObjectNode args =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(
                    "{\"owner\":\"acme-payroll\",\"repo\":\"paycore\",\"title\":\"paystub: align"
                        + " YTD\",\"head\":\"fix/ytd\",\"base\":\"main\",\"body\":\"Fixes the"
                        + " YTD column when deductions exceed 8 lines.\"}");
    assertThat(StandardCalls.toolRule("mcp__github__create_pull_request", args))
        .isNotEqualTo("people.pay-changed");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "hdfs dfs -rm -r -skipTrash /data/cdr/raw/voice/2024/",
        "hadoop fs -rm -r /warehouse/billing.db/invoices",
        "hdfs dfs -rmr /data/cdr"
      })
  void hdfsDeletesAFolder(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("cloud.bucket-delete");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "hdfs dfs -ls -R /data/cdr/raw/voice/2024/",
        "hdfs dfs -rm -r hdfs://localhost:9000/tmp/scratch",
        "hdfs dfs -put report.csv /user/me/"
      })
  void hdfsReadsAndLocalDeletesAreNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("cloud.bucket-delete");
  }
}
