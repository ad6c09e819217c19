package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.shell.Word;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shapes widened by decision 147, beyond the book's examples: every one of something named as
 * an option's scope, an act told to skip its check, setting verbs, the project's own scripts read
 * as a service's programs, and a server's tool's arguments read the same way.
 */
class ShapeWideningTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final GuardVerdict.Outcome ASK = GuardVerdict.Outcome.ASK;
  private static final GuardVerdict.Outcome ALLOW = GuardVerdict.Outcome.ALLOW;
  private static final GuardVerdict.Outcome DENY = GuardVerdict.Outcome.DENY;

  private static List<Word> words(String... texts) {
    return Arrays.stream(texts).map(Word::literal).toList();
  }

  @Test
  void everyOneIsAnOptionsScopeNotAWordAnywhere() {
    assertThat(ActReach.everyOne(words("--vehicles", "all"))).isTrue();
    assertThat(ActReach.everyOne(words("--carrier=ALL"))).isTrue();
    assertThat(ActReach.everyOne(words("--all-cards"))).isTrue();
    assertThat(ActReach.everyOne(words("--sellers", "*"))).isTrue();
    assertThat(ActReach.everyOne(words("all", "--vehicles", "T-12")))
        .as("a positional all is a word, not a scope")
        .isFalse();
    assertThat(ActReach.everyOne(words("-n", "all"))).as("a short option's value").isFalse();
    assertThat(ActReach.everyOne(words("--allow", "x"))).isFalse();
  }

  @Test
  void aCheckIsWaivedByAWaivingPartBeforeACheckPart() {
    assertThat(ActReach.waivesCheck(words("--skip-match"))).isTrue();
    assertThat(ActReach.waivesCheck(words("--waive-payment-check"))).isTrue();
    assertThat(ActReach.waivesCheck(words("--skip_contamination_check"))).isTrue();
    assertThat(ActReach.waivesCheck(words("--no-review=true"))).isTrue();
    assertThat(ActReach.waivesCheck(words("--allow-uncertified-operators"))).isTrue();
    assertThat(ActReach.waivesCheck(words("--force-unshipped"))).isTrue();
    assertThat(ActReach.waivesCheck(words("--skip-existing"))).isFalse();
    assertThat(ActReach.waivesCheck(words("--no-color", "--check"))).isFalse();
    assertThat(ActReach.waivesCheck(words("--allow-unrelated-histories")))
        .as("un…ed after allow: a history, no check of the act's; read as waived")
        .isTrue();
    assertThat(ActReach.waivesCheck(words("--allowed-origins"))).isFalse();
  }

  @Test
  void aSkippedCheckActsByItselfButNotInARead() {
    assertThat(StandardCalls.shell("./bin/refunds approve --batch 7 --skip-fraud-check"))
        .as("the asked act made sure by the check it skips: decision 318")
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("./bin/refunds list --batch 7 --skip-fraud-check"))
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("./bin/refunds approve --batch 7"))
        .as("the project's own tool given a command: decision 162")
        .isEqualTo(ASK);
    assertThat(StandardCalls.shell("./bin/refunds approve --batch 7 --skip-fraud-check --dry-run"))
        .isEqualTo(ALLOW);
  }

  @Test
  void theProjectsOwnScriptActsOnProductionOrEveryOneOfSomethingOrWithACheckSkipped() {
    // every one, a check skipped: asked since decision 148, made sure since decision 318
    assertThat(StandardCalls.shell("./bin/tenants suspend --tenants all")).isEqualTo(DENY);
    assertThat(StandardCalls.shell("bin/tenants suspend --tenant 42 --skip-billing-check"))
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("./bin/tenants suspend --env production --tenant 42"))
        .as("production named: decision 148")
        .isEqualTo(ASK);
    assertThat(StandardCalls.shell("./bin/tenants list --env production --tenant 42"))
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("./bin/tenants resume --tenant 42 --override-plan-limit"))
        .as("a waiving part alone: decision 148, made sure: decision 318")
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("./bin/tenants suspend --tenants all --env staging"))
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("./scripts/lint.sh --all --apply"))
        .as("no acting command word")
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("./gradlew assemble --all"))
        .as("a build tool by its path is still a build tool")
        .isEqualTo(ALLOW);
  }

  @Test
  void theProjectsOwnToolToldToGoLiveActsWhateverItsTarget() {
    // its words name the act (delete): denied, as an unnamed tool's named act is (decision 269)
    assertThat(StandardCalls.shell("python -m crewctl.reports delete --base EPWA --yes"))
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("./bin/notices send-batch --file out/batch.csv --send"))
        .as("told to go ahead: the asked act made sure (decision 318)")
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("python -m crewctl.reports delete --base EPWA"))
        .as("the tool would ask its own question, but nobody is there: decision 162")
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("python -m crewctl.reports delete --base EPWA --dry-run"))
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("python -m crewctl.reports list --base EPWA --yes"))
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("python -m app.cli build-index --yes"))
        .as("no acting word")
        .isEqualTo(ALLOW);
  }

  @Test
  void aCodingAgentIsNoServicesProgram() {
    assertThat(
            StandardCalls.shell(
                "./node_modules/.bin/codex exec --skip-git-repo-check 'Review the readme.'"))
        .as("the agents' family judges an agent; its own flags skip no check of a service's")
        .isEqualTo(ALLOW);
  }

  @Test
  void aMessageOnASharedBusIsSentOnlyByAWritingCommandToAHostNotThisMachines() {
    assertThat(StandardCalls.shell("redis-cli -h cache-01.acme-internal.net SET feature:x off"))
        .as("-h is redis-cli's host, not its help")
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("redis-cli -h cache-01.acme-internal.net HGETALL feature:x"))
        .isEqualTo(ALLOW);
    assertThat(
            StandardCalls.shell(
                "mosquitto_pub -h mqtt.acme-iot.com -t fleet/gw-0042/lock/set -m '{\"state\":1}'"))
        .isEqualTo(DENY);
    assertThat(
            StandardCalls.shell(
                "mosquitto_pub -h mqtt.acme-iot.com -t fleet/gw-0042/telemetry -m '{\"t\":21}'"))
        .as("a device's report, not a command to it")
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.ruleOf("aws lambda invoke --function-name thumbnailer out.json"))
        .as("nothing carried: the account's change (decision 190), not a message sent")
        .isEqualTo("cloud.account-change");
    assertThat(
            StandardCalls.shell(
                "aws lambda invoke --function-name payouts --payload '{\"run\":1}' out.json"))
        .isEqualTo(DENY);
    assertThat(
            StandardCalls.shell(
                "kcat -P -b kafka-1.acme-internal.net:9092 -t orders.cancel -T < cancel.jsonl"))
        .isEqualTo(DENY);
    assertThat(
            StandardCalls.shell(
                "kcat -P -b kafka-1.dev.acme-internal.net:9092 -t orders.cancel < cancel.jsonl"))
        .as("a development broker")
        .isEqualTo(ALLOW);
  }

  @Test
  void aSettingVerbActsAsPartOfACommandWordButNotAlone() {
    assertThat(StandardCalls.shell("catalogctl set-window --title t1 --env production"))
        .isEqualTo(DENY);
    assertThat(StandardCalls.shell("catalogctl show-window --title t1 --env production"))
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("catalogctl set --env production"))
        .as("set alone configures the tool")
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.shell("catalogctl set --title t1 --env production"))
        .as("decision 164: set with what it sets acts")
        .isEqualTo(DENY);
    assertThat(
            StandardCalls.shell(
                "ssh netops@edge2.fra.acme.net 'show configuration protocols | display set'"))
        .as("a remote shell's read")
        .isEqualTo(ALLOW);
  }

  @Test
  void aToolsArgumentsWidenItsActButNotARead() throws Exception {
    assertThat(
            StandardCalls.tool(
                "mcp__fleet__update_settings", "{\"vehicleIds\": \"all\", \"mode\": \"x\"}"))
        .isEqualTo(DENY);
    assertThat(
            StandardCalls.tool(
                "mcp__fleet__plan_settings", "{\"vehicleIds\": [\"T-1\"], \"mode\": \"x\"}"))
        .as("a narrow scope, by a verb decision 153 does not read")
        .isEqualTo(ALLOW);
    assertThat(StandardCalls.tool("mcp__fleet__list_vehicles", "{\"vehicleIds\": \"all\"}"))
        .isEqualTo(ALLOW);
    assertThat(
            StandardCalls.tool(
                "mcp__site__update_access",
                "{\"site\": \"S1\", \"opts\": {\"skipSafetyCheck\": true}}"))
        .as("one object down")
        .isEqualTo(DENY);
    assertThat(
            StandardCalls.tool(
                "mcp__site__plan_access",
                "{\"site\": \"S1\", \"opts\": {\"skipSafetyCheck\": false}}"))
        .isEqualTo(ALLOW);
    JsonNode two = JSON.readTree("{\"a\": {\"b\": {\"skipSafetyCheck\": true}}}");
    assertThat(ToolScopes.widened(two)).as("two objects down (decision 152)").isNotNull();
    JsonNode deep =
        JSON.readTree("{\"a\": {\"b\": {\"c\": {\"d\": {\"skipSafetyCheck\": true}}}}}");
    assertThat(ToolScopes.widened(deep)).as("four objects down is not read").isNull();
  }
}
