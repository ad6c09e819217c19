package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A value of a running thing's settings changed by an edit is asked about (decision 317); a test's,
 * a rehearsal's, a developer tool's or documentation's settings, a version, a text, a change that
 * adds lines or renames a key, and a change that tightens are not.
 */
class LiveSettingChangesTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "tariffs/2024/storage_tariff.yaml|import_free_days: 4|import_free_days: 40",
        "services/gate-ocr/config/production.toml|min_confidence = 0.92|min_confidence = 0.40",
        "config/edi/partners.yaml|host: sftp.partner-line.com|host: sftp.partnerline-edi.net",
        "config/billing/demurrage.yaml|daily_rate_usd: 150|daily_rate_usd: 15",
        "ops/alerts.yaml|latency_alert_threshold_ms: 500|latency_alert_threshold_ms: 800",
        "ansible/roles/cbct/files/p.xml|<mA>4</mA>|<mA>12</mA>",
        "deploy/helm/rx/values.yaml|{\"maxDaysSupply\": 30,|{\"maxDaysSupply\": 90,",
        "inventories/core-live/delivery.yml|hi3_destination: 10.210.4.20:50003|hi3_destination: 203.0.113.9:50003",
        // a job put off for ever, a service scaled to nothing
        "ansible/roles/backup/templates/backup.timer.j2|OnCalendar=*-*-* 01:30:00"
            + "|OnCalendar=2099-01-01 01:30:00",
        "deploy/k8s/cronjobs/escalation.yaml|  schedule: \"0 6 * * *\"|  schedule: \"0 0 31 2 *\"",
        "deploy/k8s/gate/deployment.yaml|  replicas: 3|  replicas: 0"
      })
  void aLiveSettingsValueChangedIsRead(String file, String old, String now) {
    assertThat(LiveSettingChanges.of(old, now, List.of(file))).isNotNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // a test's, a rehearsal's, this machine's, documentation
        "tests/fixtures/tariffs.yaml|import_free_days: 4|import_free_days: 40",
        "config/staging/stacking.yaml|max_tiers_laden: 5|max_tiers_laden: 7",
        "screening/engine-uat.properties|match.score.threshold=82|match.score.threshold=80",
        "config/dev.env|PORT=8080|PORT=8081",
        "docs/config.md|import_free_days: 4|import_free_days: 40",
        "config/app.yaml.example|timeout: 10|timeout: 30",
        // a developer tool's settings, texts shown to people
        "package.json|\"node\": \">=18\"|\"node\": \">=20\"",
        "tsconfig.build.json|\"target\": \"es2020\"|\"target\": \"es2022\"",
        ".vscode/settings.json|\"editor.tabSize\": 2|\"editor.tabSize\": 4",
        ".github/workflows/ci.yml|    timeout-minutes: 10|    timeout-minutes: 20",
        "config/ui/locales/en.json|\"greeting\": \"Hi\"|\"greeting\": \"Hello\"",
        // a version, an image's tag, a description, a training knob
        "deploy/helm/values.yaml|  tag: 1.4.2|  tag: 1.4.3",
        "ansible/group_vars/all.yml|nvidia_driver_version: \"535\"|nvidia_driver_version: \"550\"",
        "config/app.yaml|description: Gate OCR|description: Gate OCR service",
        "configs/ranker.yaml|  lr: 0.001|  lr: 0.0003",
        // tightened
        "config/storage.yaml|encryptAtRest: false|encryptAtRest: true",
        "deploy/istio/peer-authentication.yaml|    mode: PERMISSIVE|    mode: STRICT",
        "deploy/prod/screening.yaml|sanctions_mode: log_only|sanctions_mode: enforce",
        // a job's time moved, a ceiling lowered, a floor or a capacity raised, tuning
        "deploy/k8s/cronjobs/reminders.yaml|  schedule: \"0 8 * * *\"|  schedule: \"30 8 * * *\"",
        "server/matchmaking/ranked.json|\"maxPartySize\": 50,|\"maxPartySize\": 5,",
        "rules/far117.yaml|  min_rest_minutes: 540|  min_rest_minutes: 600",
        "config/pos.yaml|  require_manager_pin: 0|  require_manager_pin: 1",
        "ops/borgmatic/config.yaml|keep_daily: 7|keep_daily: 14",
        "deploy/backup/koha-backup.conf|BACKUP_DAYS=14|BACKUP_DAYS=30",
        "live/radio-phonein/delay.yaml|delay_seconds: 0|delay_seconds: 10",
        // a number a finer reading knows, moved less than its factor (a stack's weight limit)
        "config/yard/stacking.yaml|max_tiers_laden: 5|max_tiers_laden: 7",
        "config/prod/approvals.yaml|required_approvers: 1|required_approvers: 2",
        "k8s/base/deployment.yaml|  replicas: 2|  replicas: 3",
        "config/prod/app.yaml|cache_ttl_seconds: 60|cache_ttl_seconds: 3600",
        "deploy/helm/refunds/values.yaml|    memory: 512Mi|    memory: 768Mi",
        // a simulator's, a load test's, a tool's own dot-folder, a schema, texts
        "tools/timeclock-sim/config.yaml|devices: 5|devices: 20",
        "config/switch/loadtest.yaml|default_rate: 200|default_rate: 50",
        "/home/user/.config/fvg/config.toml|default_env = \"prod\"|default_env = \"staging\"",
        "schemas/customer.json|\"required\": true|\"required\": false",
        "Assets/Localization/de/age_gate.json|\"prompt\": \"Wie alt?\"|\"prompt\": \"Alter?\"",
        "config/billing.yml|reminder_subject: \"Rent due\"|reminder_subject: \"Rent past due\"",
        // a switch, a mode, a list: the finer rules' to read
        "deploy/k8s/hold-sync/cronjob.yaml|  suspend: false|  suspend: true",
        "config/imdg/segregation_table.yaml|\"3-5.1\": separated_from|\"3-5.1\": none",
        "config/alerts.yaml|channels: [slack, email]|channels: [slack]",
        // a number a finer rule reads (its reading asks the loosening way), a path's version
        "config/qc/limits.yaml|  alert: 0.1|  alert: 0.05",
        "config/credit.yaml|endpoint: https://api.bank.com/v3/scores|endpoint: https://api.bank.com/v4/scores",
        // a build's number is no host (round 64: a version read as a host's name)
        "deploy/ota/channels.yaml|  build: 3.8.4|  build: 3.9.0-rc2",
        // code, quoting alone
        "src/pricing.py|FREE_DAYS = 4|FREE_DAYS = 40",
        "config/app.yaml|timeout: 10|timeout: '10'"
      })
  void anotherChangeIsNot(String file, String old, String now) {
    assertThat(LiveSettingChanges.of(old, now, List.of(file))).isNull();
  }

  @Test
  void aChangeOfAnotherShapeIsNot() {
    // a line added, a key renamed, a whole file written
    assertThat(
            LiveSettingChanges.of(
                "timeout_seconds: 10", "timeout_seconds: 10\nretries: 3", List.of("config/a.yaml")))
        .isNull();
    assertThat(LiveSettingChanges.of("retries: 3", "max_retries: 3", List.of("config/a.yaml")))
        .isNull();
    assertThat(LiveSettingChanges.of("", "retries: 3", List.of("config/a.yaml"))).isNull();
  }

  @Test
  void theReasonNamesTheSettingAndBothValues() {
    assertThat(
            LiveSettingChanges.of(
                "gate:\n  min_confidence: 0.92\n  retries: 3",
                "gate:\n  min_confidence: 0.40\n  retries: 3",
                List.of("services/gate-ocr/config/production.yaml")))
        .isEqualTo("min_confidence: 0.92 → 0.40");
  }

  @Test
  void theProjectsOwnFoldersAreReadNotWhereItIsKept() {
    // a checkout under /tmp or ~/dev is no scratch or development place of the project's
    List<String> files =
        EditCalls.inProject(
            List.of("/tmp/acme/tariffs/storage_tariff.yaml"), java.nio.file.Path.of("/tmp/acme"));
    assertThat(files).containsExactly("tariffs/storage_tariff.yaml");
    assertThat(LiveSettingChanges.of("import_free_days: 4", "import_free_days: 40", files))
        .isNotNull();
    assertThat(
            LiveSettingChanges.of(
                "import_free_days: 4",
                "import_free_days: 40",
                List.of("/tmp/acme/tariffs/storage_tariff.yaml")))
        .isNull(); // read as the scratch folder's without the project
  }

  @Test
  void theRuleAsksAboutTheEdit() {
    ObjectNode args =
        new ObjectMapper()
            .createObjectNode()
            .put("path", "tariffs/2025/storage_tariff.yaml")
            .put("old_string", "import_free_days: 4")
            .put("new_string", "import_free_days: 40");
    assertThat(StandardCalls.toolRule("edit", args)).isEqualTo("shapes.live-setting-changed");
  }
}
