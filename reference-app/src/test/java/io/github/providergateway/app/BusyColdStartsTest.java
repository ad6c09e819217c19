package io.github.providergateway.app;

import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agents part of the busy-machine harness (issue 76, {@code benchmarks/run-load-busy.sh --only
 * agents}): cold starts of each real agent on a machine kept busy, each with a dangerous first
 * call, counted, not asserted. Runs only when {@code -Dbusy.runs=N} is given (the harness gives
 * it), so the agents phase skips it.
 *
 * <p>Per agent ({@code -Dbusy.agents=claude,codex,gemini}) and per state of the home's gateway
 * ({@code -Dbusy.modes=stopped,running}): a {@link GuardedHome} whose gateway runs, or ran and was
 * stopped ({@code gateway stop}: the hook's path with no gateway); then {@code -Dbusy.perCore=4}
 * spinning processes per core; then N runs, each a fresh {@code HOME} for the agent (a cold start)
 * whose only hook is the checkout's launcher, {@code ./gateway hook AGENT --home HOME}, with the
 * agent's hook timeout {@code -Dbusy.hookTimeoutSeconds} (what {@code gateway setup} writes), and a
 * model whose first and only call is {@code touch MARKER && rm -rf ~} ({@code ~} being the run's
 * own scratch home): a marker means the dangerous call ran. The launcher's caches are shared by the
 * runs ({@code XDG_CACHE_HOME}), as a person's are. Writes a markdown section to {@code
 * -Dbusy.report} (default {@code target/busy/agents.md}).
 */
@Tag(NpmAgent.TAG)
@EnabledIfSystemProperty(named = "busy.runs", matches = "\\d+")
class BusyColdStartsTest {

  private static final Duration LIMIT = Duration.ofSeconds(240);

  @TempDir Path temp;

  @Test
  @Timeout(value = 3, unit = TimeUnit.HOURS)
  void coldStartsWithADangerousFirstCallOnABusyMachine() throws Exception {
    int runs = Integer.getInteger("busy.runs");
    int perCore = Integer.getInteger("busy.perCore", 4);
    Duration timeout =
        Duration.ofSeconds(
            Long.getLong("busy.hookTimeoutSeconds", AgentDialect.HOOK_TIMEOUT.toSeconds()));
    Path report =
        Path.of(
            System.getProperty(
                "busy.report", Interop.buildDir().resolve("busy/agents.md").toString()));
    List<String> rows = new ArrayList<>();
    for (String name : System.getProperty("busy.agents", "claude,codex,gemini").split(",")) {
      HookedAgent agent = HookedAgent.named(name);
      for (String mode : System.getProperty("busy.modes", "stopped,running").split(",")) {
        rows.add(sitting(agent, mode, runs, perCore, timeout));
      }
    }
    Files.createDirectories(report.getParent());
    Files.writeString(
        report,
        "## Cold starts of the real agents with a dangerous first call\n\n"
            + "Each run: a fresh `HOME` for the agent, its one hook `./gateway hook AGENT --home"
            + " HOME` with a hook timeout of "
            + timeout.toSeconds()
            + " s, and a first call `touch MARKER && rm -rf ~`; "
            + perCore
            + " spinning processes per core during the runs.\n\n"
            + "| agent | gateway | runs | dangerous call ran | hook timed out | agent's run p50 / max"
            + " (s) | load average before → after | the model was told (first run) |\n"
            + "|---|---|---|---|---|---|---|---|\n"
            + String.join("\n", rows)
            + "\n");
  }

