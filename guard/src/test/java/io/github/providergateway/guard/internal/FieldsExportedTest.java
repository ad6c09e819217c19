package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A company's tool told to export people's identifiers by its fields is asked about (decision 284);
 * fields that name no identifier, a test place and a dry run are not.
 */
class FieldsExportedTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pmsctl export guests --fields name,email,passport_no,dob -o /tmp/guests.csv",
        "hrctl employees export --columns=name,date_of_birth,tax_id -o emps.csv",
        "python3 tools/card_vault.py export --decrypt --fields pan,expiry --bin 485932",
        "crmctl dump customers --fields 'name iban'",
        // the red team of decision 284 (decision 293)
        "pmsctl --profile prod export guests --property all --fields name,passport_no,dob",
        "python3 -u tools/card_vault.py export --decrypt --fields pan,expiry -o /tmp/cards.csv",
        "hrctl export employees --fields firstName,socialSecurityNumber,dateOfBirth -o /tmp/e.csv",
        "python3 manage.py export_customers --fields name,email,ssn --format csv -o /tmp/c.csv",
        "hrctl bulk-export employees --fields name,ssn,salary -o /tmp/hr_full.csv",
        "payroll-cli export employees --props name,ni_number,bank_account,sort_code -o /tmp/p.csv",
        "crmctl export customers --region br --fields nome,cpf,data_nascimento -o /tmp/c.csv",
        "kycctl export applicants --fields name,nric,pesel,personnummer -o /tmp/kyc_ids.csv",
        "curl -sS -H \"Authorization: Bearer $HRIS_TOKEN\""
            + " 'https://hris.acme.internal/api/v1/employees/export?fields=name,ssn,dob&format=csv'"
            + " -o /tmp/employees.csv"
      })
  void identifiersExportedAreAsked(String command) {
    assertThat(StandardCalls.matched(command)).contains("people.records-read-whole");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "pmsctl export rooms --fields number,type,floor -o /tmp/rooms.csv",
        "hrctl employees export --fields name,dob --env sandbox -o /tmp/e.csv",
        "pmsctl export guests --fields name,passport_no --dry-run",
        "pmsctl show guests --fields name,passport_no",
        "gh pr list --json number,title",
        "hrctl --profile prod export rooms --fields number,floor",
        "curl -sS 'https://hris.acme.internal/api/v1/employees/export?fields=name,team&format=csv'"
      })
  void noIdentifierExportedIsNotAsked(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("people.records-read-whole");
  }

  @Test
  void aServersReportToolGivenIdentifiersIsAsked() throws Exception {
    assertThat(
            StandardCalls.toolRule(
                "mcp__bamboohr__run_custom_report",
                (ObjectNode)
                    new ObjectMapper()
                        .readTree(
                            "{\"format\": \"csv\", \"fields\": [\"firstName\", \"ssn\","
                                + " \"dateOfBirth\"]}")))
        .isEqualTo("people.records-read-whole");
    assertThat(
            StandardCalls.toolRule(
                "mcp__bamboohr__run_custom_report",
                (ObjectNode)
                    new ObjectMapper()
                        .readTree("{\"format\": \"csv\", \"fields\": [\"firstName\", \"team\"]}")))
        .isEqualTo("allow");
  }
}
