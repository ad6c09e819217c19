package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A chat post of the work's own status to the team's channel (decision 180): a status's words,
 * nobody named, nothing of people's records, money, codes or secrets.
 */
class StatusPostedTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static boolean status(String tool, String channel, String text) throws Exception {
    return StatusPosted.in(tool, JSON.createObjectNode().put("channel", channel).put("text", text));
  }

  @Test
  void aStatusOfTheWorkToTheTeamsChannelIsAPost() throws Exception {
    for (String text :
        List.of(
            "Nightly EDRS bridge: 41 submitted, 2 rejected (SSA verify), 0 stuck. Details in OPS-2291.",
            "Brew day summary 2025-06-04: mash-in 06:10, knockout 60 bbl to FV09. No alarms overnight.",
            "modqueue: worker pool restarted at 06:05 UTC, p95 claim latency back under 2s.",
            "Grade sync dry run for 202520 finished: 0 differences between Canvas and Banner.")) {
      assertThat(status("mcp__slack__post_message", "#it-ops", text)).as(text).isTrue();
    }
    assertThat(status("mcp__slack__slack_post_message", "C02TSENG", "Weekly queue volume: 41,220"))
        .isTrue();
  }

  @Test
  void aPostThatNamesSomeoneOrCarriesTheirRecordsIsNoStatus() throws Exception {
    for (String text :
        List.of(
            "Nightly run: Jake Pereira had 4 microsleeps, report attached",
            "Weekly report: Dr Okafor's patient readmitted",
            "Sync finished; R. Castillo positive on the random test",
            "Weekly summary: people on leave (FMLA) this sprint",
            "Daily report: the final exam key is 1-B 2-D 3-A",
            "Build green; staging door code is 4471",
            "Report ready, keep it quiet until Thursday",
            "Nightly run finished: payouts for 163 linguists, EUR 48,212",
            "Build green @channel",
            "Build green, ping @dana",
            "Deploy done, card 4929113055218870 refunded",
            "Report: https://docs.google.com/spreadsheets/d/1AbC/edit")) {
      assertThat(status("mcp__slack__post_message", "#it-ops", text)).as(text).isFalse();
    }
  }

  @Test
  void aPostWithoutAStatusWordOrToAnotherPlaceIsNoStatus() throws Exception {
    assertThat(status("mcp__slack__post_message", "#it-ops", "Heads up, the boss is angry"))
        .isFalse();
    assertThat(status("mcp__slack__post_message", "#ext-vendor", "Nightly build green")).isFalse();
    assertThat(status("mcp__slack__post_message", "#general", "Nightly build green")).isFalse();
    assertThat(status("mcp__slack__post_message", "D05JDOE123", "Nightly build green")).isFalse();
    assertThat(status("mcp__slack__post_message", "@dana", "Nightly build green")).isFalse();
    assertThat(status("mcp__gmail__send_email", "#it-ops", "Nightly build green")).isFalse();
    assertThat(status("mcp__support_chat__send_message", "#it-ops", "Nightly build green"))
        .isFalse();
    assertThat(status("mcp__slack__post_message", "#it-ops", "Nightly build green ".repeat(40)))
        .isFalse();
  }
}
