package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.policy.PersonAbsence;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decision 322: the gateway's own questions (the MCP front door's, a console's) meet the home's
 * {@code away.json} as the hooks do: while away, a deny in the hooks' words and a held record of
 * code {@code PERSON_AWAY} for {@code gateway back}; not away, nothing; a file that cannot be read
 * is away (fail closed, FC-56's rule).
 */
class AwayQuestionsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Away from 13:00 to 17:30 in Paris, as {@link PersonAwayTest} has it. */
  private static final OffsetDateTime SINCE = PersonAwayTest.SINCE;

  private static final OffsetDateTime UNTIL = PersonAwayTest.UNTIL;

  @TempDir Path home;

  /** 14:00Z is 16:00 in Paris. */
  private final ManualClock clock = new ManualClock(Instant.parse("2026-04-26T14:00:00Z"));

  private PersonQuestion deploy() throws IOException {
    JsonNode args = JSON.readTree("{\"to\":\"prod\"}");
    return new PersonQuestion(
        "ask-1",
        "s-1",
        "deploy",
        args,
        "call-1",
        "guard",
        "confirm-deploy",
        "Deploy to production?",
        clock.instant().plusSeconds(60));
  }

  @Test
  void whileAwayTheQuestionIsTheHooksDenyAndAHeldRecord() throws IOException {
    Files.writeString(home.resolve(PersonAway.FILE), PersonAway.text(SINCE, UNTIL));

    Optional<PersonAbsence.Away> away = AwayQuestions.of(home, clock).away(deploy());

    assertThat(away).isPresent();
    assertThat(away.get().reason())
        .isEqualTo(
            "the person is away until 17:30 (gateway away): the provider gateway would ask them"
                + " first: Deploy to production?. The call is denied (not run) and kept for their"
                + " return: go on with other work and leave this step for them; do not try it"
                + " another way");
    Decision held = away.get().held();
    assertThat(held.kind()).isEqualTo(DecisionKind.PRE_TOOL_USE);
    assertThat(held.outcome()).isEqualTo(Decision.Outcome.DENY);
    assertThat(held.code()).isEqualTo(PersonAway.CODE);
    assertThat(held.reason()).isEqualTo("deploy {\"to\":\"prod\"}: asked: Deploy to production?");
    assertThat(held.sessionId()).isEqualTo("s-1");
    assertThat(held.callId()).isEqualTo("call-1");
    assertThat(held.provider()).isEqualTo("guard");
    assertThat(held.time()).isEqualTo(clock.instant());
    assertThat(held.args()).as("only the hash, as every record").isNull();
    assertThat(held.argsSha256()).isNotNull();
  }

  @Test
  void notAwayOrOnceTheTimeHasPassedNothingChanges() throws IOException {
    AwayQuestions absence = AwayQuestions.of(home, clock);
    assertThat(absence.away(deploy())).as("no file").isEmpty();

    Files.writeString(home.resolve(PersonAway.FILE), PersonAway.text(SINCE, UNTIL));
    clock.advance(Duration.between(clock.instant(), UNTIL.toInstant()));

    assertThat(absence.away(deploy())).as("at until").isEmpty();
  }

  /** Fail closed, FC-56's rule on the new path: a torn file is away until gateway back. */
  @Test
  void anAwayFileThatCannotBeReadIsAwayFailClosed() throws IOException {
    Files.writeString(home.resolve(PersonAway.FILE), "{\"since\":\"2026-04-26T13:00");

    Optional<PersonAbsence.Away> away = AwayQuestions.of(home, clock).away(deploy());

    assertThat(away)
        .hasValueSatisfying(
            a ->
                assertThat(a.reason())
                    .startsWith("the person is away (the gateway's away file cannot be read: ")
                    .contains("until gateway back")
                    .contains("Deploy to production?"));
  }
}
