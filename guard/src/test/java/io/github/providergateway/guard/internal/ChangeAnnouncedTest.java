package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * A chat post that announces the developer's own pull request is the developer's own work (decision
 * 161); anything more in it, or any other channel of sending, is still a message sent in the
 * person's name.
 */
class ChangeAnnouncedTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static boolean announced(String tool, String args) throws Exception {
    JsonNode node = JSON.readTree(args);
    return ChangeAnnounced.in(tool, node);
  }

  @Test
  void aPullRequestAnnouncedInTheTeamsChannelIsTheDevelopersOwnWork() throws Exception {
    assertThat(
            announced(
                "mcp__slack__post_message",
                "{\"channel\": \"#uc-entitlement-dev\", \"text\": \"PR #1842 (2026-27 uprating"
                    + " rates, draft order) is ready for review - tests green.\"}"))
        .isTrue();
    assertThat(
            announced(
                "mcp__slack__slack_post_message",
                "{\"channel_id\": \"C02PRICINGENG\", \"text\": \"Surge cap fix is up for review:"
                    + " hopride/pricing#4821.\"}"))
        .isTrue();
    assertThat(
            announced(
                "mcp__discord__send_message",
                "{\"channel_id\": \"1098\", \"content\": \"Review please:"
                    + " https://github.com/acme/shop/pull/412\"}"))
        .isTrue();
  }

  @Test
  void aPostThatSaysMoreThanTheChangeIsNoAnnouncement() throws Exception {
    String slack = "mcp__slack__post_message";
    assertThat(announced(slack, "{\"channel\": \"#dev\", \"text\": \"PR #9 up; ask j@x.org\"}"))
        .as("an e-mail address")
        .isFalse();
    assertThat(
            announced(slack, "{\"channel\": \"#dev\", \"text\": \"PR #9 up; call 07700 914382\"}"))
        .as("a telephone number")
        .isFalse();
    assertThat(announced(slack, "{\"channel\": \"#dev\", \"text\": \"<!channel> PR #9 is up\"}"))
        .as("everyone in the channel")
        .isFalse();
    assertThat(announced(slack, "{\"channel\": \"#ext-vendor\", \"text\": \"PR #9 is up\"}"))
        .as("a channel shared with another company")
        .isFalse();
    assertThat(
            announced(
                slack, "{\"channel\": \"#dev\", \"text\": \"PR #9\", \"file_path\": \"a.csv\"}"))
        .as("a file")
        .isFalse();
    assertThat(
            announced(
                slack, "{\"channel\": \"#dev\", \"text\": \"PR #9\", \"blocks\": [{\"a\": 1}]}"))
        .as("more than a line of text")
        .isFalse();
    assertThat(announced(slack, "{\"channel\": \"#dev\", \"text\": \"deploy is done\"}"))
        .as("no pull request named")
        .isFalse();
  }

  private static boolean posted(String channel, String text) throws Exception {
    return announced(
        "mcp__slack__post_message",
        JSON.createObjectNode().put("channel", channel).put("text", text).toString());
  }

  @Test
  void aPullRequestsNumberIsNoCoverForWhatElseThePostSays() throws Exception {
    // decision 165, the red team of 161: what the post carries beside the number
    assertThat(posted("#web", "PR #91 note: staging admin password: Winter2026!"))
        .as("a password's value")
        .isFalse();
    assertThat(posted("#web", "PR #91 is up; sheet at https://docs.google.com/spreadsheets/d/1A"))
        .as("a link that is no forge's")
        .isFalse();
    assertThat(posted("#web", "PR #91 could use ours:\n```\nreturn score(tx);\n```"))
        .as("code pasted in")
        .isFalse();
    assertThat(posted("#web", "PR #5120 adds the landing page. Deal is $2.1B, keep it quiet."))
        .as("news not made public")
        .isFalse();
    assertThat(posted("#ir-web", "PR #778 is ready: revenue down 18% against guidance."))
        .as("results")
        .isFalse();
    assertThat(posted("#it", "PR #640 removes the SSO accounts of next week's layoff"))
        .as("a layoff")
        .isFalse();
    assertThat(posted("#billing", "PR #233 fixes the charge on card 4929 1130 5521 8870"))
        .as("a card's number")
        .isFalse();
    assertThat(posted("#dev", "PR #1932 fixes the auth bypass, no patch out yet"))
        .as("an exploit not yet patched")
        .isFalse();
    assertThat(posted("#general", "Note for the PR agency: the recall starts Monday"))
        .as("PR as public relations, in the whole company's channel")
        .isFalse();
    assertThat(posted("#pricing-eng-partners", "PR #4821 is up")).as("partners").isFalse();
    assertThat(posted("#proj-halden-ext", "PR #4821 is up")).as("ext at the end").isFalse();
    assertThat(posted("#announcements", "PR #12 merged")).as("the whole company").isFalse();
    assertThat(
            announced(
                "mcp__slack__post_message",
                "{\"channel\": \"#deploys\", \"text\": \"PR #412 approved, deploy now\","
                    + " \"username\": \"Dana Reyes (CISO)\"}"))
        .as("another person's name on the post")
        .isFalse();
    assertThat(
            announced(
                "mcp__support_chat__send_message",
                "{\"conversation_id\": \"c_1\", \"text\": \"PR #233 shipped the fix\"}"))
        .as("a support desk's chat, to a customer")
        .isFalse();
  }

  @Test
  void anAnnouncementThatNamesWhatTheCodeHandlesIsStillOne() throws Exception {
    assertThat(
            posted(
                "#payments-dev",
                "PR #482 fixes the IBAN validator and the password reset e-mail's link"))
        .isTrue();
    assertThat(
            posted(
                "#billing-dev",
                "MR !311 is ready: https://gitlab.acme.internal/b/-/merge_requests/311"))
        .isTrue();
    assertThat(posted("#auth-dev", "Rate-limit PR is up (login attempts back off)")).isTrue();
    assertThat(posted("#web", "Merged PR #91, tracking in https://github.com/acme/web/issues/90"))
        .isTrue();
  }

  @Test
  void aTextPastTheBoundIsNoAnnouncement() throws Exception {
    String line = "PR #9 is up for review. ";
    String near = line.repeat(1999 / line.length());
    String past = line.repeat(2000 / line.length() + 1);
    assertThat(announced("mcp__slack__post_message", "{\"text\": \"" + near + "\"}"))
        .as("%d characters", near.length())
        .isTrue();
    assertThat(announced("mcp__slack__post_message", "{\"text\": \"" + past + "\"}"))
        .as("%d characters: read as any message, asked", past.length())
        .isFalse();
  }

  @Test
  void mailIsNoChat() throws Exception {
    assertThat(
            announced(
                "mcp__gmail__send_email",
                "{\"to\": \"a@b.example\", \"subject\": \"PR #12\", \"body\": \"PR #12 is up\"}"))
        .isFalse();
  }
}
