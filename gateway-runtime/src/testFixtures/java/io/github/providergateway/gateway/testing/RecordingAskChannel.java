package io.github.providergateway.gateway.testing;

import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.PersonQuestion;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An {@link AskChannel} that keeps the questions it is given and how each ended, in public lists a
 * test reads, and answers nothing itself: the test answers with {@code
 * Gateway.answerQuestion(question.askId(), …)}. Thread-safe: the gateway writes on its loop, the
 * test reads on its own thread.
 */
public final class RecordingAskChannel implements AskChannel {
  private final String name;

  /** The questions put here, oldest first. */
  public final List<PersonQuestion> asked = new CopyOnWriteArrayList<>();

  /** How each ended: {@code <askId> <outcome>[ by <channel>]}. */
  public final List<String> ended = new CopyOnWriteArrayList<>();

  /** The questions not yet taken by {@link #next}. */
  private final BlockingQueue<PersonQuestion> untaken = new LinkedBlockingQueue<>();

  /** Whether it reaches every session; a test switches it. */
  public volatile boolean reaches = true;

  /**
   * A channel of that name.
   *
   * @param name its name, as the audit trail names who answered ({@code console})
   */
  public RecordingAskChannel(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean reaches(String sessionId) {
    return reaches;
  }

  @Override
  public void ask(PersonQuestion question) {
    asked.add(question);
    untaken.add(question);
  }

  @Override
  public void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {
    ended.add(
        question.askId()
            + " "
            + outcome.wireName()
            + (answeredBy == null ? "" : " by " + answeredBy));
  }

  /**
   * The next question put here that no earlier call took, waiting for it: for a gateway whose
   * policies or gates decide on threads of their own.
   *
   * @param wait how long to wait at most
   * @return the question
   * @throws IllegalStateException when none came in time
   * @throws InterruptedException when interrupted while waiting
   */
  public PersonQuestion next(Duration wait) throws InterruptedException {
    PersonQuestion question = untaken.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
    if (question == null) {
      throw new IllegalStateException("no question was put to " + name + " within " + wait);
    }
    return question;
  }

  /**
   * {@return the latest question put here}
   *
   * @throws IllegalStateException when none was
   */
  public PersonQuestion last() {
    if (asked.isEmpty()) {
      throw new IllegalStateException("no question was put to " + name);
    }
    return asked.get(asked.size() - 1);
  }
}
