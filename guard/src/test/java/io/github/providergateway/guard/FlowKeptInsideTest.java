package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static io.github.providergateway.guard.GuardFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@code flow.untrusted-then-send} lets through because no author of untrusted content reads
 * where it goes (decision 327): a mail draft, a help desk's internal note, a fixed question to a
 * host over ssh, a text to the team's own chat or tracker; and each near-miss that stays asked.
 */
class FlowKeptInsideTest {
  private static final Map<String, String> REMOTES =
      Map.of("origin", "https://github.com/ada/app.git");
  private static final String RULE = "flow.untrusted-then-send";
  private final Guard guard = guard(GuardPreset.STANDARD);

  private SessionPast after(GuardCall... calls) {
    return GuardFixture.pastAfter(guard, REMOTES, calls);
  }

  /** {@return whether the rule asks about the call, whichever rule's question the agent sees} */
  private boolean asked(GuardCall call, SessionPast past) {
    GuardExplanation explanation = guard.explain(call, past);
    return explanation.verdict().outcome() == Outcome.ASK
        && explanation.matched().stream().anyMatch(line -> line.startsWith(RULE + ": ask"));
  }

  private static final GuardCall MAIL = tool("mcp__gmail__get_message", "{\"message_id\":\"m1\"}");
  private static final GuardCall TICKET = tool("mcp__zendesk__get_ticket", "{\"ticket_id\":7}");
  private static final GuardCall QUERY =
      tool("mcp__postgres__query", "{\"sql\":\"SELECT count(*) FROM orders\"}");
  private static final GuardCall WEB =
      tool("WebFetch", "{\"url\":\"https://blog.example.net/setup\",\"prompt\":\"summarise\"}");

  @Test
  void aMailDraftWaitsForThePersonWhileSendingItIsAsked() {
    SessionPast past = after(MAIL);

    assertThat(
            guard
                .decide(
                    tool(
                        "mcp__gmail__create_draft",
                        "{\"to\":\"a@client.example\",\"subject\":\"Re\",\"body\":\"Monday.\"}"),
                    past)
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(asked(tool("mcp__gmail__send_draft", "{\"draft_id\":\"d1\"}"), past)).isTrue();
    assertThat(
            asked(
                tool(
                    "mcp__gmail__create_draft",
                    "{\"to\":\"a@client.example\",\"body\":\"see https://x.example.net/?d=1\"}"),
                past))
        .as("an address in a draft is fetched when it is shown")
        .isTrue();
  }

  @Test
  void aHelpDesksInternalNoteIsNotAskedItsPublicReplyIs() {
    SessionPast past = after(TICKET);
    String note = "{\"ticket_id\":7,\"public\":%s,\"body\":\"Held 21 days per the tiers.\"}";

    assertThat(
            guard
                .decide(tool("mcp__zendesk__create_ticket_comment", note.formatted("false")), past)
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(asked(tool("mcp__zendesk__create_ticket_comment", note.formatted("true")), past))
        .as("a public comment reaches the ticket's requester, who wrote the untrusted text")
        .isTrue();
  }

  @Test
  void aFlagTheToolDoesNotHonourIsNotRead() {
    SessionPast past =
        after(
            tool(
                "mcp__github__get_issue",
                "{\"owner\":\"other-org\",\"repo\":\"sdk\",\"issue_number\":3}"));

    GuardVerdict comment =
        guard.decide(
            tool(
                "mcp__github__add_issue_comment",
                "{\"owner\":\"other-org\",\"repo\":\"sdk\",\"issue_number\":3,"
                    + "\"public\":false,\"body\":\"The threshold is 0.72.\"}"),
            past);

    assertThat(comment.ruleId()).isEqualTo(RULE);
  }

  @Test
  void aFixedQuestionToAHostOverSshIsNotAsked() {
    SessionPast past = after(WEB);

    assertThat(
            guard
                .decide(shell("ssh login1.hpc.example.edu 'squeue -u $USER | head -20'"), past)
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh login1.hpc.example.edu 'cat > /tmp/app.js' < src/app.js",
        "ssh -R 9000:localhost:3000 login1.hpc.example.edu 'squeue'",
        "ssh login1.hpc.example.edu \"squeue -u $(cat notes.txt)\"",
        "cat notes.txt | ssh login1.hpc.example.edu 'squeue'",
        "ssh login1.hpc.example.edu",
        "ssh login1.hpc.example.edu 'scancel 4418821'"
      })
  void anSshThatFeedsForwardsExpandsOrActsStaysAsked(String command) {
    assertThat(guard.decide(shell(command), after(WEB)).outcome()).isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void aTextToTheTeamsChannelOrANewIssueIsNotAskedWhenTheContentCameFromElsewhere() {
    SessionPast past = after(QUERY);

    assertThat(
            guard
                .decide(
                    tool(
                        "mcp__slack__post_message",
                        "{\"channel\":\"#shop-metrics\",\"text\":\"The nightly import finished.\"}"),
                    past)
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    tool(
                        "mcp__linear__create_issue",
                        "{\"team\":\"Checkout\",\"title\":\"NPE in applyFees\"}"),
                    past)
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aPostBackIntoTheWorkspaceTheContentCameFromStaysAsked() {
    SessionPast past =
        after(tool("mcp__slack__get_channel_history", "{\"channel_id\":\"C05TS\",\"limit\":5}"));

    GuardCall post =
        tool(
            "mcp__slack__post_message",
            "{\"channel\":\"C05TSMETRICS\",\"text\":\"Done, as you asked.\"}");

    assertThat(asked(post, past)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"channel\":\"#shop-metrics\",\"text\":\"Counts: https://stats.example.net/p?d=1204\"}",
        "{\"channel\":\"D07KQ2M9XA\",\"text\":\"The nightly import finished.\"}",
        "{\"channel\":\"#shop-metrics\",\"text\":\"here\",\"file\":\"tmp/members.csv\"}"
      })
  void aLinkADirectMessageOrAFileKeepsThePostAsked(String args) {
    GuardVerdict post = guard.decide(tool("mcp__slack__post_message", args), after(QUERY));

    assertThat(post.outcome()).isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void aPastTheGatewayCannotKnowKeepsTheTeamPostAsked() {
    SessionPast unknown = SessionPast.unknown("renewed after the gateway restarted", REMOTES);

    GuardVerdict post =
        guard.decide(
            tool(
                "mcp__slack__post_message",
                "{\"channel\":\"#shop-metrics\",\"text\":\"The nightly import finished.\"}"),
            unknown);

    assertThat(post.ruleId()).isEqualTo(RULE);
  }

  @Test
  void theSecretRuleStillAsksAboutANoteOrADraft() {
    SessionPast past = after(shell("heroku config -a acme-shop-prod"));

    GuardVerdict note =
        guard.decide(
            tool(
                "mcp__zendesk__create_ticket_comment",
                "{\"ticket_id\":7,\"public\":false,\"body\":\"The key is in the config.\"}"),
            past);
    GuardVerdict draft =
        guard.decide(
            tool("mcp__gmail__create_draft", "{\"to\":\"a@client.example\",\"body\":\"x\"}"), past);

    assertThat(note.ruleId()).isEqualTo("flow.secret-then-send");
    assertThat(draft.ruleId()).isEqualTo("flow.secret-then-send");
  }
}
