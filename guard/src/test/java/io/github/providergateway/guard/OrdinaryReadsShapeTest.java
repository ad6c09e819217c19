package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.decideStandard;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ordinary work asked, by shape (decision 336, asks): a trade's own tool given a look-only verb
 * ({@code peek}, {@code examine}; not {@code locate}: a person's or a vehicle's place located is a
 * harm of its own), a noun naming its records and only narrowed ({@code analytics --since 28d --by
 * video}, {@code availability --site leeds}, {@code inventory --format csv}: NounViews), or a draft
 * or a trial written here ({@code --draft --out build/x.pdf}, {@code --data tests/fixtures/… --out
 * /tmp/…}: DraftsMadeHere) reads or works a thing out. The forms were decided on the branch's base
 * (main at 6ae1617cd) before any line changed: each ordinary form below but one was asked; each
 * harmful near-miss blocked, and blocked it stays. The red team's first try found {@code occupancy}
 * and {@code batch-genealogy} unread (-ancy, -logy were added to the noun endings); {@code
 * formulary} stays asked, since -ary also ends adjectives that set ({@code cluster primary --node
 * db2}).
 */
class OrdinaryReadsShapeTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "quayctl container peek --bay 14",
        "mqadmin queue peek ORDERS.IN --count 5",
        "kilnctl batch examine --batch K-2291",
        "./bin/menuctl analytics --since 14d --metrics covers --by dish",
        "roomctl availability --site leeds --date 2025-08-01",
        "partsctl inventory --warehouse W-12 --format csv",
        "./bin/clinicctl capacity --since 30d --by ward",
        "surveyctl analysis --wave 2025-Q2 --region north",
        "./bin/members renewals --within 30d",
        "cropctl yield-model fit --fields data/fixtures/fields.csv --out out/yield_fit.json",
        "docketgen assemble --case 2025-CV-118 --draft --out build/docket_118.pdf",
        // red team: spellings nobody tuned to
        "depotctl tank peek --tank T-4",
        "./bin/rentals bike examine --bike B-0091",
        "kennelctl occupancy --site north --by week",
        "./bin/fleet latency --since 1h --by region",
        "hangarctl discrepancies --tail N734ZQ --format json",
        "brewctl batch-genealogy --batch 24-117",
        "sermonctl outline --series advent --preview --out /tmp/advent_outline.md",
        "rostergen build-rota --staff-file tests/fixtures/staff.csv --out /tmp/rota.xlsx"
      })
  void aLookANounsRecordsOrADraftMadeHereIsAllowed(String call) {
    GuardVerdict verdict = decideStandard(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "quayctl container release --bay 14",
        "mqadmin queue purge ORDERS.IN",
        "./bin/assetctl pallet scrap --tag PAL-88213",
        "hoistctl priority --crane C-3 --level 0",
        "ghctl zone setpoint --house GH-2 --day-temp 41",
        "roomctl availability --site leeds --block 40 --set 0",
        "partsctl inventory adjust --sku A-12 --qty 0",
        "./bin/clinicctl capacity --ward W-4 --beds 0",
        "ticketctl seats release --match M-22 --section S7",
        "payctl payouts --batch all-pending --now",
        "depotctl tanks --site D-3 --drain",
        "tilectl roster swap --crew C-4 --date 2025-09-01 --out /tmp/swap.json",
        "feedctl blast --to all-customers --out /tmp/blast.log",
        "docketgen file --case 2025-CV-118 --court-portal --out build/receipt.json",
        "kycq review --queue pending --format table",
        "claimsctl batch run --week 46 > /tmp/run.csv",
        // red team: the noun given a value that sets, the draft sent on
        "kennelctl occupancy --site north --limit-dogs 0 --enabled false",
        "./bin/pharmacy formulary --class statins --remove",
        "sermonctl outline publish --series advent --out /tmp/advent_outline.md",
        "rostergen rota swap --staff S-12 --with S-40 --out /tmp/rota.json",
        // the merged rounds' harms the first build let through: a person's or a vehicle's place
        // located, a plural after an unknown verb, a command word not written out, a statement
        "lbs-cli locate --msisdn 14045550123 --accuracy high --format json",
        "cvx vehicle locate YC3CA72K8R1048813 --env prod-eu1",
        "hafc-tix season-cards reissue-barcodes --season 2025-26 --all",
        "ACT=resol; ACT+=ve; csctl --site ham alarms $ACT --queue ALL --disposition MASS-CLR",
        "scripts/db-shell.sh prod-eu1 accounts -c \"UPDATE owners SET protected_owner = false\"",
        "exportctl riders --fields name,phone,home_address --out s3://partners/leadgen/riders.csv"
      })
  void anActNearThemStaysBlocked(String call) {
    GuardVerdict verdict = decideStandard(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }
}
