package io.github.providergateway.app.run;

import static io.github.providergateway.gateway.testing.GatewayFixture.awaited;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.Interop;
import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.github.providergateway.transport.testing.Processes;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spawning project providers: real child processes (small shell scripts), the gateway on a manual
 * clock. Waits on real processes are bounded.
 */
@Tag("process")
class ProjectProvidersTest {

  @TempDir Path dir;
  private final GatewayFixture f = GatewayFixture.create();
  private ProjectProviders providers;

  @AfterEach
  void close() {
    Processes.killAll(pids()); // what a failed test left behind
    if (providers != null) {
      providers.close();
    }
    f.close();
  }

  private ProjectProviders attach(String json) {
    ProjectConfig config = ProjectConfig.parse(dir.resolve("tap.config.json"), json);
    assertThat(config.problems()).isEmpty();
    providers =
        ProjectProviders.attach(
            f.gateway, config, URI.create("ws://127.0.0.1:9400"), dir.resolve("logs"), f.clock);
    return providers;
  }

  /**
   * {@link #attach}, with {@code PIDS} in the config standing for the file its processes write
   * their pids to.
   */
  private ProjectProviders attachRecordingPids(String json) {
    return attach(json.replace("PIDS", pids().toString()));
  }

  /** Where a test's providers write the pids of what they start, one a line. */
  private Path pids() {
    return dir.resolve("pids");
  }

  private static void await(String what, Await.Condition condition) {
    Await.until(Duration.ofSeconds(10), condition, () -> what);
  }

  private static void signal(Process process, String name) throws Exception {
    Process kill =
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
    assertThat(kill.waitFor()).as("kill -%s %d", name, process.pid()).isZero();
  }

