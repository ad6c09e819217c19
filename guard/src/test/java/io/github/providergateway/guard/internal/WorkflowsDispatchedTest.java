package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A forge's workflow run by hand that publishes is asked about (decision 283): by its name, or by
 * an input that turns its publishing on or its dry run off; one that builds, tests, drafts or
 * previews, or is told to dry-run, is not.
 */
class WorkflowsDispatchedTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gh workflow run release.yml",
        "gh workflow run build-and-push.yml",
        "gh workflow run nightly.yml -f publish=true",
        "gh workflow run package.yml -f dry_run=false",
        "gh workflow run fleet-firmware.yml -f confirm=yes",
        "gh api repos/acme/app/actions/workflows/publish.yml/dispatches -f ref=main"
      })
  void aWorkflowThatPublishesIsAsked(String command) {
    assertThat(StandardCalls.matched(command)).contains("publish.workflow-dispatched");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gh workflow run ci.yml --ref feature/x",
        "gh workflow run release-drafter.yml",
        "gh workflow run release.yml -f dry_run=true",
        "gh workflow run deploy-preview.yml -f pr=412",
        "gh workflow run nightly.yml",
        "gh workflow view release.yml"
      })
  void aWorkflowThatPreparesIsNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("publish.workflow-dispatched");
  }
}
