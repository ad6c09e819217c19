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
