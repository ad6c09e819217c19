package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
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
    requireNonNull(bound, "bound");
    requireNonNull(start, "start");
    requireNonNull(clock, "clock");
    requireNonNull(scheduler, "scheduler");
    if (bound.isNegative() || bound.isZero()) {
      throw new IllegalArgumentException("the hook's bound must be positive, not " + bound);
    }
    Duration ahead = bound.dividedBy(10);
    if (ahead.compareTo(MOST_AHEAD) > 0) {
      ahead = MOST_AHEAD;
    }
    return new HookBound(bound, start.plus(bound).minus(ahead), clock, scheduler);
  }

  /**
   * When the hook started: the start of the process {@value #SINCE_PID} names (the launcher's
   * script, which started this JVM) when it is there and started before this JVM, else this JVM's
   * own start, else {@code now}.
   *
   * @param env this process's environment
   * @param now the time now, when neither start is known
   * @return the start the bound counts from
   */
  public static Instant start(Map<String, String> env, Instant now) {
    Optional<Instant> own = ProcessHandle.current().info().startInstant();
    Optional<Instant> script = Optional.empty();
    String pid = env.get(SINCE_PID);
    if (pid != null) {
      try {
        script =
            ProcessHandle.of(Long.parseLong(pid.strip())).flatMap(p -> p.info().startInstant());
      } catch (NumberFormatException e) {
        // Not a process id: counted from this JVM's start.
      }
    }
    // A process that started after this JVM is not the script that started it (a reused pid).
    if (script.isPresent() && own.isPresent() && script.get().isAfter(own.get())) {
      script = Optional.empty();
    }
    return script.or(() -> own).orElse(now);
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
