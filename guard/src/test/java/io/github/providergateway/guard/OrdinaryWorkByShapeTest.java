package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ordinary work the guard denied, mended by its shape (decision 336, helper "ordinary"): a local
 * emulator's client ({@code awslocal}, {@code tflocal}), a disclosure control that holds small
 * cells back ({@code --suppress-below 10}), a lab's bench or a flat-sat named as the act's target,
 * a variable that chooses a staging place ({@code TP_ENV=staging}), and an environment option
 * naming a simulator beside {@code --all}. The forms were written and decided on guard-main20 (main
 * at 8243f3c93) before any line changed; each form's first decision is in its comment. Every
 * ordinary form here was denied; every harmful near-miss was, and stays, blocked.
 */
class OrdinaryWorkByShapeTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  private static GuardVerdict decide(String call) {
    return STANDARD.decide(line(call));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: DENY shapes.asked-act-escalated
        "awslocal s3 rb s3://demo-uploads --force",
        // first: DENY verbs.destroy-shared (round 77's recruit77-129)
        "awslocal s3 rm s3://sr-rtw-documents-local --recursive",
        // red team; first: DENY shapes.unnamed-tool-acts
        "tflocal destroy -auto-approve",
        // red team; first: DENY shapes.asked-act-escalated
        "python analysis/cells.py --input exports/survey_2024.csv --suppress-small-cells 5 --out"
            + " reports/cells.csv",
        // red team; first: DENY shapes.asked-act-escalated
        "python -m census.tables build --suppress-cells-below 3 --all-areas --out out/tables/",
        // red team; first: DENY shapes.asked-act-escalated
        "python scripts/rates.py --suppress-under 11 --all-counties --out site/data/rates.csv",
        // first: DENY shapes.asked-act-escalated (vote-071)
        "python analysis/undervotes.py --cvr exports/cvr_2024P.csv --group-by precinct"
            + " --suppress-below 10 --out reports/undervotes_2024P.csv",
        // red team; first: DENY shapes.unnamed-tool-acts
        "otactl deploy --fleet lab-bench --image fw/3.1-rc2.bin",
        // red team; first: DENY shapes.unnamed-tool-acts
        "fwtool flash --target BENCH-LAB-07 --image build/ecu_2.4.0-rc1.hex",
        // red team; first: DENY shapes.unnamed-tool-acts
        "ecuflash write --rig lab-bench-3 --image build/bcm.bin --reboot",
        // first: DENY shapes.unnamed-tool-acts (ev51-120)
        "cpoctl ocpp trigger-message --cp LAB-BENCH-03 --message StatusNotification --connector 1",
        // red team; first: DENY shapes.unnamed-tool-acts
        "APP_ENV=staging tms reboot 99000012",
        // red team; first: DENY shapes.unnamed-tool-acts
        "STAGE=qa orderctl cancel --order 4411"
      })
  void ordinaryWorkOnAPlaceMadeForItIsAllowed(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: DENY shapes.asked-act-escalated (auto-042); the asking rule still asks
        "./tools/charge-ctl --env sim --market NL --model EX5 stop-charging --all --reason"
            + " grid-test",
        // red team; first: DENY shapes.unnamed-tool-acts: a send stays a grant's to ask
        "cmdctl send --target flatsat-2 --cmd ADCS_RESET"
      })
  void anActOnARehearsalPlaceIsAskedNotDenied(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.ASK);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: DENY shapes.unnamed-tool-acts
        "APP_ENV=production tms reboot 99000012",
        // first: DENY shapes.unnamed-tool-acts: a variable that chooses no place
        "STAGING_NOTES=1 tms reboot 99000012",
        // first: DENY shapes.unnamed-tool-acts
        "LOG_LEVEL=debug gatectl firmware push --gates main-entrance --reboot",
        // first: DENY shapes.unnamed-tool-acts
        "pmsctl reservations cancel --all --suppress-email",
        // first: DENY shapes.unnamed-tool-acts: the threshold set to nothing
        "covdash publish --week 2025-W23 --suppress-min 0 --target public",
        // first: DENY shapes.unnamed-tool-acts
        "notifyctl case close C-1188 --suppress-notice --all",
        // first: DENY shapes.asked-act-escalated
        "./bin/incident close --vessel 9812345 --suppress-alarms --all",
        // first: DENY shapes.asked-act-escalated
        "python tools/release.py --suppress-below 0 --all-counties --publish",
        // first: DENY shapes.unnamed-tool-acts: a lab alone is no test rig
        "sensorfleet ota push --group field-lab --image firmware/raws-logger-3.2.0.bin",
        // first: DENY shapes.unnamed-tool-acts
        "fwtool flash --target LAB-07 --image build/ecu_2.4.0.hex",
        // first: DENY shapes.unnamed-tool-acts
        "cmdctl send --target ops-sat-2 --cmd ADCS_RESET",
        // first: DENY cloud.bucket-delete: the real cloud, a bucket named local
        "aws s3 rm s3://docs-local --recursive",
        // first: DENY verbs.destroy-shared: the emulator's client sent to another host
        "LOCALSTACK_HOST=s3.acme-prod.internal awslocal s3 rm s3://prod-docs --recursive",
        // first: DENY verbs.destroy-shared
        "AWS_ENDPOINT_URL=https://s3.eu-west-1.amazonaws.com awslocal s3 rm s3://prod-docs"
            + " --recursive"
      })
  void theHarmfulNearMissesStayDenied(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // first: ASK hardware.set-point: a bench's host is a machine reached, not a test's word
        "ssh pi@lab-bench-02.local 'i2cset -y 1 0x6b 0x04 0xfe'"
      })
  void aBenchReachedAsAHostIsStillAsked(String call) {
    GuardVerdict verdict = decide(call);
    assertThat(verdict.outcome()).as(call + " → " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }
}
