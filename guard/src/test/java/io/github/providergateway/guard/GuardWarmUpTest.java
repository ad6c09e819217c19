package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.ENVIRONMENT;
import static io.github.providergateway.guard.GuardFixture.HOME;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * What a guard decides before anyone asks it ({@link Guard#warmUp()}): calls of every kind, each
 * down the path a real one of its kind takes (allowed, asked and denied), decided as a real call
 * is, and nothing read of a real project.
 */
class GuardWarmUpTest {

  @Test
  void theWarmUpDecidesEachCallAsAFreshGuardWould() {
    Guard guard = GuardFixture.guard(GuardPreset.STANDARD);

    List<GuardVerdict> warm = guard.warmUp();

    List<GuardCall> calls = GuardWarmUp.calls();
    assertThat(warm).hasSize(calls.size());
    Guard fresh = GuardFixture.guard(GuardPreset.STANDARD);
    for (int i = 0; i < calls.size(); i++) {
      assertThat(warm.get(i)).isEqualTo(fresh.decide(calls.get(i), GuardWarmUp.past()));
    }
  }

  /**
   * The calls take every outcome's path, so that the loading each path does is done: an everyday
   * pipeline allowed, a fetch piped into a shell blocked, a force push denied, a production scaled
   * down asked.
   */
  @Test
  void theWarmUpWalksTheAllowTheAskAndTheDenyPaths() {
    List<GuardVerdict> warm = GuardFixture.guard(GuardPreset.STANDARD).warmUp();

    assertThat(warm.get(0).outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(warm.get(1).outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(warm.get(2).outcome()).isNotEqualTo(Outcome.ALLOW);
    assertThat(warm.get(3).outcome()).isEqualTo(Outcome.DENY);
    assertThat(warm.get(4).outcome()).isEqualTo(Outcome.ASK);
    assertThat(warm.get(warm.size() - 1).outcome())
        .isEqualTo(Outcome.ALLOW); // a company tool's read
  }

  /**
   * A real call that begins while the warm-up decides one of its own stops it after that one: the
   * real call loads what it still needs, and the warm-up takes no more of its CPU.
   */
  @Test
  void aRealCallBegunMeanwhileStopsTheWarmUpAfterTheCallItIsDeciding() {
    Guard guard = GuardFixture.guard(GuardPreset.STANDARD);
    AtomicLong begun = new AtomicLong(40);
    List<GuardCall> decided = new ArrayList<>();

    List<GuardVerdict> warm =
        GuardWarmUp.decideUntilAsked(
            call -> {
              begun.incrementAndGet(); // the warm-up's own
              decided.add(call);
              if (decided.size() == 2) {
                begun.incrementAndGet(); // a real call, begun on another thread
              }
              return guard.decide(call);
            },
            begun::get);

    assertThat(decided).containsExactlyElementsOf(GuardWarmUp.calls().subList(0, 2));
    assertThat(warm).hasSize(2);
  }

  @Test
  void withNoRealCallTheWarmUpDecidesEveryCall() {
    AtomicLong begun = new AtomicLong();

    List<GuardVerdict> warm =
        GuardWarmUp.decideUntilAsked(
            call -> {
              begun.incrementAndGet();
              return new GuardVerdict(Outcome.ALLOW, null, "warm", null);
            },
            begun::get);

    assertThat(warm).hasSize(GuardWarmUp.calls().size());
  }

  /**
   * The warm-up's project does not exist: it reads what every decision reads (the agents' settings
   * in the home, for the guard's own ground) and follows links in its made-up project and the home,
   * nothing else.
   */
  @Test
  void theWarmUpReadsNothingButWhatEveryDecisionReads() {
    List<Path> followed = new ArrayList<>();
    List<Path> read = new ArrayList<>();
    GuardDisk recording =
        new GuardDisk() {
          @Override
          public Path real(Path path) {
            followed.add(path);
            return path;
          }

          @Override
          public Optional<String> text(Path file, int maxChars) {
            read.add(file);
            return Optional.empty();
          }

          @Override
          public Set<Integer> gatewayPorts() {
            return Set.of(DEFAULT_PORT);
          }
        };
    Guard guard =
        Guard.create(
            new GuardSettings(GuardPreset.STANDARD, List.of(), List.of(), List.of()),
            ENVIRONMENT.withDisk(recording));

    guard.warmUp();

    Path project = GuardWarmUp.calls().get(0).project();
    assertThat(project).doesNotExist();
    assertThat(read).isNotEmpty().allSatisfy(path -> assertThat(path.startsWith(HOME)).isTrue());
    assertThat(followed)
        .isNotEmpty()
        .allSatisfy(path -> assertThat(path.startsWith(project) || path.startsWith(HOME)).isTrue());
  }
}
