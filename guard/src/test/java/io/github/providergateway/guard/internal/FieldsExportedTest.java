package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

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
        "crmctl dump customers --fields 'name iban'"
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
        "gh pr list --json number,title"
      })
  void noIdentifierExportedIsNotAsked(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("people.records-read-whole");
  }
}
