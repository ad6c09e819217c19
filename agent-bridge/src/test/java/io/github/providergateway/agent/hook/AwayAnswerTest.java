package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Decision 321's answer to each kind of verdict while the person is away: a question and a rewrite
 * become denies that name them (a rewrite as decision 66 names it for Codex), a deny and an allow
 * stay; and what a held call's record says.
 */
class AwayAnswerTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant NOW = Instant.parse("2026-04-26T14:00:00Z");
  private static final Optional<PersonAway.Away> AWAY =
      Optional.of(
          new PersonAway.Away(
              OffsetDateTime.parse("2026-04-26T13:00:00+02:00"),
              OffsetDateTime.parse("2026-04-26T17:30:00+02:00"),
              null));

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static final JsonNode REWRITTEN =
      json("{\"command\":\"git push --force-with-lease origin feat\"}");

  @Test
  void aRewriteIsADenyNamingTheCallTheGatesWouldLetRun() {
    HookVerdict rewrite = new HookVerdict(true, null, List.of(), "rewritten", REWRITTEN);

    HookVerdict told = AwayAnswer.fit(rewrite, AWAY, NOW);

    assertThat(told.allowed()).isFalse();
    assertThat(told.ask()).isFalse();
    assertThat(told.updatedInput()).as("nothing runs unseen").isNull();
    assertThat(told.reason())
        .startsWith("the person is away until 17:30 (gateway away): ")
        .contains("The call the gates would let run: " + REWRITTEN);
  }

  @Test
  void aQuestionWithARewriteNamesBoth() {
    HookVerdict both = HookVerdict.ask("Push to main?", List.of(), "asked", REWRITTEN);

    HookVerdict told = AwayAnswer.fit(both, AWAY, NOW);

    assertThat(told.allowed()).isFalse();
    assertThat(told.ask()).isFalse();
    assertThat(told.reason())
        .contains("would ask them first: Push to main?")
        .contains("changed the call to " + REWRITTEN)
        .contains("kept for their return");
  }

  @Test
  void aDenyAndAnAllowAreTheVerySameVerdict() {
    HookVerdict deny = HookVerdict.deny("no", "no");
    HookVerdict allow = HookVerdict.allow(List.of("context"), "fine");

    assertThat(AwayAnswer.fit(deny, AWAY, NOW)).isSameAs(deny);
    assertThat(AwayAnswer.fit(allow, AWAY, NOW)).isSameAs(allow);
    HookVerdict ask = HookVerdict.ask("Push?", List.of(), "asked", null);
    assertThat(AwayAnswer.fit(ask, Optional.empty(), NOW)).as("not away").isSameAs(ask);
  }

  @Test
  void aHeldCallsRecordSaysTheCallShortenedAndTheQuestion() {
    HookRequest shell =
        new HookRequest(
            "/p", "shell", json("{\"command\":\"git  push\\n origin v1\"}"), json("{}"), null);
    HookRequest edit =
        new HookRequest("/p", "edit", json("{\"path\":\"/p/.env\"}"), json("{}"), null);
    HookRequest other =
        new HookRequest(
            "/p",
            "mcp__db__query",
            json("{\"sql\":\"" + "x".repeat(300) + "\"}"),
            json("{}"),
            null);
    HookVerdict ask = HookVerdict.ask("Push a tag?", List.of(), "asked", null);

    assertThat(AwayAnswer.heldReason(shell, ask))
        .isEqualTo("git push origin v1: asked: Push a tag?");
    assertThat(AwayAnswer.heldReason(edit, ask)).startsWith("edit /p/.env: asked: ");
    assertThat(AwayAnswer.shortened(other.tool(), other.args()))
        .hasSize(AwayAnswer.MAX_CALL_CHARS)
        .endsWith("…");
    assertThat(AwayAnswer.record(AgentKind.CLAUDE, shell, ask, NOW).code())
        .isEqualTo(PersonAway.CODE);
  }
}
