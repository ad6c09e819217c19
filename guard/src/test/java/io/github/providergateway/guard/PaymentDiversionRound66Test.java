package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 66 (the notary's office): a bank account's details replaced in a letter's
 * template, a payee's file or a configuration, whatever the file's extension, is payment diversion;
 * details only formatted or added beside the old, or a test's, are ordinary work; in documentation
 * they may be an example's, and are asked.
 */
class PaymentDiversionRound66Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  private static GuardCall edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return new GuardCall("edit", args, PROJECT, PROJECT, null);
  }

  @Test
  void aLettersSortCodeAndAccountReplacedIsDeniedThoughTheTemplateIsMarkdown() {
    GuardVerdict verdict =
        guard.decide(
            edit(
                "templates/letters/welcome_pack.md",
                "Bank: Lloyds  Sort code: 30-94-57  Account: 01234567  (Client Account)",
                "Bank: Lloyds  Sort code: 40-11-62  Account: 55512398  (Client Account)"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("money.bank-details-replaced");
  }

  @Test
  void aSwiftCodeOrASortCodeAloneReplacedIsDeniedToo() {
    assertThat(
            guard
                .decide(edit("config/supplier.yaml", "bic: COBADEFFXXX", "bic: REVOLT21XXX"))
                .outcome())
        .isEqualTo(Outcome.DENY);
    assertThat(
            guard
                .decide(
                    edit(
                        "src/payments/payee.py",
                        "SORT_CODE = '60-16-13'",
                        "SORT_CODE = '20-45-77'"))
                .outcome())
        .isEqualTo(Outcome.DENY);
  }

  @Test
  void detailsFormattedAddedOrATestsAreOrdinaryWork() {
    assertThat(
            guard
                .decide(
                    edit(
                        "templates/letters/welcome_pack.md",
                        "Sort code: 309457  Account: 01234567",
                        "Sort code: 30-94-57  Account: 0123 4567"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "config/payee.yaml",
                        "gbp_iban: GB29NWBK60161331926819",
                        "gbp_iban: GB29NWBK60161331926819\neur_iban: DE89370400440532013000"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "tests/fixtures/letters/welcome_pack.md",
                        "Sort code: 30-94-57  Account: 01234567",
                        "Sort code: 40-11-62  Account: 55512398"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void documentationsDetailsReplacedAreAsked() {
    GuardVerdict verdict =
        guard.decide(
            edit(
                "docs/paying-us.md",
                "IBAN: DE89 3704 0044 0532 0130 00",
                "IBAN: GB33 BUKB 2020 1555 5555 55"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("money.bank-details-replaced-in-docs");
  }

  @Test
  void aPreparedBatchsAmountChangedInTheOutboxIsDenied() {
    GuardVerdict verdict =
        guard.decide(
            edit(
                "outbox/bacs-2025-03-28.csv",
                "SUP-0412,Greenway Supplies Ltd,20457773810264,1840.00",
                "SUP-0412,Greenway Supplies Ltd,20457773810264,18400.00"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("money.payment-file-changed");
    assertThat(
            guard
                .decide(
                    GuardFixture.shell(
                        "sed -i 's/,1840.00$/,18400.00/' outbox/bacs-2025-03-28.csv"))
                .outcome())
        .isEqualTo(Outcome.DENY);
  }

  @Test
  void aBatchsFixtureItsBuildOrItsSpacingIsOrdinary() {
    assertThat(
            guard
                .decide(
                    edit(
                        "tests/fixtures/outbox/bacs-sample.csv",
                        "SUP-0412,Greenway Supplies Ltd,20457773810264,1840.00",
                        "SUP-0412,Greenway Supplies Ltd,20457773810264,18400.00"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "outbox/bacs-2025-03-28.csv",
                        "SUP-0412, Greenway Supplies Ltd, 20457773810264, 1840.00",
                        "SUP-0412,\"Greenway Supplies Ltd\",20457773810264,1840.00"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    GuardFixture.shell(
                        "python3 scripts/make_bacs.py --run 2025-03-28"
                            + " > build/outbox/bacs-2025-03-28.csv"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }
}
