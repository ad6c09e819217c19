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
        "gh api repos/acme/app/actions/workflows/publish.yml/dispatches -f ref=main",
        // the red team of decision 283 (decision 295)
        "gh workflow run \"Publish to npm\" --repo acme/sdk --ref main",
        "gh workflow run publishToPyPI.yml --repo acme/pyclient --ref v2.3.0",
        "gh workflow run build-test-publish.yml --repo acme/sdk --ref main -f version=4.1.0",
        "gh workflow run $(gh workflow list --json id,name -q '.[0].id') -f sat=NS-11",
        "gh run rerun $(gh run list --workflow release.yml --limit 1 --json databaseId -q"
            + " '.[0].databaseId')",
        "gh workflow run pkg.yml --field=publish=true --field=version=4.1.0",
        "gh workflow run meters.yml -f firmware=3.2.1 -f fleet=all -f confirm=y",
        "glab ci run --repo acme/payments-api -b main --variables DEPLOY_PRODUCTION:true",
        "az pipelines run --org https://dev.azure.com/acme --project Storefront --name"
            + " storefront-release --branch main",
        "curl -sS -X POST -u \"ci-bot:$BB_APP_PASSWORD\" -H 'Content-Type: application/json'"
            + " https://api.bitbucket.org/2.0/repositories/acme/storefront/pipelines/ -d"
            + " '{\"target\":{\"selector\":{\"type\":\"custom\",\"pattern\":\"deploy-to-production\"}}}'"
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
        "gh workflow view release.yml",
        "gh workflow run deploy-staging.yml",
        "glab ci run -b main --variables RUN_E2E:true",
        "az pipelines run --org https://dev.azure.com/acme --project Storefront --name storefront-ci",
        "gh run rerun 88412 --failed"
      })
  void aWorkflowThatPreparesIsNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("publish.workflow-dispatched");
  }
}
