package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 76: what each agent's real binary does when its pre-tool hook times out. The hook is a
 * {@link SlowHook} that sleeps {@link #SLEEP} against the agent's hook timeout of {@link #TIMEOUT}
 * (in the agent's unit), and then prints the agent's own deny; the model asks for one harmless
 * {@code touch} of a marker. Each test states what the pinned version did: whether the call ran
 * (the marker), whether the agent waited past its timeout, whether the hook was sent {@code
 * SIGTERM} or killed, whether the late deny could still be written. A new version that changes any
 * of it fails here, and docs/agents.md ("When a hook times out") is to be updated with it.
 *
 * <p>No gateway is involved: the agents' settings are written here directly, with a timeout far
 * shorter than {@code gateway setup} writes. The test's own waits follow the hook's {@link #SLEEP}.
 */
@Tag(NpmAgent.TAG)
class HookTimeoutAgentsTest {

  /** The agent's hook timeout, as its settings give it. */
  static final Duration TIMEOUT = Duration.ofSeconds(3);

  /** How long the hook sleeps before it prints its deny: five times the timeout. */
  static final Duration SLEEP = Duration.ofSeconds(15);

  private static final Duration LIMIT = Duration.ofSeconds(120);

  @TempDir Path temp;
  private Path project;
  private Path marker;
  private ScriptedModel model;

  @BeforeEach
  void aProject() throws Exception {
    project = Files.createDirectory(temp.toRealPath().resolve("project"));
    marker = Files.createDirectory(temp.toRealPath().resolve("markers")).resolve("ran.marker");
  }

  @AfterEach
  void stopTheModel() {
    if (model != null) {
      model.close();
    }
  }

  /**
   * Claude Code 2.1.332 ({@code "timeout": 3}, seconds): at the timeout it sends the hook {@code
   * SIGTERM}, logs "timed out after 3000ms", runs the call without waiting for the hook, and kills
   * the hook ({@code SIGKILL}).
   */
  @Test
  void claudeCodeSendsSigtermRunsTheCallAndKillsTheHook() throws Exception {
    Observed seen = observe(new HookedAgent.Claude());

    seen.assertRanAfterTheTimeout();
    seen.assertKilled(List.of("TERM"));
    assertThat(seen.run().log()).as(seen::describe).contains("timed out after 3000ms");
  }

  /**
   * Codex CLI 0.169.0 ({@code "timeout": 3} seconds in {@code hooks.json}, trusted): at the timeout
   * it kills the hook with no {@code SIGTERM} first, prints "hook: PreToolUse Failed" and runs the
   * call.
   */
  @Test
  void codexCliKillsTheHookAtOnceAndRunsTheCall() throws Exception {
    Observed seen = observe(new HookedAgent.Codex());

    seen.assertRanAfterTheTimeout();
    seen.assertKilled(List.of());
    assertThat(seen.run().stdout() + seen.run().stderr())
        .as(seen::describe)
        .contains("hook: PreToolUse Failed");
  }

  /**
   * Gemini CLI 0.61.0 ({@code "timeout": 3000}, milliseconds): at the timeout it sends the hook
   * {@code SIGTERM} and logs "Hook timed out after 3000ms", but does not kill it: it waits for the
   * hook to end, however long, discards the deny the hook printed late (and its exit code 2), and
   * runs the call.
   */
  @Test
  void geminiCliSendsSigtermWaitsForTheHookDiscardsItsLateDenyAndRunsTheCall() throws Exception {
    Observed seen = observe(new HookedAgent.Gemini());

    seen.assertRanAfterTheTimeout();
    assertThat(seen.signals()).as(seen::describe).containsExactly("TERM");
    assertThat(seen.hook().when("printed"))
        .as("the hook lived on and printed its deny; " + seen.describe())
        .isPresent();
    assertThat(seen.ranAt())
        .as("the call ran only once the hook had ended; " + seen.describe())
        .isGreaterThanOrEqualTo(seen.hook().when("woke").orElseThrow() - seen.started());
    assertThat(seen.run().stderr()).as(seen::describe).contains("Hook timed out after 3000ms");
  }

  /**
   * Copilot CLI 1.0.102 ({@code "timeoutSec": 3}): at the timeout it sends the hook {@code
   * SIGTERM}, warns "timed out; allowing the tool call to proceed", runs the call and kills the
   * hook.
   */
  @Test
  void copilotCliSendsSigtermRunsTheCallAndKillsTheHook() throws Exception {
    Observed seen = observe(new HookedAgent.Copilot());

    seen.assertRanAfterTheTimeout();
    seen.assertKilled(List.of("TERM"));
    assertThat(seen.run().log())
        .as(seen::describe)
        .contains("timed out; allowing the tool call to proceed");
  }

  /**
   * Runs {@code agent} with the slow hook on one {@code touch} of the marker, and waits until the
   * hook has ended or could have woken (its start plus {@link #SLEEP} and a little), so that a hook
   * left running shows whether its late deny was written; {@return the facts, also written to
   * {@code target/hook-timeouts/AGENT.txt}}
   */
  private Observed observe(HookedAgent agent) throws Exception {
    Path home = Files.createDirectory(temp.toRealPath().resolve(agent.name() + "-home"));
    SlowHook hook = SlowHook.write(temp, agent.name(), SLEEP);
    agent.installHook(home, project, hook.command(), TIMEOUT);
    model = agent.script("call_shell", "touch " + marker);
    CompletableFuture<Long> hookEnd = hook.watchEnd(LIMIT);
    NpmAgent.Run run = agent.run(project, home, model, Map.of(), LIMIT);
    long ended = System.currentTimeMillis();
    long started = hook.when("start").orElseThrow(() -> new AssertionError("the hook never ran"));
    Await.until(
        SLEEP.plusSeconds(10),
        () -> hookEnd.isDone() || System.currentTimeMillis() > started + SLEEP.toMillis() + 2_000,
        () -> "the hook ends or wakes");
    String told = model.toolResult("call_shell").map(ScriptedModel::text).orElse("(nothing)");
    Long ranAt =
        Files.exists(marker) ? Files.getLastModifiedTime(marker).toMillis() - started : null;
    Observed seen =
        new Observed(
            run,
            hook,
            started,
            ranAt,
            told,
            ended - started,
            hookEnd.isDone() ? hookEnd.get() - started : null);
    seen.report(agent.version());
    return seen;
  }

  /**
   * One run's facts, in milliseconds after the hook's start.
   *
   * @param ranAt when the call left its marker, or null when it did not run
   * @param hookEnded when the hook's process ended, or null when it outlived the wait
   */
  record Observed(
      NpmAgent.Run run,
      SlowHook hook,
      long started,
      Long ranAt,
      String told,
      long agentEnded,
      Long hookEnded) {

    /** The signals the hook noted, in order. */
    List<String> signals() throws Exception {
      return hook.lines().stream()
          .map(line -> line.split(" ")[0])
          .filter(List.of("TERM", "INT", "HUP", "PIPE")::contains)
          .toList();
    }

    /** The call ran, and not before the agent's timeout. */
    void assertRanAfterTheTimeout() {
      assertThat(ranAt).as(this::describe).isNotNull();
      assertThat(ranAt).as(this::describe).isGreaterThanOrEqualTo(TIMEOUT.toMillis() - 1_000);
    }

    /**
     * The hook was sent {@code signals} and then killed (it never woke), well before it would have
     * answered.
     */
    void assertKilled(List<String> signals) throws Exception {
      assertThat(signals()).as(this::describe).isEqualTo(signals);
      assertThat(hook.when("woke")).as(this::describe).isEmpty();
      assertThat(hookEnded).as(this::describe).isNotNull().isLessThan(SLEEP.toMillis());
    }

    String describe() {
      try {
        return Files.readString(facts());
      } catch (java.io.IOException e) {
        return run.describe();
      }
    }

    private Path facts() {
      return Interop.buildDir().resolve("hook-timeouts").resolve(hook.agent() + ".txt");
    }

    /**
     * Writes the facts, one per line, to {@code target/hook-timeouts/AGENT.txt} for docs/agents.md.
     */
    void report(String agent) throws Exception {
      StringBuilder text =
          new StringBuilder(agent)
              .append(" with a hook timeout of ")
              .append(TIMEOUT.toSeconds())
              .append(" s and a hook sleeping ")
              .append(SLEEP.toSeconds())
              .append(" s (ms after the hook's start):\n");
      text.append("  the call ran: ").append(ranAt == null ? "no" : "at +" + ranAt).append('\n');
      text.append("  the model was told: ").append(told.replace('\n', ' ')).append('\n');
      text.append("  the hook's log:");
      for (String line : hook.lines()) {
        String[] words = line.split(" ");
        text.append(' ').append(words[0]).append(" +").append(Long.parseLong(words[1]) - started);
      }
      text.append("\n  the hook's process ended: ")
          .append(hookEnded == null ? "not within the wait" : "+" + hookEnded)
          .append("\n  the agent ended: +")
          .append(agentEnded)
          .append(", exit ")
          .append(run.exitCode())
          .append(run.timedOut() ? " (killed at the limit)" : "")
          .append('\n');
      String said =
          (run.stdout() + "\n" + run.stderr() + "\n" + run.log())
              .lines()
              .filter(
                  line ->
                      line.toLowerCase(java.util.Locale.ROOT)
                          .matches(".*(timed out|timeout|hook: ).*"))
              .limit(6)
              .reduce("", (a, b) -> a + "\n    " + b);
      text.append("  its lines on the timeout:").append(said).append('\n');
      System.out.println(text);
      Files.createDirectories(facts().getParent());
      Files.writeString(facts(), text + "\n--- all of it:\n" + run.describe());
    }
  }
}
