package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM side of the hook's own bound (issue 76): {@code gateway hook AGENT} answers by its bound
 * whatever it waits on, a deny in the agent's dialect that names the bound, on a manual clock: one
 * tick before the bound nothing is printed, at it the deny is. What it waits on is real: a
 * gateway's port that accepts the connection and never says a word, and an agent that never ends
 * its input.
 */
class HookBoundTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A shell call, as Claude Code and Gemini CLI send it. */
  private static final String CALL =
      "{\"session_id\":\"s\",\"cwd\":\"/tmp\",\"hook_event_name\":\"PreToolUse\","
          + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";

  @TempDir Path temp;
  private Path home;
  private final ManualClock clock = new ManualClock();
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeEach
  void ownerOnlyHome() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable each : toClose) {
      each.close();
    }
  }

  /** What one run printed. */
  private record Run(int exitCode, String out, String err) {
    JsonNode answer() throws IOException {
      return JSON.readTree(out);
    }
  }

  /**
   * Starts the adapter for {@code agent} on {@code in}, bounded by {@code bound} from the manual
   * clock's now, with an hour for every wait of its own: only the bound can end it.
   */
  private CompletableFuture<Run> hook(AgentKind agent, InputStream in, Duration bound) {
    HookBound bounded = HookBound.of(bound, clock.instant(), clock, clock);
    HookAdapter.Settings settings =
        new HookAdapter.Settings(home, 1, Duration.ofHours(1), Duration.ofHours(1));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    return CompletableFuture.supplyAsync(
        () -> {
          int code =
              HookAdapter.run(
                  agent,
                  in,
                  new PrintStream(out, true, StandardCharsets.UTF_8),
                  new PrintStream(err, true, StandardCharsets.UTF_8),
                  settings,
                  GuardFactory.defaults(home),
                  null,
                  bounded);
          return new Run(
              code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        });
  }

  /**
   * A gateway's port that accepts every connection and never answers, with the home's token file
   * and {@code gateway.port} naming it, as a gateway stopped with SIGSTOP leaves them.
   */
  private void silentGateway() throws IOException {
    ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    toClose.add(server);
    List<Socket> accepted = new ArrayList<>();
    toClose.add(
        () -> {
          for (Socket socket : accepted) {
            socket.close();
          }
        });
    Thread acceptor =
        new Thread(
            () -> {
              try {
                while (true) {
                  accepted.add(server.accept()); // and never a byte back
                }
              } catch (IOException closed) {
                // the test is over
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
    Path token = home.resolve(GatewayHome.TOKEN_FILE);
    Files.writeString(token, "a-token-nobody-checks\n");
    Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), server.getLocalPort() + "\n");
  }

  /** An agent's input that never ends (the agent's pipe held open, nothing more written). */
  private InputStream endlessInput() throws IOException {
    PipedInputStream in = new PipedInputStream();
    PipedOutputStream writer = new PipedOutputStream(in);
    toClose.add(writer);
    writer.write(CALL.getBytes(StandardCharsets.UTF_8));
    writer.flush();
    return in;
  }

  private static InputStream call() {
    return new java.io.ByteArrayInputStream(CALL.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Waits until the adapters' bounds are armed on the manual clock ({@code count} deny timers), so
   * that advancing it reaches them.
   */
  private void armed(int count) {
    Await.until(
        Duration.ofSeconds(60),
        () -> clock.pendingTasks() >= count,
        () -> count + " hook bound(s) armed on the manual clock");
  }

  @Test
  void aGatewayThatAcceptsAndNeverAnswersIsDeniedAtTheBoundNotAnHourLater() throws Exception {
    silentGateway();
    CompletableFuture<Run> run = hook(AgentKind.CLAUDE, call(), Duration.ofSeconds(10));
    armed(1);

    // A tenth of the bound ahead of it (1 s of 10), so that the deny gets through the script.
    clock.advance(Duration.ofMillis(8_999));
    assertThat(run).as("one tick before the bound").isNotDone();
    clock.advance(Duration.ofMillis(1));
    Run denied = run.get(30, TimeUnit.SECONDS);

    assertThat(denied.exitCode()).isZero();
    JsonNode output = denied.answer().path("hookSpecificOutput");
    assertThat(output.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(output.path("permissionDecisionReason").asText())
        .isEqualTo("provider gateway hook could not decide within 10 s on this machine; denied");
  }

  @Test
  void geminiAndCodexGetTheBoundsDenyAsExitTwoWithTheReasonOnStderr() throws Exception {
    silentGateway();
    CompletableFuture<Run> gemini = hook(AgentKind.GEMINI, call(), Duration.ofSeconds(10));
    CompletableFuture<Run> codex = hook(AgentKind.CODEX, call(), Duration.ofSeconds(10));
    armed(2);

    clock.advance(Duration.ofSeconds(9));
    Run geminiRun = gemini.get(30, TimeUnit.SECONDS);
    Run codexRun = codex.get(30, TimeUnit.SECONDS);

    String reason = "provider gateway hook could not decide within 10 s on this machine; denied";
    assertThat(geminiRun.exitCode()).as("Gemini CLI runs the call on any other exit").isEqualTo(2);
    assertThat(geminiRun.answer().path("decision").asText()).isEqualTo("deny");
    assertThat(geminiRun.err()).contains(reason);
    assertThat(codexRun.exitCode()).isEqualTo(2);
    assertThat(codexRun.err()).contains(reason);
  }

  @Test
  void anAgentInputThatNeverEndsIsDeniedAtTheBound() throws Exception {
    CompletableFuture<Run> run = hook(AgentKind.COPILOT, endlessInput(), Duration.ofMillis(1_500));
    armed(1);

    clock.advance(Duration.ofMillis(1_349)); // 1.5 s less a tenth, less a tick
    assertThat(run).isNotDone();
    clock.advance(Duration.ofMillis(1));
    Run denied = run.get(30, TimeUnit.SECONDS);

    assertThat(denied.answer().path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(denied.answer().path("permissionDecisionReason").asText())
        .contains("within 1500 ms on this machine");
  }

  @Test
  void aDecisionBeforeTheBoundIsTheAnswerAndTheTimerGoes() throws Exception {
    // No gateway at all (no token file): the guard decides at once, well inside the bound.
    Run run = hook(AgentKind.CLAUDE, call(), Duration.ofSeconds(10)).get(60, TimeUnit.SECONDS);

    assertThat(run.out()).doesNotContain("could not decide within");
    assertThat(clock.pendingTasks()).as("the bound's deny, cancelled").isZero();
  }

  @Test
  void theBoundCountsFromTheScriptsStartElseFromTheCommandsOwn() {
    Instant now = Instant.parse("2100-01-01T00:00:00Z");
    Instant own = ProcessHandle.current().info().startInstant().orElseThrow();
    ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
    Instant parentStart = parent.info().startInstant().orElseThrow();

    assertThat(HookBound.start(Map.of(HookBound.SINCE_PID, Long.toString(parent.pid())), now))
        .as("the process that started this one")
        .isEqualTo(parentStart.isAfter(own) ? now : parentStart);
    assertThat(
            HookBound.start(
                Map.of(HookBound.SINCE_PID, Long.toString(ProcessHandle.current().pid())),
                own.minusSeconds(1)))
        .as("a process that started later than now is not the script")
        .isEqualTo(own.minusSeconds(1));
    assertThat(HookBound.start(Map.of(HookBound.SINCE_PID, "not-a-pid"), now)).isEqualTo(now);
    assertThat(HookBound.start(Map.of(), now)).as("run directly").isEqualTo(now);
  }

  @Test
  void aGatewayThatTookTheConnectionHasWhatIsLeftLessATenthToDecide() {
    HookBound bound = HookBound.of(Duration.ofSeconds(10), clock.instant(), clock, clock);

    assertThat(bound.answerBudget()).isEqualTo(Duration.ofSeconds(8)); // 9 s left, less 1 s
    clock.advance(Duration.ofSeconds(2)); // a JVM's start on a busy machine
    assertThat(bound.answerBudget()).isEqualTo(Duration.ofSeconds(6));
    clock.advance(Duration.ofSeconds(7));
    assertThat(bound.answerBudget()).as("none left: the least").isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void aBoundThatIsNotPositiveIsRefused() {
    assertThatThrownBy(() -> HookBound.of(Duration.ZERO, clock.instant(), clock, clock))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
  }
}
