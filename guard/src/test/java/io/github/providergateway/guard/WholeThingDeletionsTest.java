package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Deleting a whole thing on a platform or cloud, or with a flag that leaves no way back, is denied
 * as {@code terraform destroy} is (issue 60); deleting one resource the tool can still confirm, or
 * that leaves a snapshot, keeps {@code cloud.delete}'s ask; scaling one workload is the person's
 * everyday work.
 */
class WholeThingDeletionsTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          terraform destroy => infra.terraform-destroy => DENY
          gcloud projects delete shop --quiet => cloud.project-delete => DENY
          az group delete --name shop-rg --yes => cloud.project-delete => DENY
          aws rds delete-db-instance --db-instance-identifier db --skip-final-snapshot => cloud.database-delete => DENY
          aws rds delete-db-instance --db-instance-identifier db --final-db-snapshot-identifier last => cloud.delete => ASK
          aws ec2 terminate-instances --instance-ids i-1 => cloud.terminate => DENY
          aws ec2 terminate-instances --dry-run --instance-ids i-1 => cloud.delete => ASK
          doctl compute droplet delete web-1 --force => cloud.terminate => DENY
          doctl compute droplet delete web-1 => cloud.delete => ASK
          gcloud compute instances delete web-1 --delete-disks=all => cloud.terminate => DENY
          gcloud compute instances delete web-1 => cloud.delete => ASK
          aws s3 rb s3://acme-scratch --force => cloud.bucket-delete => DENY
          aws s3 rb s3://acme-scratch => cloud.delete => ASK
          gh repo delete acme/api --yes => cloud.repo-delete => DENY
          gh api -X DELETE repos/acme/api => cloud.repo-delete => DENY
          kubectl scale deploy --all --replicas=0 => infra.kubectl-scale-all => DENY
          kubectl delete deploy --all => infra.kubectl-delete-namespace => DENY
          kubectl scale deploy web --replicas=0 -n dev => - => ALLOW
          gh api -X DELETE repos/acme/api/git/refs/heads/old => git.push-delete => DENY
          """)
  void decides(String command, String rule, Outcome outcome) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(outcome);
    if (outcome != Outcome.ALLOW) {
      assertThat(verdict.ruleId()).as(command).isEqualTo(rule);
    }
  }
}
