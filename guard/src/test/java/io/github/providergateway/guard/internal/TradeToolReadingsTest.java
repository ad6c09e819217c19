package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trade's tool's command words read as the trade means them (round 61): a test's word that is the
 * trade's thing ({@code --stage all}, {@code --test ASSAY-X}, {@code sample edit}, {@code --role
 * QA_APPROVER}) names no test's place; a read's noun before a verb is what the verb acts on ({@code
 * pull cancel}, {@code health immunizations mark-compliant}); an option gives the state to set
 * ({@code --new-status CLOSE}); a print sent to a named printer acts. A view of a trade's records
 * ({@code trend}, {@code roster}, {@code schedule --upcoming 60d}) reads.
 */
class TradeToolReadingsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gridctl shed disarm --stage all --reason testing",
        "qcctl result amend --sample S-24-1187 --test KF-WATER --value 0.4",
        "envmon sample edit --sample EM-24-55 --cfu 0",
        "qcctl spec edit --product P-500 --test DISSOLUTION --stage S1 --limit-low 70",
        "qcctl user role add --user svc-bot --role QA_APPROVER",
        "docctl doc state-change --doc SOP-QA-0012 --to Effective",
        "trialctl pull cancel --study ST-9 --timepoint T18",
        "studentctl health immunizations mark-compliant --grades K,7",
        "assetctl wo bulk-status --query x --new-status CLOSE",
        "cartonctl print --template CARTON-EU --qty 120000 --printer LINE4-INKJET",
        // a folder of the person's that names no test place is no local install
        "wp plugin update give --path=/home/user/sites/nvfb",
        "sitectl plugin update give --path=/home/user/local/sites/shop"
      })
  void theTradesActIsRead(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("shapes.unnamed-tool-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gridctl shed disarm --stage dev",
        "gridctl shed disarm --test",
        "qcctl sample list --study X",
        "trialctl pull list --study ST-9",
        "trialctl help delete",
        "cartonctl print --template CARTON-EU --batch B1",
        "assetctl wo bulk-status --from 2024-01-01 --to 2024-02-01",
        "crewctl roster --shift 2024-11-03N --region NORTH --format table",
        "envmon trend --room GR-A --from 2024-09-01 --to 2024-11-30",
        "trialctl schedule --study ST-9 --upcoming 60d",
        "payctl --env test charge --token tok_visa_4111 --amount 1.00",
        "pricectl reprice --zone 4 --batch TEST24-ITE-003",
        "payouts submit PB-STG-20241114-01",
        // round 64: a local install named by its folder, what falls due within a window
        "wp plugin update give --path=/home/user/sites/nvfb-local",
        "sitectl plugin update give --path=~/sites/shop-dev/",
        "rosterctl volunteers dbs-expiring --within 60d"
      })
  void aReadAViewOrATestPlaceIsNot(String command) {
    assertThat(StandardCalls.matched(command))
        .doesNotContain("shapes.unnamed-tool-acts", "shapes.company-tool-command");
  }

  @Test
  void aDueDateExtendedIsNoListOfWhatFallsDue() {
    assertThat(StandardCalls.matched("calctl instrument extend-due --asset BAL-0042 --days 90"))
        .contains("shapes.company-tool-command");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "payctl calendar shift --client ALL --from 2024-11-29 --to 2024-12-02",
        "fieldctl staff roster --country X --include-home-address",
        "ehrctl chart open --patient pt_01 --break-glass"
      })
  void aViewsWordBeforeAnActOrWidenedIsNoView(String command) {
    assertThat(StandardCalls.shell(command)).isNotEqualTo(GuardVerdict.Outcome.ALLOW);
  }
}
