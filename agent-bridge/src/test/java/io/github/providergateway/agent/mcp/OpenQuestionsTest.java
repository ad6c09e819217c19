package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

/**
 * The bookkeeping of questions put to the agent's client: the first of an answer, a failure and an
 * end decides, and an answer that comes back before its send returned (as a decline can, on a
 * loaded machine, on the transport's thread) is not lost to the gateway's timeout.
 */
class OpenQuestionsTest {

  private final OpenQuestions questions = new OpenQuestions();

  @Test
  void anAnswerThatArrivesBeforeTheSendReturnsStillDecides() {
    AtomicBoolean decided = new AtomicBoolean();

    questions.ask(
        "ask-1",
        () -> {
          decided.set(questions.close("ask-1")); // the client's answer, on the sending thread
          return () -> {};
        });

    assertThat(decided).as("the quick answer found its question open").isTrue();
    assertThat(questions.close("ask-1")).as("and closed it").isFalse();
  }

  @Test
  void anAnsweredQuestionIsClosedOnce() {
    questions.ask("ask-1", () -> () -> {});

    assertThat(questions.close("ask-1")).isTrue();
    assertThat(questions.close("ask-1")).isFalse();
  }

  @Test
  void anEndedQuestionsRequestIsDisposedAndItsLateAnswerDecidesNothing() {
    AtomicBoolean disposed = new AtomicBoolean();
    questions.ask("ask-1", () -> disposing(disposed));

    questions.end("ask-1");

    assertThat(disposed).isTrue();
    assertThat(questions.close("ask-1")).as("the late answer").isFalse();
  }

  @Test
  void aQuestionEndedWhileItWasBeingSentHasItsRequestDisposedWhenTheSendReturns() {
    AtomicBoolean disposed = new AtomicBoolean();

    questions.ask(
        "ask-1",
        () -> {
          questions.end("ask-1"); // answered on the console meanwhile
          return disposing(disposed);
        });

    assertThat(disposed).isTrue();
  }

  @Test
  void anAnswerClosesOnlyItsOwnQuestion() {
    questions.ask("ask-1", () -> () -> {});
    questions.ask("ask-2", () -> () -> {});

    assertThat(questions.close("ask-2")).isTrue();
    assertThat(questions.close("ask-1")).isTrue();
  }

  private static Disposable disposing(AtomicBoolean disposed) {
    return () -> disposed.set(true);
  }
}
