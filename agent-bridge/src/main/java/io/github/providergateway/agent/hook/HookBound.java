package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.Durations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The hook's own bound (issue 76, docs/agents.md): {@code gateway hook AGENT --timeout D} answers
 * within D of its start whatever happens (no gateway, a gateway starting, stopped or silent, a JVM
 * slow to start on a busy machine), denying in the agent's dialect where it cannot decide, so that
 * the answer comes well inside the agent's own hook timeout (60 s as {@code gateway setup} writes
 * it), past which most agents run the call.
 *
 * <p>The launcher's script ({@code gateway-hook.sh}) keeps the same bound with a timer of its own
 * and names its own process in {@value #SINCE_PID}: the JVM it starts counts from that process's
 * start, so both agree on one deadline. The JVM answers a tenth of the bound (at most 1 s) before
 * it, so that its deny, which says what it was waiting for, reaches the agent through the script in
 * time.
 *
 * <p>Immutable; the clock and the scheduler are the caller's (a manual one in tests).
 */
public final class HookBound {

  /**
   * The environment variable in which the launcher's script names its own process id: the bound
   * counts from that process's start.
   */
  public static final String SINCE_PID = "GATEWAY_HOOK_SINCE_PID";

  /** The bound when {@code --timeout} does not say: well under a quarter of 60 s. */
  public static final Duration DEFAULT = Duration.ofSeconds(10);

  /** The most the JVM answers before the bound: time for its answer's way through the script. */
  private static final Duration MOST_AHEAD = Duration.ofSeconds(1);

  /** The least a gateway is given to decide, however little of the bound is left. */
  private static final Duration LEAST_BUDGET = Duration.ofMillis(100);

  private final Duration bound;
  private final Instant answerBy;
  private final Clock clock;
  private final Scheduler scheduler;

  private HookBound(Duration bound, Instant answerBy, Clock clock, Scheduler scheduler) {
    this.bound = bound;
    this.answerBy = answerBy;
    this.clock = clock;
    this.scheduler = scheduler;
  }

  /**
   * A bound of {@code bound} from {@code start}.
   *
   * @param bound the whole bound, {@code --timeout}; positive
   * @param start when the hook started (its script's start, {@link #start})
   * @param clock what tells the time
   * @param scheduler what fires the deny at the bound
   * @return the bound
   * @throws IllegalArgumentException when {@code bound} is not positive
   */
  public static HookBound of(Duration bound, Instant start, Clock clock, Scheduler scheduler) {
    Durations.requirePositive(bound, "the hook's bound");
    requireNonNull(start, "start");
    requireNonNull(clock, "clock");
    requireNonNull(scheduler, "scheduler");
    Duration ahead = bound.dividedBy(10);
    if (ahead.compareTo(MOST_AHEAD) > 0) {
      ahead = MOST_AHEAD;
    }
    return new HookBound(bound, start.plus(bound).minus(ahead), clock, scheduler);
  }

  /**
   * When the hook started: the start of the process {@value #SINCE_PID} names (the launcher's
   * script, which started this JVM) when it is there and started before this JVM, else {@code now}
   * (the command run directly, or in a process that runs other commands too).
   *
   * @param env this process's environment
   * @param now the time now: when the command started
   * @return the start the bound counts from
   */
  public static Instant start(Map<String, String> env, Instant now) {
    String pid = env.get(SINCE_PID);
    if (pid == null) {
      return now;
    }
    Optional<Instant> script;
    try {
      script = ProcessHandle.of(Long.parseLong(pid.strip())).flatMap(p -> p.info().startInstant());
    } catch (NumberFormatException e) {
      return now; // not a process id
    }
    // One that started after this JVM, or later than now, is not the script that started it (a
    // reused pid).
    Instant own = ProcessHandle.current().info().startInstant().orElse(now);
    return script.filter(s -> !s.isAfter(own) && !s.isAfter(now)).orElse(now);
  }

  /**
   * How long a gateway that took the connection has to decide, asked now: what is left of the bound
   * less another tenth of it (at least {@link #LEAST_BUDGET}), so that a gateway that is there and
   * stuck is named as such before the bound's own deny, as the script's curl does with its {@code
   * --max-time}.
   *
   * @return the answer's budget ({@link HookAdapter.Settings#answerTimeout})
   */
  public Duration answerBudget() {
    Duration budget = left().minus(bound.dividedBy(10));
    return budget.compareTo(LEAST_BUDGET) < 0 ? LEAST_BUDGET : budget;
  }

  /** {@return the whole bound, as {@code --timeout} gave it} */
  public Duration bound() {
    return bound;
  }

  /** {@return how long is left until the hook answers whatever it knows; zero when none is} */
  public Duration left() {
    Duration left = Duration.between(clock.instant(), answerBy);
    return left.isNegative() ? Duration.ZERO : left;
  }

  /** {@return what tells the time: also whether the person's time away has passed} */
  Clock clock() {
    return clock;
  }

  /** {@return the scheduler that fires the deny at the bound} */
  Scheduler scheduler() {
    return scheduler;
  }

  /** {@return the deny's reason at the bound, naming it} */
  String reason() {
    long millis = bound.toMillis();
    String shown = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    return "provider gateway hook could not decide within " + shown + " on this machine; denied";
  }
}
