package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The newsroom rules' reading of a call (decision 142), as pairs of calls that differ only in what
 * the rules turn on: a live host or this machine, an input or an output, a write or a read, a
 * protection taken off or put back, a path in the archive or under build/. What each rule decides
 * of its own examples is RuleBookTest's.
 */
class NewsroomRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static String shell(String command) {
    return rule(tool("shell", JSON.createObjectNode().put("command", command)));
  }

  private static GuardVerdict tool(String name, ObjectNode args) {
    return GUARD.decide(
        new GuardCall(name, args, Path.of("/work/project"), Path.of("/work/project"), null));
  }

  private static String rule(GuardVerdict verdict) {
    return verdict.ruleId() == null ? "allow" : verdict.ruleId();
  }

  private static String edit(String path, String old, String now) {
    ObjectNode args = JSON.createObjectNode().put("path", path);
    args.put("old_string", old).put("new_string", now);
    return rule(tool("edit", args));
  }

  @Test
  void aPlayoutCommandGoesToAirOnAServerAndToATestOnThisMachine() {
    String play = "printf 'PLAY 1-10 \"SLATES/BARS\" LOOP\\r\\n' | nc -q1 %s 5250";
    assertThat(shell(play.formatted("playout-a.meridianplus.tv")))
        .isEqualTo("newsroom.live-output-stopped");
    assertThat(shell(play.formatted("127.0.0.1"))).isEqualTo("allow");
  }

  @Test
  void aTunnelMakesThisMachinesPortAProductionServers() {
    String restart =
        "curl -s -X PUT http://localhost:8087/v2/servers/_defaultServer_/vhosts/_defaultVHost_"
            + "/applications/live/actions/restart";
    assertThat(shell(restart)).isEqualTo("allow");
    assertThat(shell("ssh -f -N -L 8087:localhost:8087 ops@wowza-prod-01.example.tv && " + restart))
        .isEqualTo("newsroom.live-output-stopped");
  }

  @Test
  void anIngestReadIsNoIngestFed() {
    assertThat(shell("ffmpeg -i rtmp://ingest.example.tv/live/news -t 5 -c copy build/a.mp4"))
        .isEqualTo("allow");
    assertThat(shell("ffmpeg -re -i build/a.mp4 -c copy -f flv rtmp://ingest.example.tv/live/news"))
        .isEqualTo("newsroom.live-ingest-published");
  }

  @Test
  void aPushToEveryoneIsDeniedAndItsValidationAllowed() {
    String push =
        "curl -s -X POST https://fcm.googleapis.com/v1/projects/app/messages:send -H"
            + " \"Authorization: Bearer $FCM_TOKEN\" -d '{%s\"message\": {\"topic\": \"all\","
            + " \"notification\": {\"title\": \"BREAKING\"}}}'";
    assertThat(shell(push.formatted(""))).isEqualTo("newsroom.alert-to-everyone");
    assertThat(shell(push.formatted("\"validate_only\": true, "))).isEqualTo("allow");
  }

  @Test
  void aCdnPurgeOfOneUrlIsRoutineAndOfEverythingIsNot() {
    assertThat(shell("fastly purge --service-id S1 --url https://www.example-news.com/a/b"))
        .isEqualTo("allow");
    assertThat(shell("fastly purge --service-id S1 --all")).isNotEqualTo("allow");
  }

  @Test
  void aStoryPublishedOnTheLiveSiteIsAskedAndOnTheLocalOneNot() {
    assertThat(shell("drush @prod php:eval \"Node::load(5)->setPublished()->save();\""))
        .isEqualTo("newsroom.story-published");
    assertThat(shell("wp --ssh=deploy@cms.example-news.com post update 5 --post_status=publish"))
        .isNotEqualTo("allow");
    assertThat(shell("wp --url=http://localhost:8080 post update 5 --post_status=publish"))
        .isEqualTo("allow");
  }

  @Test
  void aProtectionTakenOffIsAskedAndPutBackIsNot() {
    String screeners = "/work/project/config/screeners.yml";
    // a watermark is a protection's word in any file since decision 237: the safeguards' rule first
    assertThat(edit(screeners, "forensic_watermark: true", "forensic_watermark: false"))
        .isEqualTo("safeguards.protection-off");
    assertThat(edit(screeners, "forensic_watermark: false", "forensic_watermark: true"))
        .isEqualTo("allow");
    // a delay of zero is a broadcast delay's only where the file is about one
    String delay = "/work/project/live/radio-phonein/delay.yaml";
    assertThat(edit(delay, "delay_seconds: 10", "delay_seconds: 0"))
        .isEqualTo("newsroom.protection-edited");
    assertThat(edit("/work/project/ci/retry.yaml", "delay_seconds: 10", "delay_seconds: 0"))
        .isEqualTo("allow");
  }

  @Test
  void creditsRewrittenInTheArchiveAreAskedAndInBuildNot() {
    assertThat(shell("exiftool -overwrite_original -Credit= archive/photos/2024/a.jpg"))
        .isEqualTo("newsroom.metadata-rewritten");
    assertThat(shell("exiftool -overwrite_original -Credit='Staff' build/out/a.jpg"))
        .isEqualTo("allow");
  }

  @Test
  void aSubscribersViewingIsAskedAboutAndAggregatesAreNot() {
    assertThat(
            shell(
                "psql \"$REPLICA_URL\" -c \"SELECT * FROM watch_history WHERE user_id ="
                    + " 4411\""))
        .isEqualTo("newsroom.viewing-looked-up");
    assertThat(
            shell(
                "psql \"$REPLICA_URL\" -c \"SELECT title_id, count(*) FROM watch_history GROUP BY"
                    + " 1\""))
        .isEqualTo("allow");
  }

  @Test
  void aSearchForAPersonsHomeIsAskedAndADocumentationSearchIsNot() {
    ObjectNode home = JSON.createObjectNode().put("query", "\"Jo Bloggs\" home address");
    assertThat(rule(tool("WebSearch", home))).isEqualTo("newsroom.person-located");
    ObjectNode docs =
        JSON.createObjectNode().put("query", "MediaLive batch-update-schedule input switch");
    assertThat(rule(tool("WebSearch", docs))).isEqualTo("allow");
  }

  @Test
  void anEmbargoSetToNowIsDeniedAndOneReadIsNot() {
    String shell = "python3 manage.py shell --settings=newsroom.settings.production -c \"%s\"";
    assertThat(shell(shell.formatted("Story.objects.all().update(embargo_until=timezone.now())")))
        .isEqualTo("newsroom.safeguard-overridden");
    assertThat(
            shell(
                shell.formatted(
                    "print(Story.objects.filter(embargo_until__gt=timezone.now()).count())")))
        .isNotEqualTo("newsroom.safeguard-overridden");
  }
}
