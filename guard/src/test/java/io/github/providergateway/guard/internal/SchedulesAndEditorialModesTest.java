package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decision 302: a person's step made the machine's, a withdrawal made nothing, a takedown list
 * shortened, and a crontab read as the commands it runs.
 */
class SchedulesAndEditorialModesTest {

  @ParameterizedTest
  @CsvSource({
    "queue_for_editor, publish, true",
    "review, auto_approve, true",
    "unpublish, ignore, true",
    "kill, noop, true",
    "publish, queue_for_editor, false",
    "ignore, unpublish, false",
    "draft, draft, false"
  })
  void aModeMovedItsWeakWay(String was, String now, boolean weakened) {
    assertThat(WeakModes.weakened(was, now)).isEqualTo(weakened);
  }

  @Test
  void wireRulesMadeToPublishUnseenAreAsked() {
    assertThat(
            edit(
                "services/ingest/rules/ap.yaml",
                "on_kill: unpublish\non_arrival: queue_for_editor",
                "on_kill: ignore\non_arrival: publish"))
        .isEqualTo("safeguards.protection-off");
  }

  @Test
  void aTakedownTakenOffItsListIsAsked() {
    String entry =
        "  - url: /2019/06/12/local/councillor-expenses-inquiry\n"
            + "    reason: court-order-HC-2020-001187\n";
    assertThat(edit("config/legal/takedowns.yaml", entry, ""))
        .isEqualTo("safeguards.exclusions-emptied");
    assertThat(edit("config/legal/takedowns.yaml", "", entry)).isEqualTo("allow");
  }

  @Test
  void aCrontabIsItsCommands() {
    String text =
        "MAILTO=ops@example.com\n"
            + "# nightly\n"
            + "*/1 * * * * release-embargoes --respect-embargo=false\n"
            + "@daily /usr/local/bin/rotate --keep 7\n"
            + "0 2 * * * root /usr/local/bin/backup.sh\n";
    assertThat(CronLines.commands(text))
        .isEqualTo(
            "release-embargoes --respect-embargo=false\n"
                + "/usr/local/bin/rotate --keep 7\n"
                + "/usr/local/bin/backup.sh\n");
    assertThat(CronLines.cronFile("services/scheduler/crontab", "crontab")).isTrue();
    assertThat(CronLines.cronFile("ops/cron.d/reports", "reports")).isTrue();
    assertThat(CronLines.cronFile("docs/cron.md", "cron.md")).isFalse();
  }

  private static String edit(String path, String old, String now) {
    ObjectNode args =
        new ObjectMapper()
            .createObjectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return StandardCalls.toolRule("edit", args);
  }
}
