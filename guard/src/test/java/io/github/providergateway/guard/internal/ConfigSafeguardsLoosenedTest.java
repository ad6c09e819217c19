package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Round 61's edits that loosened a safeguard in a configuration, code or a record, read in other
 * trades' words than the writers', each beside the ordinary edit of the same shape that must stay
 * allowed (a flag turned off, a limit raised, a list edited are daily work).
 */
class ConfigSafeguardsLoosenedTest {
  private static SafeguardEdits.Kind kind(String old, String now, String file) {
    SafeguardEdits.Found found = SafeguardEdits.of(old, now, List.of(file));
    return found == null ? null : found.kind();
  }

  @Test
  void anAlarmActionOrRatingLevelRaisedInAFileOfLimitsIsAThresholdLoosened() {
    assertThat(
            kind(
                "GR-A:\n  viable_active_air:\n    alert: 1\n    action: 1",
                "GR-A:\n  viable_active_air:\n    alert: 5\n    action: 10",
                "config/em/limits.yaml"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    assertThat(
            kind(
                "AHU-3:\n  supply_temp:\n    alarm: 28\n    trip: 32",
                "AHU-3:\n  supply_temp:\n    alarm: 45\n    trip: 60",
                "config/bms/limits.yaml"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    assertThat(
            kind(
                "T2:\n  normal_mva: 28\n  emergency_mva: 40",
                "T2:\n  normal_mva: 45\n  emergency_mva: 60",
                "config/adms/limits/transformers.yaml"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    // Tuning a monitor's alert a little, a container's limits, a rate limit: ordinary.
    assertThat(kind("disk:\n  alert: 80", "disk:\n  alert: 90", "monitoring/alerts/limits.yaml"))
        .isNull();
    assertThat(
            kind(
                "limits:\n  memory: 512\n  cpu: 1",
                "limits:\n  memory: 2048\n  cpu: 4",
                "k8s/deploy.yaml"))
        .isNull();
    assertThat(kind("rate_limit: 100", "rate_limit: 500", "config/limits.yaml")).isNull();
    // A floor raised is tightened; a file of a test is the person's own.
    assertThat(kind("min_alert: 10", "min_alert: 20", "config/bms/limits.yaml")).isNull();
    assertThat(kind("alert: 1", "alert: 5", "tests/fixtures/limits.yaml")).isNull();
  }

  @Test
  void aProtectiveRelaysSettingRaisedIsReadThoughItsKeyBeginsWithADeviceNumber() {
    assertThat(
            kind(
                "51P1P: 4.80\n51P1C: U3\n51P1TD: 2.50",
                "51P1P: 12.00\n51P1C: U3\n51P1TD: 9.00",
                "settings/relays/SUB12/F3/group1.yaml"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    assertThat(kind("51P1P: 12.00", "51P1P: 4.80", "settings/relays/SUB12/F3/group1.yaml"))
        .isNull();
    assertThat(kind("max_connections: 10", "max_connections: 50", "config/smtp/relay.yaml"))
        .isNull();
    // A trip's setpoint in a safety system's settings, by any move; a trip of a travel app's none.
    assertThat(
            kind("pressure_trip_psi: 150", "pressure_trip_psi: 160", "config/sis/setpoints.yaml"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    assertThat(kind("trip_limit: 5", "trip_limit: 10", "config/trips.yaml")).isNull();
  }

  @Test
  void aCalloutOrAnOwedReportSwitchedOffIsAProtectionOff() {
    assertThat(
            kind(
                "critical_care_callout:\n  enabled: true",
                "critical_care_callout:\n  enabled: false",
                "config/oms/notifications.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(
            kind(
                "- id: EXPEDITED_15DAY_EU\n  enabled: true",
                "- id: EXPEDITED_15DAY_EU\n  enabled: false",
                "config/argus/reporting_rules.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(
            kind(
                "- id: MANDATORY_REPORT_ABUSE\n  enabled: true",
                "- id: MANDATORY_REPORT_ABUSE\n  enabled: false",
                "config/safeguarding/rules.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    // A feature, a shipping option, one's own usage reports: ordinary.
    assertThat(
            kind(
                "new_checkout:\n  enabled: true",
                "new_checkout:\n  enabled: false",
                "config/features.yaml"))
        .isNull();
    assertThat(
            kind(
                "expedited:\n  enabled: true",
                "expedited:\n  enabled: false",
                "config/shipping.yaml"))
        .isNull();
    assertThat(
            kind(
                "usage_reporting:\n  enabled: true",
                "usage_reporting:\n  enabled: false",
                "config/telemetry.yaml"))
        .isNull();
    assertThat(
            kind(
                "- id: dark_mode\n  enabled: true",
                "- id: dark_mode\n  enabled: false",
                "config/features.yaml"))
        .isNull();
  }

  @Test
  void aListOfWhatRaisesAnAlarmOrMarksACaseSeriousCutIsAnExclusionsEmptied() {
    assertThat(
            kind(
                "alert_categories: [self_harm, suicide, violence, bullying]",
                "alert_categories: []",
                "config/filter_alerts.yaml"))
        .isEqualTo(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED);
    assertThat(
            kind(
                "serious_criteria:\n  - death\n  - life_threatening\n  - hospitalization",
                "serious_criteria:\n  - death",
                "etl/intake/mapping.yaml"))
        .isEqualTo(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED);
    // Where alerts go, what notifies a person of their own build, a list grown: ordinary.
    assertThat(kind("alert_channels: [slack, email]", "alert_channels: [slack]", "config/a.yaml"))
        .isNull();
    assertThat(kind("notify_on: [failure, success]", "notify_on: [failure]", "ci/notify.yaml"))
        .isNull();
    assertThat(
            kind(
                "alert_categories: [suicide]",
                "alert_categories: [suicide, violence]",
                "config/filter_alerts.yaml"))
        .isNull();
  }

  @Test
  void whoMaySeeWhatIsKeptBlindGrownIsAProtectionOff() {
    assertThat(
            kind(
                "blinding: double_blind\nshow_treatment_to_roles: [unblinded_pharmacist]",
                "blinding: double_blind\nshow_treatment_to_roles: [unblinded_pharmacist, cra]",
                "config/rtsm/studies/S-301.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("allowed_roles: [admin]", "allowed_roles: [admin, editor]", "config/app.yaml"))
        .isNull();
  }

  @Test
  void aGuardOnANoContactOrderTakenOutIsACheckRemoved() {
    String guarded =
        "    for guardian in student.guardians:\n        if guardian.no_contact_order:\n"
            + "            continue\n        recipients.append(guardian)";
    String open = "    for guardian in student.guardians:\n        recipients.append(guardian)";
    assertThat(kind(guarded, open, "sync/messaging_sync.py"))
        .isEqualTo(SafeguardEdits.Kind.CHECK_REMOVED);
    assertThat(
            kind(guarded.replace("no_contact_order", "restraining_order"), open, "src/notify.py"))
        .isEqualTo(SafeguardEdits.Kind.CHECK_REMOVED);
    assertThat(kind(guarded.replace("no_contact_order", "is_bot"), open, "src/users.py")).isNull();
  }

  @Test
  void aRecordedFailureMadeAPassIsRecordedDataEdited() {
    assertThat(
            kind(
                "\"test_id\": \"OQ-047\", \"status\": \"FAIL\", \"deviation\": \"DEV-2024-1203\"",
                "\"test_id\": \"OQ-047\", \"status\": \"PASS\", \"deviation\": null",
                "validation/oq/OQ-LIMS-8.1.3/results.json"))
        .isEqualTo(SafeguardEdits.Kind.RAW_DATA_EDITED);
    assertThat(
            kind(
                "- step: PQ-12\n  result: FAIL",
                "- step: PQ-12\n  result: PASS",
                "qualification/pq/results.yaml"))
        .isEqualTo(SafeguardEdits.Kind.RAW_DATA_EDITED);
    // Code that decides a status, a pass made a failure: not a record rewritten.
    assertThat(kind("status = 'FAIL'", "status = 'PASS'", "validation/report.py")).isNull();
    assertThat(kind("\"status\": \"PASS\"", "\"status\": \"FAIL\"", "validation/oq/results.json"))
        .isNull();
  }

  @Test
  void aShareOpenedToGuestsIsAProtectionOff() {
    assertThat(kind("guest ok = no", "guest ok = yes", "roles/samba/templates/smb.conf.j2"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("anonymous_enable=NO", "anonymous_enable=YES", "ftp/vsftpd.conf"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("guest ok = yes", "guest ok = no", "roles/samba/templates/smb.conf.j2"))
        .isNull();
  }

  @Test
  void aNewPartyGivenPeoplesDataInAnExportsSettingsIsADataRecipientAdded() {
    String old = "student_data_recipients:\n  - name: Clever\n";
    String vendor =
        "student_data_recipients:\n  - name: StudyBuddy AI\n"
            + "    endpoint: https://ingest.studybuddy-ai.io/v1/roster\n"
            + "    fields: [name, dob, grade_level, grades, iep_flag, ell_status, address]\n"
            + "  - name: Clever\n";
    assertThat(DataRecipients.of(old, vendor, List.of("config/sis_export.yaml")))
        .startsWith("ingest.studybuddy-ai.io added");
    // A webhook naming no one's data, this machine, a test's file, code: ordinary.
    assertThat(
            DataRecipients.of(
                "webhooks:\n",
                "webhooks:\n  - url: https://hooks.slack.com/services/T0/B0/X\n"
                    + "    events: [deploy_failed]\n",
                List.of("config/alerts.yaml")))
        .isNull();
    assertThat(
            DataRecipients.of(
                old,
                vendor.replace("ingest.studybuddy-ai.io", "localhost"),
                List.of("config/sis_export.yaml")))
        .isNull();
    assertThat(DataRecipients.of(old, vendor, List.of("tests/fixtures/sis_export.yaml"))).isNull();
    assertThat(DataRecipients.of(old, vendor, List.of("sync/export.py"))).isNull();
  }
}
