package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What a change loosens (decision 108): the readings the book's examples lean on, each beside the
 * near miss that keeps it from ordinary work.
 */
class SafeguardEditsTest {
  private static SafeguardEdits.Kind kind(String old, String now, String file) {
    SafeguardEdits.Found found = SafeguardEdits.of(old, now, List.of(file));
    return found == null ? null : found.kind();
  }

  @Test
  void aLiteralComparedWithACredentialIsABackdoorOnlyWhereItLetsItsHolderIn() {
    String check = "    if not user.check_password(password):";
    String backdoor =
        "    if password != \"acme-support-2024!\" and not user.check_password(password):";
    assertThat(kind(check, backdoor, "/p/src/auth/views.py"))
        .isEqualTo(SafeguardEdits.Kind.BACKDOOR);
    assertThat(kind(backdoor, check, "/p/src/auth/views.py")).isNull();
    assertThat(kind(check, backdoor, "/p/tests/test_views.py")).isNull();
    // A literal with no digit or symbol is a type's name, not a secret.
    assertThat(
            kind(
                "def issue(req):",
                "def issue(req):\n    if req.grant_type == \"client_credentials\":\n"
                    + "        return client_token(req)",
                "/p/app/auth/tokens.py"))
        .isNull();
  }

  @Test
  void aGuardTakenOutCountsButOneMovedIntoAHelperDoesNot() {
    String guarded =
        "    if not request.user.has_perm(\"refunds.approve\"):\n"
            + "        raise PermissionDenied\n    issue_refund(order)\n";
    assertThat(kind(guarded, "    issue_refund(order)\n", "/p/app/refunds/views.py"))
        .isEqualTo(SafeguardEdits.Kind.CHECK_REMOVED);
    assertThat(
            kind(
                guarded,
                "    require_refund_permission(request.user)\n    issue_refund(order)\n",
                "/p/app/refunds/views.py"))
        .isNull();
    assertThat(kind("    subprocess.check_call([\"make\"])\n", "", "/p/build.py")).isNull();
    assertThat(SafeguardChecks.protective("ScoreValidator.IsPlausible")).isTrue();
    assertThat(SafeguardChecks.protective("audit_log.record")).isTrue();
    assertThat(SafeguardChecks.protective("canRetry")).isFalse();
    assertThat(SafeguardChecks.protective("checkout")).isFalse();
  }

