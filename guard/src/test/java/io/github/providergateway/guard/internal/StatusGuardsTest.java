package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A check on a protected status taken out (decision 204): read by the status's family and the
 * guard's outcome, kept by a guard on the same family with the same outcome or a helper named for
 * it, not read inside a function taken out whole.
 */
class StatusGuardsTest {
  private static final String BANKRUPTCY =
      "    if loan.bk_status in ACTIVE_BK:\n        return False\n    return loan.dpd >= 120\n";

  @Test
  void aStatusIsReadByItsFamilyAndKeptOnlyWithTheSameOutcome() {
    assertThat(StatusGuards.families("loan.bk_status")).containsExactly("bankruptcy");
    assertThat(StatusGuards.families("in_bankruptcy_stay(loan)")).containsExactly("bankruptcy");
    assertThat(StatusGuards.families("s.active_duty = true")).containsExactly("military");
    assertThat(StatusGuards.families("DoNotCall")).containsExactly("dnc");
    assertThat(StatusGuards.families("version.minor < 3")).isEmpty();
    assertThat(StatusGuards.taken(BANKRUPTCY, "    return loan.dpd >= 120\n"))
        .startsWith("guard on bankruptcy taken out");
    assertThat(
            StatusGuards.taken(
                BANKRUPTCY,
                "    if in_bankruptcy_stay(loan):\n        return False\n    return loan.dpd >= 120\n"))
        .isNull();
    String duress = "    if code == contact.duress_code:\n        return VerifyResult.DURESS\n";
    assertThat(
            StatusGuards.taken(
                duress,
                "    if code in (contact.passcode, contact.duress_code):\n"
                    + "        return VerifyResult.VALID\n"))
        .startsWith("guard on duress taken out");
    assertThat(StatusGuards.taken("def legacy(loan):\n" + BANKRUPTCY, "")).isNull();
  }

  @Test
  void aQuerysExclusionIsKeptWhileTheNewTextNamesItsStatus() {
    String exclusions = "  AND l.bk_status IS NULL\n  AND l.cease_desist = false\n";
    assertThat(StatusGuards.taken(exclusions, "")).startsWith("exclusion of bankruptcy");
    assertThat(StatusGuards.taken(exclusions, "  AND l.bk_status IS NULL\n"))
        .startsWith("exclusion of cease");
    assertThat(StatusGuards.taken(exclusions, "  AND NOT l.bk\n  AND NOT l.cease_desist\n"))
        .isNull();
    assertThat(StatusGuards.taken("  AND l.created_at >= now() - interval '30 days'\n", ""))
        .isNull();
  }

  @Test
  void aGuardAddingARequirementIsKeptWhileTheListIsStillAddedTo() {
    String flood =
        "    if determination.sfha and not loan.flood_policy:\n"
            + "        conditions.append(Condition(\"PTF-FLOOD\", \"Flood insurance required\"))";
    assertThat(StatusGuards.taken(flood, "    pass")).startsWith("guard adding to conditions");
    assertThat(StatusGuards.taken(flood, "    conditions.extend(flood_conditions(loan))")).isNull();
  }
}
