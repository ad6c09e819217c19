package io.github.providergateway.host.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Who may act for the person (issue 75): a check run off the caller's thread fails closed: one that
 * throws, answers null, or that its executor refuses (too many waiting) is a refusal that says so,
 * never a yes; {@link PersonCheck#ANYONE} refuses nothing and runs nothing.
 */
class PersonCheckTest {

  private static final InetSocketAddress PEER = new InetSocketAddress("127.0.0.1", 50000);
  private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 9400);
  private static final Executor NOW = Runnable::run;

  /** A check whose every answer is {@code answer}, or that throws when it is null. */
  private static PersonCheck answering(Optional<String> answer, boolean throwing) {
    return new PersonCheck() {
      @Override
      public Optional<String> refusalOfPeer(
          InetSocketAddress peer, InetSocketAddress local, Act act) {
        if (throwing) {
          throw new IllegalStateException("no /proc today");
        }
        return answer;
      }

      @Override
      public Optional<String> refusalOfThisProcess(Act act) {
        return refusalOfPeer(null, null, act);
      }
    };
  }

  @Test
  void aCheckThatThrowsRefusesAndSaysWhy() throws Exception {
    Optional<String> refusal =
        PersonCheck.refusalOfPeerAsync(
                answering(Optional.empty(), true), PEER, LOCAL, PersonCheck.Act.PERSON, NOW)
            .get(5, TimeUnit.SECONDS);

    assertThat(refusal).hasValueSatisfying(why -> assertThat(why).contains("no /proc today"));
  }

  @Test
  void aCheckThatAnswersNullRefuses() throws Exception {
    assertThat(
            PersonCheck.refusalOfThisProcessAsync(
                    answering(null, false), PersonCheck.Act.PERSON, NOW)
                .get(5, TimeUnit.SECONDS))
        .isPresent();
  }

  @Test
  void aCheckItsExecutorRefusesIsARefusalNotAYes() throws Exception {
    Executor full =
        task -> {
          throw new RejectedExecutionException("64 waiting");
        };

    assertThat(
            PersonCheck.refusalOfProcessAsync(
                    answering(Optional.empty(), false), 42, PersonCheck.Act.PERSON, full)
                .get(5, TimeUnit.SECONDS))
        .hasValueSatisfying(why -> assertThat(why).contains("too many checks"));
  }

  @Test
  void anAnswerOfTheCheckIsPassedOn() throws Exception {
    assertThat(
            PersonCheck.refusalOfPeerAsync(
                    answering(Optional.of("claude's"), false),
                    PEER,
                    LOCAL,
                    PersonCheck.Act.SESSION_CHANNEL,
                    NOW)
                .get(5, TimeUnit.SECONDS))
        .contains("claude's");
    assertThat(
            PersonCheck.refusalOfPeerAsync(
                    answering(Optional.empty(), false), PEER, LOCAL, PersonCheck.Act.PERSON, NOW)
                .get(5, TimeUnit.SECONDS))
        .isEmpty();
  }

  @Test
  void anyoneRefusesNothingAndRunsNothing() throws Exception {
    Executor never =
        task -> {
          throw new AssertionError("ANYONE needs no thread");
        };

    assertThat(
            PersonCheck.refusalOfPeerAsync(
                    PersonCheck.ANYONE, PEER, LOCAL, PersonCheck.Act.PERSON, never)
                .get(5, TimeUnit.SECONDS))
        .isEmpty();
    assertThat(PersonCheck.ANYONE.refusalOfProcess(42, PersonCheck.Act.PERSON)).isEmpty();
  }
}
