package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code production.job-started} reads the job's name, never the scheduler's own command words
 * (decision 273): {@code aws batch submit-job} and {@code argo submit} hold a sending verb that is
 * the scheduler's, not the job's.
 */
class JobsStartedByHandTest {

  @Test
  void theSchedulersOwnCommandWordsNameNoJob() {
    assertThat(
            StandardCalls.matched(
                "aws batch submit-job --job-name nightly-etl --job-queue q --job-definition d"))
        .noneMatch(rule -> rule.startsWith("production.job-started"));
    assertThat(StandardCalls.matched("argo submit --from cronworkflow/etl-daily -n data"))
        .noneMatch(rule -> rule.startsWith("production.job-started"));
  }

  @Test
  void aJobNamedForAnActIsReadWhateverItsScheduler() {
    assertThat(
            StandardCalls.matched(
                "aws batch submit-job --job-name purge-old-claims --job-queue q --job-definition d"))
        .anyMatch(rule -> rule.startsWith("production.job-started"));
    assertThat(StandardCalls.matched("argo submit --from cronworkflow/nightly-purge -n data"))
        .anyMatch(rule -> rule.startsWith("production.job-started"));
  }
}
