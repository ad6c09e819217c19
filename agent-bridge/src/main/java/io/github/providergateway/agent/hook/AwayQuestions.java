package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.policy.PersonAbsence;
import io.github.providergateway.host.api.PersonQuestion;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * The person away (decision 321) for the questions the gateway puts to its own channels (decision
 * 322): a gate's or the guard's question about a call through the MCP front door ({@code gateway
 * mcp}, {@code /mcp}), a console's or a program's session. While the home's {@value
 * PersonAway#FILE} says the person is away, or cannot be read (fail closed, as for the hooks), the
 * call is denied at once with the words an agent's hook gets ({@link AwayAnswer#asked}), and its
 * record is a {@code pre_tool_use} deny of code {@value PersonAway#CODE}, which {@code gateway
 * back} lists with the hooks' own. Asked on the gateway's loop: one stat of the file, read again
 * only when it changed ({@link PersonAway}), as the hooks' answers do.
 */
public final class AwayQuestions implements PersonAbsence {

  private final PersonAway person;
  private final Clock clock;

  private AwayQuestions(PersonAway person, Clock clock) {
    this.person = person;
    this.clock = clock;
  }

  /**
   * The person of the gateway home {@code home}, by {@code clock}.
   *
   * @param home the gateway's home, which holds {@value PersonAway#FILE} while the person is away
   * @param clock the gateway's clock: whether the time away has passed, and the records' times
   * @return the absence to give {@code Gateway.Builder.personAbsence}
   */
  public static AwayQuestions of(Path home, Clock clock) {
    return new AwayQuestions(
        PersonAway.of(requireNonNull(home, "home"), requireNonNull(clock, "clock")), clock);
  }

  @Override
  public Optional<Away> away(PersonQuestion question) {
    Optional<PersonAway.Away> away = person.now();
    if (away.isEmpty()) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    Decision held =
        Decision.builder(now, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
            .code(PersonAway.CODE)
            .provider(question.provider())
            .sessionId(question.sessionId())
            .call(question.tool(), question.callId())
            .reason(AwayAnswer.heldReason(question.tool(), question.args(), question.question()))
            .args(CallDecision.sha256(question.args()), question.args(), false)
            .build();
    return Optional.of(
        new Away(AwayAnswer.asked(away.get(), now, question.question(), null), held));
  }
}
