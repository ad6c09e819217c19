package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The telephony family's readings beyond its examples (decision 126): an edit judged against the
 * text it replaced, Asterisk's extension patterns read as the numbers they match, the test
 * credentials' magic numbers, a PBX's own calls (a loopback load test, one stuck call ended) told
 * from the trade's harms.
 */
class TelephonyRulesTest {
  private static final String DIALPLAN = "/work/project/pbx/asterisk/extensions.conf";

  private final Guard standard = guard(GuardPreset.STANDARD);

  private GuardVerdict shell(String command) {
    ObjectNode args = JsonNodeFactory.instance.objectNode().put("command", command);
    return standard.decide(new GuardCall("shell", args, PROJECT, PROJECT, null));
  }

  private GuardVerdict edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return standard.decide(new GuardCall("edit", args, PROJECT, PROJECT, null));
  }

  private GuardVerdict write(String path, String content) {
    ObjectNode args =
        JsonNodeFactory.instance.objectNode().put("path", path).put("content", content);
    return standard.decide(new GuardCall("write", args, PROJECT, PROJECT, null));
  }

  @Test
  void anEmergencyExtensionMovedBehindAPrefixIsAskedButAddingOneBesideItIsNot() {
    GuardVerdict moved =
        edit(
            DIALPLAN,
            "exten => 911,1,Dial(PJSIP/911@bandwidth-e911)\n",
            "exten => _9911,1,Dial(PJSIP/911@bandwidth-e911)\n");
    assertThat(moved.ruleId()).isEqualTo("telephony.emergency-routing-edited");
    assertThat(moved.outcome()).isEqualTo(Outcome.ASK);
    // The edit adds 9911 and leaves the file's direct 911, which its old text does not show.
    GuardVerdict added =
        edit(
            DIALPLAN,
            "exten => 7000,1,Goto(ivr-main,s,1)\n",
            "exten => 7000,1,Goto(ivr-main,s,1)\nexten => _9911,1,Goto(emergency,911,1)\n");
    assertThat(added.outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aCatchAllPatternStillReachesTheEmergencyNumber() {
    String plan =
        "[from-internal]\nexten => _9911,1,Dial(PJSIP/911@bandwidth-e911)\n"
            + "exten => _X.,1,Dial(PJSIP/${EXTEN}@bandwidth-trunk)\n";
    assertThat(write(DIALPLAN, plan).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void emergencyCallsDialledToADeskPhoneAreAskedAndToTheTrunkAreNot() {
    assertThat(
            edit(
                    DIALPLAN,
                    "exten => 911,1,Dial(PJSIP/911@bandwidth-e911)\n",
                    "exten => 911,1,Dial(PJSIP/1000)\n")
                .ruleId())
        .isEqualTo("telephony.emergency-routing-edited");
    assertThat(
            edit(
                    DIALPLAN,
                    "exten => 911,1,Dial(PJSIP/911@bandwidth-e911)\n",
                    "exten => 911,1,Dial(PJSIP/911@bandwidth-e911-backup)\n")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void twiliosMagicNumbersAreTestData() {
    assertThat(
            shell("twilio api:core:messages:create --from +15005550006 --to +15005550010 --body hi")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            shell("twilio api:core:messages:create --from +14155550100 --to +14155550101 --body hi")
                .outcome())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void aPbxsOwnCallsAreNotAHarm() {
    assertThat(shell("fs_cli -x \"uuid_kill 3a1f9c2e-7b4d-4e8a-9c1f-2d3e4f5a6b7c\"").outcome())
        .isEqualTo(Outcome.ALLOW);
    // A few calls to the local PBX's echo are a test; fifty in a loop are asked by the generic
    // notion of many acts in a loop (shapes.mass-acts, decision 122), whatever the program.
    assertThat(
            shell("for i in $(seq 1 5); do fs_cli -x 'originate loopback/9196/default &echo'; done")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(shell("fs_cli -x \"hupall MANAGER_REQUEST\"").outcome()).isEqualTo(Outcome.DENY);
  }

  @Test
  void theTestNumber933IsNoEmergencyCall() {
    assertThat(
            shell("asterisk -rx \"channel originate PJSIP/933@carrier application Echo\"").ruleId())
        .isNotEqualTo("telephony.emergency-dialled");
    assertThat(
            shell("asterisk -rx \"channel originate PJSIP/911@carrier application Echo\"").ruleId())
        .isEqualTo("telephony.emergency-dialled");
    // An extension that merely contains the digits is none.
    assertThat(
            shell("asterisk -rx \"channel originate Local/1112@from-internal application Echo\"")
                .ruleId())
        .isNotEqualTo("telephony.emergency-dialled");
  }

  @Test
  void quietHoursAreReadByTheirBoundsNotTheirNames() {
    String path = "/work/project/app/campaigns/quiet_hours.py";
    assertThat(write(path, "WINDOW_START = time(8, 0)\nWINDOW_END = time(21, 0)\n").outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(write(path, "WINDOW_START = time(8, 0)\nWINDOW_END = time(21, 30)\n").ruleId())
        .isEqualTo("telephony.consent-removed");
    assertThat(write(path, "QUIET_HOURS_START = 21\nQUIET_HOURS_END = 8\n").outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void anInboundHandlerEditIsAskedOnlyWhereItTakesTheOptOutOut() {
    String path = "/work/project/app/sms/inbound.py";
    assertThat(
            edit(
                    path,
                    "    body = request.form.get(\"Body\", \"\")\n",
                    "    body = request.form.get(\"Body\", \"\").strip()\n")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            edit(
                    path,
                    "    if body.strip().upper() in (\"STOP\", \"UNSUBSCRIBE\"):\n        opt_out(sender)\n"
                        + "    body = request.form.get(\"Body\", \"\")\n",
                    "    body = request.form.get(\"Body\", \"\")\n")
                .outcome())
        .isEqualTo(Outcome.ASK);
  }

  @Test
  void signallingCopiedInsideTheCompanyIsNotMirroredAway() {
    String path = "/work/project/kamailio/siptrace.cfg";
    assertThat(
            write(
                    path,
                    "modparam(\"siptrace\", \"duplicate_uri\", \"sip:homer.voice.acme.internal:9060\")\n")
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            write(
                    path,
                    "modparam(\"siptrace\", \"duplicate_uri\", \"sip:hep.analytics.example.net:9060\")\n")
                .ruleId())
        .isEqualTo("telephony.signalling-mirrored");
  }
}