  /**
   * A provider's log as it reads now; empty where there is none yet, or where it was being rotated
   * (renamed {@code .log.1} before its next file is created) as it was read.
   */
  private String log(String name) {
    try {
      return Files.readString(dir.resolve("logs").resolve(name + ".log"));
    } catch (java.nio.file.NoSuchFileException notThereNow) {
      return "";
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aProviderStartsWithItsSessionTokenGatewayUrlAndEnvAndLogsToItsFile() throws Exception {
    attach(
        """
        {"providers":[{"name":"envy","command":["sh","-c","echo token=$TAP_PROVIDER_TOKEN url=$TAP_GATEWAY_URL k=$K pwd=$(pwd) >&2; exec sleep 30"],
          "env":{"K":"V"}}]}""");

    String session = f.startSessionAlongsideOtherThreads("alpha");

    await("the provider's log", () -> log("envy").contains("token="));
    String line = log("envy");
    assertThat(line)
        .contains("url=ws://127.0.0.1:9400")
        .contains("k=V")
        .contains("pwd=" + dir.toRealPath());
    String token = line.replaceAll("(?s).*token=(\\S+).*", "$1");
    assertThat(token).startsWith("ptk-").isNotEqualTo(f.gateway.credentials().providerToken());
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("logs/envy.log"))))
        .isEqualTo("rw-------");
    await("the process to be tracked", () -> providers.processesOf(session).size() == 1);
  }

  @Test
  void firstEntriesStartOnceAndOtherEntriesStartForEverySession() throws Exception {
    attach(
        """
        {"providers":[{"name":"once","command":["sh","-c","echo started >&2; exec sleep 30"],"session":"first"},
                      {"name":"each","command":["sh","-c","echo started >&2; exec sleep 30"]}]}""");

    String a = f.startSessionAlongsideOtherThreads("alpha");
    String b = f.startSessionAlongsideOtherThreads("beta");

    await(
        "both sessions' providers",
        () -> providers.processesOf(a).size() == 2 && providers.processesOf(b).size() == 1);
    await("the logs", () -> log("each").lines().count() == 2 && log("once").lines().count() == 1);
  }

  @Test
  void atTheDeadlineARunningProviderIsTerminatedAndItsExitReported() throws Exception {
    attach("{\"providers\":[{\"name\":\"sleepy\",\"command\":[\"sleep\",\"30\"]}]}");
    String session = f.startSessionAlongsideOtherThreads("alpha");
    await("the process", () -> providers.processesOf(session).size() == 1);
    Process process = providers.processesOf(session).get(0);

    f.gateway.endSession(session, Duration.ofSeconds(10));
    f.clock.advance(Duration.ofMillis(9_999));
    assertThat(process.isAlive()).isTrue();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(process.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
  }

  /**
   * The provider notes each TERM it ignores, and answers a USR1 the test sends after the last
   * moment before the kill: signals to one process arrive in the order sent, so a KILL sent early
   * would leave the USR1 unanswered. That shows it still runs without waiting to see it not die.
   */
  @Test
  void aProviderIgnoringTerminationIsKilledFiveSecondsLater() throws Exception {
    attach(
        """
        {"providers":[{"name":"stubborn","command":["sh","-c",
          "trap 'echo ignored TERM >&2' TERM; trap 'echo still here >&2' USR1; echo ready >&2; while true; do sleep 0.05; done"]}]}""");
    String session = f.startSessionAlongsideOtherThreads("alpha");
    await("the process to trap TERM", () -> log("stubborn").contains("ready"));
    Process process = providers.processesOf(session).get(0);

    f.gateway.endSession(session, Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));
    await("the provider ignoring TERM", () -> log("stubborn").contains("ignored TERM"));
    f.clock.advance(Duration.ofMillis(4_999));
    signal(process, "USR1");
    await(
        "the provider answering a signal sent after 5 s less 1 ms",
        () -> log("stubborn").contains("still here"));
    f.clock.advance(Duration.ofMillis(1));

    assertThat(process.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
  }

  @Test
  void atTheDeadlineWhatAProviderStartedIsTerminatedWithItEvenAGrandchildInitAdopted()
      throws Exception {
    // The inner shell forks the sleep and exits: the sleep is no descendant of the provider's.
    attachRecordingPids(
        """
        {"providers":[{"name":"forker","command":["sh","-c","sh -c 'sleep 300 </dev/null >/dev/null 2>&1 & echo $! > PIDS'; exec sleep 30"]}]}""");
    String session = f.startSessionAlongsideOtherThreads("alpha");
    long grandchild = Processes.recorded(pids(), 1).get(0);
    Process process = providers.processesOf(session).get(0);

    f.gateway.endSession(session, Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));

    assertThat(process.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
    Processes.awaitGone(grandchild, Duration.ofSeconds(10));
  }

  /**
   * X-STDIO-13 through the app's config (was StdioProviderAppTest, a process of its own): a stdio
   * entry that double-forks a sleep, which init adopts, takes it along when its session ends; the
   * entry itself leaves when its stdin closes.
   */
  @Test
  void theSessionsEndKillsAGrandchildAStdioEntryDoubleForked() throws Exception {
    String session =
        startStdioEntry(
            "forker",
            "sh -c 'sleep 300 </dev/null >/dev/null 2>&1 & echo $! > PIDS'; HELLO; while read line; do :; done");
    long grandchild = Processes.recorded(pids(), 1).get(0);

    endSessionAtItsDeadline(session, Duration.ofSeconds(1));

    await("the provider leaving by itself", () -> log("forker").contains("exited with code 0"));
    Processes.awaitGone(grandchild, Duration.ofSeconds(10));
  }

  /**
   * X-STDIO-15 through the app's config (was StdioProviderAppTest, a process of its own): a stdio
   * entry that ignores its stdin's end is sent SIGTERM at half the stop's grace, dies of it, and
   * its log says 143 (128 + SIGTERM), not 137 (SIGKILL). The one test here that waits real seconds.
   */
  @Test
  void aStdioEntryEndedBySigtermIsRecordedWithCode143() throws Exception {
    String session = startStdioEntry("terminable", "HELLO; exec sleep 300");

    // At the deadline its stdin is closed, which it ignores. The stop then runs on real time, on a
    // thread of transport-stdio's (ChildProcess.stop waits on the process): SIGTERM comes after
    // half the app's 5 s grace, SIGKILL only after the rest.
    endSessionAtItsDeadline(session, Duration.ofMillis(500));

    await("the exit in its log", () -> log("terminable").contains("exited with code 143"));
    assertThat(log("terminable")).doesNotContain("exited with code 137");
  }

  /**
   * X-STDIO-08 through the app's config (was StdioProviderAppTest, a process of its own): the
   * Python example killed mid-call ends the call {@code DISCONNECTED}, its tools leave the session
   * and the session's timeline says it exited with 137 (128 + SIGKILL).
   */
  @Test
  void aStdioEntryKilledMidCallEndsTheCallDisconnectedAndLeavesTheSession() throws Exception {
    attach(
        "{\"providers\":[{\"name\":\"greeter\",\"transport\":\"stdio\",\"cwd\":\""
            + Interop.repoRoot().resolve("examples/stdio")
            + "\",\"command\":[\"python3\",\"greet.py\"]}]}");
    String session = f.startSessionAlongsideOtherThreads("alpha");
    awaitRegistered(
        session, names -> names.containsAll(List.of("greet", "wait")), "its tools registered");
    CompletableFuture<CallResult> waiting = f.call(session, "wait", "{\"ms\":60000}");

    providers.processesOf(session).get(0).destroyForcibly();

    assertThat(awaited(waiting).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Failure.class,
            failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.DISCONNECTED));
    await(
        "the exit in the timeline",
        () -> f.host(session).loggedTexts().contains("Provider 'greeter' exited with code 137"));
    awaitRegistered(session, List::isEmpty, "its tools leaving the session");
  }

  /**
   * Waits until the gateway's loop has run what was handed to it before: the stdio entries' threads
   * drive the loop too, so a command from the test may still be queued behind theirs. The loop is
   * serial, so its answer to a question asked now comes after them.
   */
  private void loopDrained() {
    awaited(f.gateway.sessions());
  }

  /**
   * Waits until the session's host was last given tools that pass {@code registered}: what the
   * provider's thread hands the loop is registered after the debounce, which the test moves on.
   */
  private void awaitRegistered(String session, Predicate<List<String>> registered, String what) {
    await(
        what,
        () -> {
          loopDrained();
          f.settle();
          return registered.test(f.host(session).registeredNames());
        });
  }

  /**
   * Attaches one stdio entry {@code name} running {@code script} in {@code sh -c}, where {@code
   * HELLO} stands for printing its hello and {@code PIDS} for the pid file; starts a session and
   * waits until the entry has bound to it.
   *
   * @return the session
   */
  private String startStdioEntry(String name, String script) {
    String hello =
        "echo '{\\\"type\\\":\\\"hello\\\",\\\"name\\\":\\\""
            + name
            + "\\\",\\\"protocolVersion\\\":2}'";
    attachRecordingPids(
        "{\"providers\":[{\"name\":\""
            + name
            + "\",\"transport\":\"stdio\",\"command\":[\"sh\",\"-c\",\""
            + script.replace("HELLO", hello)
            + "\"]}]}");
    String session = f.startSessionAlongsideOtherThreads("alpha");
    awaitBound(name);
    return session;
  }

  /** Ends {@code session} with {@code deadline} and moves the clock to it. */
  private void endSessionAtItsDeadline(String session, Duration deadline) {
    f.gateway.endSession(session, deadline);
    loopDrained();
    f.clock.advance(deadline);
  }

  /** Waits until the provider {@code name} has said hello and bound. */
  private void awaitBound(String name) {
    await(
        name + " bound",
        () ->
            awaited(f.gateway.providers()).stream()
                .anyMatch(provider -> provider.name().equals(name)));
  }

  @Test
  void aProviderThatExitsLeavesNothingRunning() throws Exception {
    attachRecordingPids(
        """
        {"providers":[{"name":"leaver","command":["sh","-c","sleep 300 & echo $! > PIDS; exit 3"]}]}""");

    String session = f.startSessionAlongsideOtherThreads("alpha");

    await(
        "the exit report",
        () -> f.host(session).loggedTexts().contains("Provider 'leaver' exited with code 3"));
    Processes.awaitGone(Processes.recorded(pids(), 1).get(0), Duration.ofSeconds(10));
  }

  @Test
  void aProvidersOutputIsKeptInALogOfBoundedSizeThatCountsWhatItDropped() throws Exception {
    long bound = ProcessLog.MAX_FILE_BYTES;
    attach(
        """
        {"providers":[{"name":"flood","command":["sh","-c","head -c WRITTEN /dev/zero | tr '\\\\0' '~'; echo done >&2; exec sleep 30"]}]}"""
            .replace("WRITTEN", Long.toString(3 * bound)));

    f.startSessionAlongsideOtherThreads("alpha");

    await("its last line", () -> log("flood").endsWith("done\n"));
    assertThat(Files.size(dir.resolve("logs/flood.log"))).isLessThanOrEqualTo(bound);
    assertThat(Files.size(dir.resolve("logs/flood.log.1"))).isLessThanOrEqualTo(bound);
    assertThat(log("flood")).containsPattern("\\d+ bytes before it were dropped");
  }

  @Test
  void aProviderThatExitsIsReportedInItsSessionsTimeline() throws Exception {
    attach("{\"providers\":[{\"name\":\"quitter\",\"command\":[\"sh\",\"-c\",\"exit 3\"]}]}");

    String session = f.startSessionAlongsideOtherThreads("alpha");

    await(
        "the exit report",
        () -> f.host(session).loggedTexts().contains("Provider 'quitter' exited with code 3"));
  }

  @Test
  void aProviderThatCannotStartIsReportedAndTheOthersStillStart() throws Exception {
    attach(
        """
        {"providers":[{"name":"ghost","command":["/nonexistent/provider"]},
                      {"name":"fine","command":["sh","-c","echo fine >&2; exec sleep 30"]}]}""");

    String session = f.startSessionAlongsideOtherThreads("alpha");

    await(
        "the failure report",
        () ->
            f.host(session).loggedTexts().stream()
                .anyMatch(t -> t.startsWith("Cannot start provider 'ghost'")));
    await("the other provider", () -> log("fine").contains("fine"));
    assertThat(awaited(f.gateway.sessions())).hasSize(1);
    assertThat(List.of(providers.config().providers().size())).containsExactly(2);
  }

  // ---- stopping while a spawn is under way (issue 17: one quit in nine printed
  // RejectedExecutionException from project-providers) ----

  /** The spawner thread, driven by the test: a task queued is under way until the test runs it. */
  private static final class QueuedSpawner extends AbstractExecutorService {
    private final Deque<Runnable> queued = new ArrayDeque<>();
    private boolean shutdown;

    @Override
    public synchronized void execute(Runnable task) {
      queued.add(task);
    }

    /**
     * Runs what was queued, as the spawner thread would; after a shutdown, as a task already under
     * way goes on.
     */
    void runQueued() {
      Runnable task;
      while ((task = poll()) != null) {
        task.run();
      }
    }

    private synchronized Runnable poll() {
      return queued.poll();
    }

    @Override
    public synchronized void shutdown() {
      shutdown = true;
    }

    @Override
    public synchronized List<Runnable> shutdownNow() {
      shutdown = true;
      return List.of();
    }

    @Override
    public synchronized boolean isShutdown() {
      return shutdown;
    }

    @Override
    public synchronized boolean isTerminated() {
      return shutdown && queued.isEmpty();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return isTerminated();
    }
  }

  private static final String SLOW_PROVIDER =
      "{\"providers\":[{\"name\":\"late\",\"command\":[\"sh\",\"-c\",\"exec sleep 30\"]}]}";

  private ProjectProviders attachSlowProvider(GatewayFixture gateway, QueuedSpawner spawner) {
    return ProjectProviders.attach(
        gateway.gateway,
        ProjectConfig.parse(dir.resolve("tap.config.json"), SLOW_PROVIDER),
        URI.create("ws://127.0.0.1:9400"),
        dir.resolve("logs"),
        gateway.clock,
        spawner);
  }

  @Test
  void aSpawnThatGoesOnAfterTheGatewayStoppedThrowsNothingAndStartsNothing() {
    // A gateway whose loop refuses once it is closed, as the app's own thread does after close.
    AtomicBoolean stopped = new AtomicBoolean();
    GatewayFixture gateway =
        GatewayFixture.withBackend(
            t ->
                t.withLoopExecutor(
                    task -> {
                      if (stopped.get()) {
                        throw new RejectedExecutionException("the gateway loop has stopped");
                      }
                      task.run();
                    }));
    QueuedSpawner spawner = new QueuedSpawner();
    ProjectProviders late = attachSlowProvider(gateway, spawner);
    String session = gateway.startSession("alpha");
    gateway.close();
    stopped.set(true);

    spawner
        .runQueued(); // used to throw RejectedExecutionException (its catch logged to the gateway)

    assertThat(late.processesOf(session)).isEmpty();
    late.close();
  }

  @Test
  void aSpawnThatGoesOnAfterCloseStartsNoProcess() {
    QueuedSpawner spawner = new QueuedSpawner();
    providers = attachSlowProvider(f, spawner);
    String session = f.startSessionAlongsideOtherThreads("alpha");

    providers.close(); // the app stops while the spawn is under way
    spawner.runQueued();

    assertThat(providers.processesOf(session)).as("a process no one would ever stop").isEmpty();
    assertThat(log("late")).isEmpty();
  }
}