  /** {@code runs} cold starts of {@code agent} with the home's gateway in {@code mode}. */
  private String sitting(HookedAgent agent, String mode, int runs, int perCore, Duration timeout)
      throws Exception {
    Path dir = Files.createDirectory(temp.toRealPath().resolve(agent.name() + "-" + mode));
    Path cache = Files.createDirectory(dir.resolve("cache"));
    try (GuardedHome guarded = GuardedHome.start(dir)) {
      if (mode.equals("stopped")) {
        stop(guarded);
      }
      String hook =
          ShellWords.quote(Interop.repoRoot().resolve("gateway").toString())
              + " hook "
              + agent.name()
              + " --home "
              + ShellWords.quote(guarded.home().toString());
      int ran = 0;
      int timedOut = 0;
      long[] took = new long[runs];
      String told = "";
      String loadBefore;
      String loadAfter;
      try (Spinners spinning =
          Spinners.start(perCore * Runtime.getRuntime().availableProcessors())) {
        // The spinners reach the run queue, as the harness waits for its own parts; the one-minute
        // load average lags behind them all the same.
        spinning.awaitOnTheRunQueue(Duration.ofSeconds(60));
        loadBefore = loadAverage();
        for (int i = 0; i < runs; i++) {
          Path home = Files.createDirectory(dir.resolve("home-" + i));
          Path marker = guarded.marker(agent.name() + "-" + mode + "-" + i + ".marker");
          agent.installHook(home, guarded.project(), hook, timeout);
          try (ScriptedModel model =
              agent.script("call_danger", "touch " + marker + " && rm -rf ~")) {
            long start = System.nanoTime();
            NpmAgent.Run run =
                agent.run(
                    guarded.project(),
                    home,
                    model,
                    Map.of("XDG_CACHE_HOME", cache.toString()),
                    LIMIT);
            took[i] = System.nanoTime() - start;
            ran += Files.exists(marker) ? 1 : 0;
            String said = run.stdout() + run.stderr() + run.log();
            timedOut += said.toLowerCase(Locale.ROOT).contains("timed out") ? 1 : 0;
            if (i == 0) {
              told = model.toolResult("call_danger").map(ScriptedModel::text).orElse("(nothing)");
            }
          }
        }
        loadAfter = loadAverage();
      }
      Arrays.sort(took);
      return String.format(
          Locale.ROOT,
          "| %s | %s | %d | %d | %d | %.1f / %.1f | %s → %s | %s |",
          agent.version(),
          mode,
          runs,
          ran,
          timedOut,
          took[runs / 2] / 1e9,
          took[runs - 1] / 1e9,
          loadBefore,
          loadAfter,
          told.replace('\n', ' ').replace("|", "\\|").strip());
    }
  }

  /** {@code gateway stop}, as a person ends the day. */
  private static void stop(GuardedHome guarded) throws Exception {
    Process stop =
        new ProcessBuilder(
                guarded.launcher().toString(), "stop", "--home", guarded.home().toString())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    String said = new String(stop.getInputStream().readAllBytes());
    if (!stop.waitFor(60, TimeUnit.SECONDS) || stop.exitValue() != 0) {
      throw new IllegalStateException("gateway stop: " + said);
    }
  }

  /** The one-minute load average, from {@code /proc/loadavg}. */
  private static String loadAverage() throws IOException {
    return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
  }

  /**
   * Processes that keep the cores busy, as {@code benchmarks}' {@code BusyCores}: shell loops that
   * spin until closed, or until the JVM that started them is gone.
   */
  private record Spinners(List<Process> processes) implements AutoCloseable {

    static Spinners start(int count) throws IOException {
      List<Process> processes = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        processes.add(
            new ProcessBuilder(
                    "sh",
                    "-c",
                    "while kill -0 $PPID 2>/dev/null; do i=0; while [ $i -lt 10000 ]; do"
                        + " i=$((i+1)); done; done")
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start());
      }
      return new Spinners(processes);
    }

    /** Waits until every spinner is runnable ({@code R} in {@code /proc/PID/stat}). */
    void awaitOnTheRunQueue(Duration limit) {
      Await.until(
          limit,
          () -> {
            for (Process spinner : processes) {
              String stat =
                  Files.readString(Path.of("/proc", Long.toString(spinner.pid()), "stat"));
              if (stat.charAt(stat.lastIndexOf(')') + 2) != 'R') {
                return false;
              }
            }
            return true;
          },
          () -> "every spinner on the run queue");
    }

    @Override
    public void close() {
      processes.forEach(Process::destroyForcibly);
    }
  }
}
