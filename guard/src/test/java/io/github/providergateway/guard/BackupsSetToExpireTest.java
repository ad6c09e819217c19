package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Round 66: a bucket's lifecycle rule set by Backblaze B2's, s3cmd's or OCI's client sets its data
 * to delete itself later, as gsutil's does ({@code cloud.bucket-rules-expire}, beside {@code
 * cloud.data-expires}); reading the rule, updating the bucket without one and clearing its rules
 * are ordinary work.
 */
class BackupsSetToExpireTest {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aLifecycleRuleSetByAnyProvidersClientIsAsked() {
    for (String command :
        new String[] {
          "b2 bucket update office-backup allPrivate --lifecycle-rules"
              + " '[{\"fileNamePrefix\":\"\",\"daysFromHidingToDeleting\":1}]'",
          "b2 update-bucket --lifecycleRules '[{\"daysFromHidingToDeleting\":1}]' office-backup"
              + " allPrivate",
          "oci os object-lifecycle-policy put --bucket-name backups --items file://lc.json",
          "s3cmd expire s3://backups --expiry-days 7"
        }) {
      assertThat(guard.decide(shell(command)))
          .as(command)
          .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
          .containsExactly(Outcome.ASK, "cloud.bucket-rules-expire");
    }
  }

  @Test
  void b2sOtherCommandsAreStillReadByTheirVerbs() {
    assertThat(guard.decide(shell("b2 delete-bucket office-backups")).outcome())
        .isEqualTo(Outcome.DENY);
  }

  @Test
  void readingTheRuleOrClearingItIsOrdinary() {
    for (String command :
        new String[] {
          "b2 bucket get office-backup",
          "b2 bucket update office-backup allPrivate --lifecycle-rules '[]'"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
