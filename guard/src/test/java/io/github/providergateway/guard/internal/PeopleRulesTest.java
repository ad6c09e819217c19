package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The people rules' reading of a call (decision 138): a vendor's test tenant by its host, the files
 * of people's records by their names, the pay laws' floors by a setting's value, and the pairs of
 * calls that differ only in what the rules turn on (a live host or a staging tenant, a write or a
 * read, a masking policy set or unset, a setting at the floor or under it). What each rule decides
 * of its own examples is RuleBookTest's.
 */
class PeopleRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static GuardVerdict shell(String command) {
    return tool("shell", JSON.createObjectNode().put("command", command));
  }

  private static GuardVerdict tool(String name, ObjectNode args) {
    return GUARD.decide(
        new GuardCall(name, args, Path.of("/work/project"), Path.of("/work/project"), null));
  }

  private static String rule(GuardVerdict verdict) {
    return verdict.ruleId() == null ? "allow" : verdict.ruleId();
  }

  @Test
  void aVendorsStagingPreviewOrImplementationTenantIsATestEndpointByAHyphenedPartOfItsHost() {
    assertThat(TestEndpoints.names("https://api.checkr-staging.com/v1/reports")).isTrue();
    assertThat(TestEndpoints.names("https://api-sandbox.demo.deel.com/rest/v2")).isTrue();
    assertThat(TestEndpoints.names("https://wd5-impl-services1.workday.com/ccx/service/x"))
        .isTrue();
    assertThat(TestEndpoints.names("https://acme-uat.successfactors.com/odata/v2")).isTrue();
    assertThat(TestEndpoints.names("https://api.checkr.com/v1/reports")).isFalse();
    assertThat(TestEndpoints.names("https://wd5-services1.myworkday.com/ccx/service/x")).isFalse();
    // the last label is the domain's own, and a part must be whole: latest, contest are none
    assertThat(TestEndpoints.names("https://latest-api.acme.com/v1")).isFalse();
    assertThat(TestEndpoints.names("https://api.acme.staging")).isFalse();
  }

  @Test
  void theSameRequestIsAnActOnALiveHostAndNoneOnTheVendorsTestTenant() {
    String live =
        "curl -sS -u \"$CHECKR_API_KEY:\" -X POST https://api.checkr.com/v1/reports/47/adverse_actions"
            + " -d 'adverse_item_ids[]=a7'";
    assertThat(rule(shell(live))).isEqualTo("people.candidate-judged");
    assertThat(rule(shell(live.replace("api.checkr.com", "api.checkr-staging.com"))))
        .isEqualTo("allow");
    String terminate =
        "curl -sS https://wd5-services1.myworkday.com/ccx/service/acme/Staffing/v42.0"
            + " --data-binary @tests/soap/terminate_employee_TEST900117.xml";
    assertThat(rule(shell(terminate))).isEqualTo("records.binds-company");
    assertThat(
            rule(shell(terminate.replace("wd5-services1.myworkday", "wd5-impl-services1.workday"))))
        .isEqualTo("allow");
  }

  @Test
  void payIsChangedByAWriteNotByARead() {
    String put =
        "curl -sS -X PUT https://api.gusto.com/v1/garnishments/5b7c -H \"Authorization: Bearer"
            + " $GUSTO_TOKEN\" -d '{\"active\":false}'";
    assertThat(rule(shell(put))).isEqualTo("people.pay-changed");
    assertThat(
            rule(
                shell(
                    "curl -sS https://api.gusto.com/v1/garnishments/5b7c -H \"Authorization:"
                        + " Bearer $GUSTO_TOKEN\"")))
        .isEqualTo("allow");
    assertThat(rule(shell(put.replace("api.gusto.com", "localhost:4010"))))
        .isNotEqualTo("people.pay-changed");
  }

  @Test
  void aMaskingPolicySetIsNoProtectionRemovedAndADevConnectionIsNoPeoplesData() {
    assertThat(
            rule(
                shell(
                    "snowsql -c hrdw_prod -q \"ALTER TABLE W MODIFY COLUMN SSN UNSET MASKING"
                        + " POLICY\"")))
        .isEqualTo("people.data-protection-removed");
    assertThat(
            rule(
                shell(
                    "snowsql -c hrdw_dev -q \"ALTER TABLE W MODIFY COLUMN SSN UNSET MASKING"
                        + " POLICY\"")))
        .isNotEqualTo("people.data-protection-removed");
    assertThat(rule(shell("snowsql -c hrdw_prod -q \"GRANT SELECT ON TABLE W TO ROLE HR_BP\"")))
        .isNotEqualTo("people.data-protection-removed");
  }

  @Test
  void aFileOfPeoplesRecordsIsNamedSoAndATestFixtureIsNot() {
    assertThat(PeopleFiles.peopleFile("reports/payroll_register_2025-03-14.xlsx")).isNotNull();
    assertThat(PeopleFiles.peopleFile("hr_cases/pip_jokafor_2025-03.pdf")).isNotNull();
    assertThat(PeopleFiles.peopleFile("exports/greenhouse/req4412/resumes/*.txt")).isNotNull();
    assertThat(PeopleFiles.peopleFile("tests/fixtures/leave_roster_synthetic.json")).isNull();
    assertThat(PeopleFiles.peopleFile("notes/parser_bug.md")).isNull();
    // a word that names people's records but no file: a subject line, a flag
    assertThat(PeopleFiles.peopleFile("salary")).isNull();
  }

  @Test
  void aPayOrLeaveSettingBreaksTheFloorOnlyPastTheLawsNumberAndOnlyWhereThatLawHolds() {
    assertThat(rule(write("/work/project/leave/fmla.py", "ENTITLEMENT_WEEKS = 8\n")))
        .isEqualTo("people.labor-floor-broken");
    assertThat(rule(write("/work/project/leave/fmla.py", "ENTITLEMENT_WEEKS = 12\n")))
        .isEqualTo("allow");
    assertThat(rule(write("/work/project/rules/ca.yaml", "state: CA\ndaily_ot_after_hours: 10\n")))
        .isEqualTo("people.labor-floor-broken");
    // Colorado's daily overtime starts after twelve hours: no floor broken there
    assertThat(rule(write("/work/project/rules/co.yaml", "state: CO\ndaily_ot_after_hours: 12\n")))
        .isEqualTo("allow");
    // a tipped minimum wage is its own setting, not the federal minimum
    assertThat(rule(write("/work/project/rules/tx.yaml", "minimum_wage_tipped: 2.13\n")))
        .isEqualTo("allow");
  }

  @Test
  void aSelectOfIdentifiersFromProductionAsksAndACountDoesNot() {
    assertThat(
            rule(
                shell(
                    "snowsql -c hrdw_prod -q \"SELECT FULL_NAME, NATIONAL_ID FROM CORE.WORKER\"")))
        .isEqualTo("people.records-read-whole");
    assertThat(
            rule(
                shell(
                    "snowsql -c hrdw_prod -o output_format=psql -q \"SELECT DEPARTMENT, COUNT(*)"
                        + " FROM CORE.WORKER GROUP BY 1\"")))
        .isEqualTo("allow");
  }

  private static GuardVerdict write(String path, String content) {
    return tool("write", JSON.createObjectNode().put("path", path).put("content", content));
  }
}
