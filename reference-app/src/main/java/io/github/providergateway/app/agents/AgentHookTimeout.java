package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.HookBound;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How long an agent waits for one of its hooks before it gives up on it (issue 76): the {@code
 * timeout} its settings hold for the hook, in the agent's own unit, or the agent's default where
 * they hold none; and what the agent does then. {@code gateway doctor} flags one under {@link
 * #TOO_SHORT}, and waits as long as the agent would for the agent's {@code --version} and each
 * canary.
 *
 * @param agent the agent
 * @param timeout how long it waits
 * @param configured whether its settings say so (else it is the agent's default)
 */
record AgentHookTimeout(AgentSettings agent, Duration timeout, boolean configured) {

  /**
   * Under this the doctor flags a hook timeout: twice the hook's own bound ({@link
   * HookBound#DEFAULT}), the least that leaves the hook's deny time to reach the agent on a busy
   * machine.
   */
  static final Duration TOO_SHORT = HookBound.DEFAULT.multipliedBy(2);

  /**
   * {@code hook}'s timeout as {@code agent} reads it ({@link AgentSettings#hookTimeout}), or its
   * default.
   */
  static AgentHookTimeout of(AgentSettings agent, AgentHooks.Hook hook) {
    return agent
        .hookTimeout(hook.handler())
        .map(timeout -> new AgentHookTimeout(agent, timeout, true))
        .orElseGet(() -> new AgentHookTimeout(agent, agent.defaultHookTimeout(), false));
  }

  /**
   * How long {@code agent} waits for its hooks: the shortest of {@code hooks}, or its default when
   * it has none.
   */
  static AgentHookTimeout of(AgentSettings agent, List<AgentHooks.Hook> hooks) {
    return hooks.stream()
        .map(hook -> of(agent, hook))
        .min((a, b) -> a.timeout.compareTo(b.timeout))
        .orElseGet(() -> new AgentHookTimeout(agent, agent.defaultHookTimeout(), false));
  }

  /** {@return whether it is too short to leave the hook's answer time to arrive} */
  boolean tooShort() {
    return timeout.compareTo(TOO_SHORT) < 0;
  }

  /** {@return it in words: {@code Gemini CLI's 60 s}, {@code Claude Code's default 600 s}} */
  String words() {
    return agent.dialect().displayName()
        + "'s "
        + (configured ? "" : "default ")
        + seconds(timeout);
  }

  /**
   * The doctor's problem with {@code hook}'s timeout, when it is too short: the hook may answer
   * after the agent gave up on it, and the agent then does what it does on a timeout.
   */
  static Optional<DoctorProblem> problem(AgentSettings agent, AgentHooks.Hook hook) {
    AgentHookTimeout timeout = of(agent, hook);
    if (!timeout.tooShort()) {
      return Optional.empty();
    }
    return Optional.of(
        new DoctorProblem(
            "hook timeout "
                + seconds(timeout.timeout)
                + " too short: run 'gateway setup "
                + agent
                + "'",
            "the hook in "
                + hook.file()
                + " has a timeout of "
                + seconds(timeout.timeout)
                + (timeout.configured ? "" : " (the agent's default)")
                + ", too short: the hook may answer after the agent gave up, and "
                + agent.dialect().displayName()
                + " then "
                + agent.onHookTimeout(hook)
                + " (the hook's own bound is "
                + seconds(HookBound.DEFAULT)
                + "; 'gateway setup "
                + agent
                + "' writes "
                + seconds(AgentDialect.HOOK_TIMEOUT)
                + ")"));
  }

  /**
   * The doctor's note on an answer that took {@code took}, longer than {@code usual} on a quiet
   * machine yet inside this timeout: slow, not missing.
   *
   * @param what what answered ({@code gemini --version}, {@code the canary through the hook in F})
   * @param took how long it took
   * @param usual how long it takes on a quiet machine
   * @return the note, or empty when it was not slow
   */
  Optional<String> slow(String what, Duration took, Duration usual) {
    if (took.compareTo(usual) <= 0 || took.compareTo(timeout) > 0) {
      return Optional.empty();
    }
    return Optional.of(
        what + " answered in " + seconds(took) + ", slow on this machine; inside " + words());
  }

  /** A duration as the doctor says it: {@code 60 s}, {@code 7.2 s}, {@code 500 ms}. */
  static String seconds(Duration duration) {
    long millis = duration.toMillis();
    if (millis % 1000 == 0) {
      return millis / 1000 + " s";
    }
    return millis < 1000
        ? millis + " ms"
        : String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
  }
}