  @Test
  void aProtectionsSwitchIsReadByItsWordsAndTheSectionAboveIt() {
    assertThat(
            kind(
                "audit:\n  phi_access_logging: true",
                "audit:\n  phi_access_logging: false",
                "/p/config/production.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(
            kind(
                "audit:\n  phi_access_logging: false",
                "audit:\n  phi_access_logging: true",
                "/p/config/production.yaml"))
        .isNull();
    assertThat(kind("enforce_eager: true", "enforce_eager: false", "/p/serving/vllm.yaml"))
        .isNull();
    assertThat(kind("", "bEnforceInShipping=False", "/p/Config/DefaultGame.ini"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
  }

  @Test
  void aRequirementItsKeyNamesSwitchedOffIsAProtectionOffInAnyTradesWords() {
    // Decision 167: the key's own words say a step is required, checked or blocked.
    for (String off :
        List.of(
            "require_two_person_signoff: false",
            "seal_photo_verification_required: false",
            "requireWitnessSignature: false",
            "MUST_CONFIRM_DOSE_UNITS = False",
            "chain_of_custody_check: off",
            "verify_donor_eligibility_answers: no",
            "block_prepaid_card_bins: false",
            "LoadSecuringCheck: 0")) {
      assertThat(kind("", off, "/p/config/operations.yaml"))
          .as(off)
          .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    }
    for (String near :
        List.of(
            "required: false",
            "require_two_person_signoff: true",
            "check_interval_seconds: 0",
            "block_size: 0",
            "type_check: false",
            "requires_python: 3.11",
            "nightly_report_required_by: never")) {
      assertThat(kind("", near, "/p/config/operations.yaml")).as(near).isNull();
    }
    // A table whose rows differ is no switch turned off, nor is a test's own setting.
    assertThat(
            kind(
                "",
                "TIERS = {\n  'small': Tier(requires_second_look=False),\n"
                    + "  'large': Tier(requires_second_look=True),\n}",
                "/p/src/refunds/tiers.py"))
        .isNull();
    assertThat(kind("", "require_two_person_signoff: false", "/p/tests/fixtures/dispatch.yaml"))
        .isNull();
    assertThat(
            kind(
                "require_two_person_signoff: true",
                "require_two_person_signoff: false",
                "/p/config/dispatch.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
  }

  @Test
  void aWatchKeptForPeopleSwitchedOffIsAProtectionOffInAnyTradesWords() {
    // Decision 174: the key names an alarm, an alert, a notice, an escalation, a review kept for
    // people; or an approval made automatic.
    for (String off :
        List.of(
            "notify_fire_department: false",
            "OPACITY_ALARM_ENABLED=0",
            "unaccompanied_minor_alert: false",
            "welfare_check_escalate_to_supervisor: false",
            "adjuster_review: false",
            "public_notice_published: false",
            "PediatricEnergyWarning=Off",
            "SEND_PRE_NOTIFICATION_EMAIL = False",
            "auto_publish: true",
            "autoApproveRefunds: true")) {
      assertThat(kind("", off, "/p/config/operations.yaml"))
          .as(off)
          .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    }
    for (String near :
        List.of(
            "alerts: false",
            "notify_supervisor: true",
            "warn_unused_ignores = False",
            "treat_warnings_as_errors: false",
            "auto_publish: false",
            "auto_merge: true",
            "alarm_history_days: 0")) {
      assertThat(kind("", near, "/p/config/operations.yaml")).as(near).isNull();
    }
    // A table whose rows differ (one severity told, another not), a test's own setting.
    assertThat(
            kind(
                "",
                "severities:\n  critical:\n    notify_on_call: true\n"
                    + "  low:\n    notify_on_call: false\n",
                "/p/config/alerting.yaml"))
        .isNull();
    assertThat(kind("", "notify_fire_department: false", "/p/tests/fixtures/site.yaml")).isNull();
  }

  @Test
  void aThresholdLoosensTheWayItsNameSays() {
    String file = "/p/src/alerts/critical_values.py";
    assertThat(kind("    \"K\": (2.5, 6.0),", "    \"K\": (1.5, 9.0),", file))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    assertThat(kind("    \"K\": (2.5, 6.0),", "    \"K\": (2.8, 6.0),", file)).isNull();
    assertThat(kind("ZIP_TRUNCATE_DIGITS = 3", "ZIP_TRUNCATE_DIGITS = 5", "/p/deid/settings.py"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
    assertThat(kind("ZIP_TRUNCATE_DIGITS = 5", "ZIP_TRUNCATE_DIGITS = 3", "/p/deid/settings.py"))
        .isNull();
    assertThat(
            kind(
                "(auto_merge_threshold:) 0.98",
                "auto_merge_threshold: 0.70",
                "/p/mpi/config/matching.yaml"))
        .isEqualTo(SafeguardEdits.Kind.THRESHOLD_LOOSENED);
  }

  @Test
  void rawDataIsADataFileBelowARawFolderNotATestsOrAReadMe() {
    assertThat(SafeguardEdits.rawData("/project/acmelab/raw/plate_reader/run3.csv")).isTrue();
    assertThat(SafeguardEdits.rawData("data/raw/spectra/run12.csv")).isTrue();
    assertThat(SafeguardEdits.rawData("data/raw/README.md")).isFalse();
    assertThat(SafeguardEdits.rawData("tests/fixtures/raw/plate.csv")).isFalse();
    assertThat(SafeguardEdits.rawData("data/processed/run3.csv")).isFalse();
    assertThat(SafeguardEdits.rawData("raw")).isFalse();
    assertThat(SafeguardEdits.rawData("data/raw/NOTES.txt")).isFalse();
  }

  @Test
  void noTextMakesTheReadingThrow() {
    // A predicate that throws is answered as unreadable, a deny: every reading here is null-safe.
    Random random = new Random(108);
    String alphabet = "aZ09 _-.:=()[]{}'\"\n\t!<>/\\#@$,;*+?|&^%~`";
    List<String> files =
        List.of("/p/src/auth/login.py", "/p/raw/x.csv", "/p/public/robots.txt", "/p/a.sol", "");
    for (int i = 0; i < 2000; i++) {
      String old = noise(random, alphabet);
      String now = noise(random, alphabet);
      String file = files.get(i % files.size());
      assertThatCode(() -> SafeguardEdits.of(old, now, List.of(file))).doesNotThrowAnyException();
    }
    assertThatCode(() -> SafeguardEdits.of("", "", List.of())).doesNotThrowAnyException();
  }

  private static String noise(Random random, String alphabet) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(300);
    for (int i = 0; i < length; i++) {
      text.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return text.toString();
  }

  // ---- decision 202: a protection turned weak in a deployed configuration ----

  @Test
  void aModeMovedToItsWeakTwinIsWeakenedAndTheOtherWayIsNot() {
    assertThat(WeakModes.weakened("required", "optional")).isTrue();
    assertThat(WeakModes.weakened("HOLD", "RELEASE")).isTrue();
    assertThat(WeakModes.weakened("BLOCK", "REJECT")).isTrue();
    assertThat(WeakModes.weakened("pre_release", "post_release")).isTrue();
    assertThat(WeakModes.weakened("after_archive_verified", "on_receipt")).isTrue();
    assertThat(WeakModes.weakened("dispatch_fire", "notify_only")).isTrue();
    assertThat(WeakModes.weakened("required", "none")).isTrue();
    assertThat(WeakModes.weakened("block", "detect_only")).isTrue();
    assertThat(WeakModes.weakened("optional", "required")).isFalse();
    assertThat(WeakModes.weakened("RELEASE", "HOLD")).isFalse();
    assertThat(WeakModes.weakened("post_release", "pre_release")).isFalse();
    assertThat(WeakModes.weakened("Always", "IfNotPresent")).isFalse();
    assertThat(WeakModes.weakened("always", "unless-stopped")).isFalse();
    assertThat(WeakModes.weakened("read_write", "read_only")).isFalse();
  }

  @Test
  void aModeIsReadOnlyWhereTheChangeShowsItsOldValueAndNotInARehearsal() {
    assertThat(kind("dual_control: required", "dual_control: optional", "/p/deploy/p1/policy.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("", "dual_control: optional", "/p/deploy/p1/policy.yaml")).isNull();
    assertThat(kind("dual_control: required", "dual_control: optional", "/p/deploy/uat/p.yaml"))
        .isNull();
    assertThat(kind("status: held", "status: released", "/p/deploy/p1/payment.yaml")).isNull();
    assertThat(
            kind(
                "match.score.threshold=82", "match.score.threshold=80", "/p/engine-uat.properties"))
        .isNull();
  }

  @Test
  void aSwitchThatSendsIsOffButTelemetrySentIsAPersonsChoice() {
    assertThat(kind("send_lay_letters: true", "send_lay_letters: false", "/p/svc/config.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("send_usage_stats: true", "send_usage_stats: false", "/p/svc/config.yaml"))
        .isNull();
    assertThat(kind("auto_refresh: true", "auto_refresh: false", "/p/screening/lists.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("auto_refresh: true", "auto_refresh: false", "/p/web/feed.yaml")).isNull();
    assertThat(kind("debug: true", "debug: false", "/p/screening/lists.yaml")).isNull();
  }

  @Test
  void aListOfWhatIsHeldBackShortenedAndASkipListGrownAreWeakened() {
    assertThat(kind("blocked_regions: [US-IL, US-TX]", "blocked_regions: []", "/p/config/f.yaml"))
        .isEqualTo(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED);
    assertThat(kind("blocked_regions: [US-IL]", "blocked_regions: [US-IL, US-TX]", "/p/c/f.yaml"))
        .isNull();
    assertThat(kind("  - CU\n  - IR\n", "  - IR\n", "/p/screening/embargo_countries.yaml"))
        .isEqualTo(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED);
    assertThat(kind("  - CU\n  - IR\n", "  - IR\n", "/p/config/supported_countries.yaml")).isNull();
    assertThat(
            kind(
                "SKIP_SCREENING = {\"BOOK\"}",
                "SKIP_SCREENING = {\"BOOK\", \"MT202\"}",
                "/p/src/screening/router.py"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(
            kind(
                "SKIP_SCREENING = {\"BOOK\", \"MT202\"}",
                "SKIP_SCREENING = {\"BOOK\"}",
                "/p/src/screening/router.py"))
        .isNull();
  }

  @Test
  void aProtectionTakenOutWhereNoSettingSaysSo() {
    assertThat(
            kind(
                "",
                ".steps |= map(select(.action != \"CALL_FIRE_DEPT\"))",
                "dispatch/action_plans/fire.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("", ".jobs |= map(select(.name != \"nightly\"))", "ci/jobs.yaml")).isNull();
    assertThat(kind("tag: \"(0010,0030)\"", "", "deid/profiles/vendor.yaml"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("tag: \"(0010,0030)\"", "", "router/rules/ct.yaml")).isNull();
    assertThat(
            kind(
                "n=\"PatientName\">@remove()",
                "n=\"PatientName\">@keep()",
                "ctp/Anonymizer.script"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(kind("expiration {\n  days = 30\n}\n", "", "infra/clips/lifecycle.tf"))
        .isEqualTo(SafeguardEdits.Kind.PROTECTION_OFF);
    assertThat(
            kind("expiration {\n  days = 30\n}\n", "expiration {\n  days = 60\n}\n", "infra/l.tf"))
        .isNull();
  }
}
