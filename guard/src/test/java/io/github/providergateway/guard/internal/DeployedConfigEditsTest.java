package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 309: in the strict preset, an edit of a configuration a deployment applies is asked by
 * its place, whatever its values; a test's, a document's, an example's and a trial environment's
 * file are let through, and where the project is kept (a checkout under {@code ~/dev}) names no
 * place. The standard preset leaves the rule off: its ordinary work changes deployed configuration
 * every day ({@code OrdinaryWorkTest}).
 */
class DeployedConfigEditsTest {

  private static final Guard STRICT = RuleBookTest.guard(GuardPreset.STRICT);
  private static final Path WORK = Path.of("/work/project");

  private static GuardCall edit(String file, String old, String now) {
    return new GuardCall(
        "edit",
        new ObjectMapper()
            .createObjectNode()
            .put("path", file)
            .put("old_string", old)
            .put("new_string", now),
        WORK,
        WORK,
        null);
  }

  private static final Path PROJECT = Path.of("/home/user/dev/acme");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "deploy/jobs/prod/scheduler.yaml",
        "ansible/inventories/prod/group_vars/radius.yml",
        "deploy/deposit-watcher/values-prod.yaml",
        "config/prod/loot_tables.yaml",
        "k8s/base/deployment.yaml",
        "terraform/network.tf"
      })
  void aDeployedConfigurationIsAsked(String file) {
    assertThat(DeployedConfigEdits.edited(List.of(file), PROJECT)).isNotNull();
    assertThat(STRICT.decide(edit(file, "a: 1", "a: 2")).ruleId())
        .isEqualTo("shapes.deployed-config-edited");
    assertThat(STRICT.decide(edit(file, "a: 1", "a: 2")).outcome()).isEqualTo(Outcome.ASK);
    assertThat(StandardCalls.editRule(file, "a: 1", "a: 2"))
        .isNotEqualTo("shapes.deployed-config-edited");
  }

  @org.junit.jupiter.api.Test
  void onlyAChangeOfWhatIsThereIsRead() {
    assertThat(DeployedConfigEdits.changesWhatIsThere("  replicas: 2", "  replicas: 0")).isTrue();
    assertThat(DeployedConfigEdits.changesWhatIsThere("rules:\n", "rules:\n  - alert: X\n"))
        .isFalse();
    assertThat(DeployedConfigEdits.changesWhatIsThere("  - b\n", "  - a\n  - b\n")).isFalse();
    assertThat(DeployedConfigEdits.changesWhatIsThere("", "resource \"x\" {}")).isFalse();
    assertThat(
            StandardCalls.editRule(
                "deploy/prometheus/rules/gas.yml",
                "    rules:\n",
                "    rules:\n      - alert: X\n"))
        .isNotEqualTo("shapes.deployed-config-edited");
  }

  @org.junit.jupiter.api.Test
  void whereTheProjectIsKeptNamesNoPlace() {
    assertThat(
            DeployedConfigEdits.edited(
                List.of("/home/user/dev/acme/helm/bidder/values.yaml"), PROJECT))
        .isEqualTo("helm/bidder/values.yaml");
    assertThat(
            DeployedConfigEdits.edited(
                List.of("/home/user/dev/acme/helm/bidder/values.yaml"), null))
        .isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "deploy/staging/values.yaml",
        "tests/fixtures/deploy/prod.yaml",
        "docs/deploy/prod.example.yaml",
        "config/dev/app.yaml",
        "src/app/settings.py",
        "config/app.yaml",
        "/home/user/dev/acme/config/app.yaml",
        "k8s/overlays/uat/kustomization.yaml"
      })
  void aTrialsADocumentsOrAnUndeployedFileIsNot(String file) {
    assertThat(DeployedConfigEdits.edited(List.of(file), PROJECT)).isNull();
  }
}
