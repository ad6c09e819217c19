package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.HookGateRecord;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, the failure drills, on real processes: a home whose settings name its port and a
 * configured guard ({@code push-guard}, a stdio provider that gates {@code git push} and denies
 * it), its shared gateway started {@code --detached}, two agents' {@code gateway mcp} attached in
 * two projects. Then the gateway is killed ({@code kill -9}) and restarted the way an agent does
 * (its {@code gateway mcp} starts the home's gateway again), or stopped ({@code SIGSTOP}) and
 * resumed, while the agent's {@code git push} from a subfolder of its project is asked every 100 ms
 * through the command hook (the launcher's script, its JVM when no gateway answers) and through
 * Claude Code's HTTP hook: not one allow. Afterwards the gateway is back on the home's port and the
 * guard decides live again. Tag {@code failures}: the {@code -P agents} phase of {@code .ci/run}.
 */
@Tag("failures")
class GuardUnderFailureTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Duration POLL = Duration.ofMillis(100);

  /** How long the gateway is stopped: longer than a gate's 5 s, shorter than the hook's 10 s. */
  private static final Duration STOPPED = Duration.ofSeconds(6);

  private static final String LIVE_REASON = "push-guard: no pushes from this project";

  @TempDir Path temp;
  private Path home;
  private Path projectA;
  private Path projectB;
  private Path launcher;
  private int port;
  private String hookToken;
  private final List<Process> started = new ArrayList<>();

  /** One answer to the gated call, on one path, with when it came. */
  private record Answer(long atMillis, String path, String outcome, String reason) {
    boolean allowed() {
      return outcome.equals("allow");
    }
  }

  @BeforeEach
  void aHomeItsGatewayAndTwoAgents() throws Exception {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    projectA =
        Files.createDirectories(temp.resolve("projects/a/examples/node")).getParent().getParent();
    projectB = Files.createDirectories(temp.resolve("projects/b"));
    Path guard = temp.resolve("push-guard.mjs");
    Files.copy(
        Interop.repoRoot().resolve("reference-app/src/test/resources/agents/push-guard.mjs"),
        guard);
    ObjectNode config = JSON.createObjectNode();
    ObjectNode entry = config.putArray("providers").addObject();
    entry.put("name", "push-guard").put("transport", "stdio");
    entry.putArray("command").add("node").add(guard.toString());
    Path providers = Files.writeString(temp.resolve("providers.json"), config.toString());
    port = FreePorts.pick();
    // Given once, as a person does: every start of the home's gateway takes this port and config.
    HomeSettings.NONE.withPort(port).withConfig(providers, false).write(home);
    hookToken = ClientTokens.hooks(home).issue("claude");
    launcher = StandInLauncher.write(temp);

    start(List.of(launcher.toString(), "--detached", "--home", home.toString()), temp, "detached");
    Await.until(
        WAIT,
        () -> Files.exists(home.resolve(GatewayHome.PORT_FILE)),
        () -> "the home's gateway listens; " + log());
    agent(projectA, "claude-code");
    agent(projectB, "copilot");
    awaitGuardBound(projectA);
    awaitGuardBound(projectB);
  }

  @AfterEach
  void stopAll() throws Exception {
    for (Process process : started) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    Long pid = gatewayPid();
    if (pid != null) {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void aGatewayKilledAndRestartedByAnAgentAllowsNoGatedCallFromTheFirstMomentToTheLast()
      throws Exception {
    long before = gatewayPid();
    List<Answer> answers = new CopyOnWriteArrayList<>();
    long start = System.nanoTime();
    long killedAt;
    ScheduledExecutorService polls = poll(start, answers);
    try {
      awaitDeniedOnBothPaths(answers); // the polls meet the gateway running first
      signal(before, "KILL");
      killedAt = millisSince(start);
      awaitLiveOnBothPathsAfter(killedAt, answers);
    } finally {
      stopPolling(polls);
    }

    assertThat(answers)
        .as("answers to git push after the kill at %d ms: %s", killedAt, answers)
        .noneMatch(Answer::allowed);
    assertThat(answers).anyMatch(a -> a.atMillis() < killedAt && a.outcome().equals("deny"));
    assertThat(answers).anyMatch(a -> a.atMillis() > killedAt);
    Long after = gatewayPid();
    assertThat(after).as("an agent's gateway mcp started the home's gateway again").isNotNull();
    assertThat(after).isNotEqualTo(before);
    assertThat(Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip())
        .as("on the home's port, not another")
        .isEqualTo(Integer.toString(port));
  }

  /**
   * Waits until the guard, back, decides live on both paths after {@code millis} (the polls' time),
   * failing at once on an allow meanwhile.
   */
  private static void awaitLiveOnBothPathsAfter(long millis, List<Answer> answers) {
    for (String path : List.of("command", "http")) {
      Await.until(
          WAIT,
          () -> {
            assertThat(answers).as("answers to git push: %s", answers).noneMatch(Answer::allowed);
            return answers.stream()
                .anyMatch(
                    a ->
                        a.path().equals(path)
                            && a.reason().contains(LIVE_REASON)
                            && a.atMillis() > millis);
          },
          () ->
              "the guard decides live on the "
                  + path
                  + " path after "
                  + millis
                  + " ms: "
                  + answers);
    }
  }

  /**
   * Waits until the running gateway has denied a poll on each path: on a loaded machine the first
   * answers may take longer than any fixed pause, and a failure must start after them.
   */
  private static void awaitDeniedOnBothPaths(List<Answer> answers) {
    for (String path : List.of("command", "http")) {
      Await.until(
          WAIT,
          () -> answers.stream().anyMatch(a -> a.path().equals(path) && a.outcome().equals("deny")),
          () -> "a deny on the " + path + " path before the failure: " + answers);
    }
  }

  @Test
  void aGatewayStoppedAndResumedAllowsNoGatedCall() throws Exception {
    long pid = gatewayPid();
    List<Answer> answers = new CopyOnWriteArrayList<>();
    long start = System.nanoTime();
    ScheduledExecutorService polls = poll(start, answers);
    try {
      awaitDeniedOnBothPaths(answers);
      signal(pid, "STOP");
      try {
        holdStopped(pid, answers);
      } finally {
        signal(pid, "CONT");
      }
      awaitLiveOnBothPathsAfter(millisSince(start), answers);
    } finally {
      stopPolling(polls);
    }

    assertThat(answers).as("answers to git push: %s", answers).noneMatch(Answer::allowed);
    assertThat(gatewayPid()).as("the same gateway, resumed").isEqualTo(pid);
  }

  /**
   * Real time, since the drill is a real process's own timers running out while it is stopped:
   * holds the gateway stopped for {@link #STOPPED}, failing at once should it die or a poll be
   * allowed meanwhile.
   */
  private static void holdStopped(long pid, List<Answer> answers) {
    long from = System.nanoTime();
    Await.until(
        STOPPED.plus(WAIT),
        () -> {
          assertThat(answers).as("answers to git push: %s", answers).noneMatch(Answer::allowed);
          assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
              .as("the stopped gateway lives")
              .contains(true);
          return System.nanoTime() - from >= STOPPED.toNanos();
        },
        () -> "the end of the gateway's stop");
  }

  /**
   * A gateway stopped normally: its gates are held, so the command hook denies a gated call saying
   * it was stopped and how to start it, and leaves an ungated one to the guard (decision 76); the
   * HTTP hook cannot reach it and blocks both; {@code gateway status} says the guard is down.
   */
  @Test
  void aGatewayStoppedNormallyHoldsItsGatesOnTheCommandHookAndTheHttpHookBlocks() throws Exception {
    for (Process agent : new ArrayList<>(started.subList(1, started.size()))) {
      agent.getOutputStream().close(); // the agents end their sessions first
      agent.waitFor(30, TimeUnit.SECONDS);
    }
    long pid = gatewayPid();
    signal(pid, "TERM");
    // Stopped is gone, not closing: the port file goes before the hook's socket stops answering,
    // and a hook in between meets a socket that closes under it (curl exit 52), a deny of its own.
    Await.until(
        WAIT,
        () ->
            !Files.exists(home.resolve(GatewayHome.PORT_FILE))
                && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
        () -> "the gateway stops; " + log());

    Answer gated = commandHook(hookInput("git push origin main"));
    Answer command = commandHook(hookInput("ls"));
    Answer http = httpHook(hookInput("ls"));
    Interop.Ran status =
        Interop.run(List.of(launcher.toString(), "status", "--home", home.toString()), temp, WAIT);

    assertThat(gated.outcome()).isEqualTo("deny");
    assertThat(gated.reason()).contains("was stopped at").contains("Start it with");
    assertThat(command.outcome())
        .as("no held gate concerns ls: the guard's (%s)", command.reason())
        .isEqualTo("allow");
    assertThat(http.outcome())
        .as("Claude's HTTP hook: blocked (onFailure: block)")
        .isEqualTo("blocked");
    assertThat(status.exitCode()).isEqualTo(1);
    assertThat(status.output()).contains("The guard is down");
  }

  // ---- the hooks ----

  private String hookInput(String command) throws IOException {
    ObjectNode input = JSON.createObjectNode();
    input.put("session_id", "s").put("hook_event_name", "PreToolUse");
    input.put("cwd", projectA.resolve("examples/node").toString());
    input.put("tool_name", "Bash");
    input.putObject("tool_input").put("command", command).put("description", "drill");
    return input.toString();
  }

  /** The command hook as Claude Code runs it: the launcher's script, its JVM when it must. */
  private Answer commandHook(String input) throws Exception {
    Process hook =
        new ProcessBuilder(launcher.toString(), "hook", "claude", "--home", home.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (OutputStream in = hook.getOutputStream()) {
      in.write(input.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(hook.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!hook.waitFor(40, TimeUnit.SECONDS)) {
      hook.destroyForcibly();
      return new Answer(0, "command", "blocked", "timed out");
    }
    JsonNode answer = JSON.readTree(out).path("hookSpecificOutput");
    String decision = answer.path("permissionDecision").asText("allow");
    return new Answer(0, "command", decision, answer.path("permissionDecisionReason").asText());
  }

  /** Claude Code's HTTP hook with {@code onFailure: block}: any failure blocks the call. */
  private Answer httpHook(String input) throws Exception {
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1) // as Claude Code posts it: no h2c upgrade
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/hooks/claude"))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + hookToken)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(input))
            .build();
    try {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return new Answer(0, "http", "blocked", "status " + response.statusCode());
      }
      JsonNode answer = JSON.readTree(response.body()).path("hookSpecificOutput");
      return new Answer(
          0,
          "http",
          answer.path("permissionDecision").asText("allow"),
          answer.path("permissionDecisionReason").asText());
    } catch (ConnectException | HttpTimeoutException e) {
      return new Answer(0, "http", "blocked", e.toString());
    } catch (IOException e) {
      return new Answer(0, "http", "blocked", e.toString());
    }
  }

  private interface Hook {
    Answer ask(String input) throws Exception;
  }

  /**
   * Asks the gated call on both paths, each {@link #POLL} after its last answer, noting each answer
   * in {@code answers} at its time since {@code start}, until {@link #stopPolling}.
   */
  private ScheduledExecutorService poll(long start, List<Answer> answers) throws IOException {
    String input = hookInput("git push origin main");
    ScheduledExecutorService polls = Executors.newScheduledThreadPool(2);
    Map<String, Hook> paths = Map.of("command", this::commandHook, "http", this::httpHook);
    paths.forEach(
        (path, hook) ->
            polls.scheduleWithFixedDelay(
                () -> {
                  try {
                    Answer answer = hook.ask(input);
                    answers.add(
                        new Answer(millisSince(start), path, answer.outcome(), answer.reason()));
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  } catch (Exception e) {
                    answers.add(new Answer(millisSince(start), path, "error", e.toString()));
                  }
                },
                0,
                POLL.toMillis(),
                TimeUnit.MILLISECONDS));
    return polls;
  }

  /** Asks no more, and waits for the asks under way to be answered. */
  private static void stopPolling(ScheduledExecutorService polls) throws InterruptedException {
    polls.shutdown();
    assertThat(polls.awaitTermination(WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("the polls under way are answered")
        .isTrue();
  }

  // ---- the processes ----

  /** An agent's {@code gateway mcp} in {@code project}, initialized; its session joins. */
  private void agent(Path project, String name) throws IOException {
    Process mcp =
        start(List.of(launcher.toString(), "mcp", "--home", home.toString()), project, name);
    OutputStream in = mcp.getOutputStream();
    in.write(
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\""
                + name
                + "\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                // As an agent does at its start: the list starts the session's providers (a
                // session that only initializes, a health check, starts none: issue 46).
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n")
            .getBytes(StandardCharsets.UTF_8));
    in.flush(); // stdin stays open: the agent's session lasts as long as it does
  }

  private Process start(List<String> command, Path dir, String name) throws IOException {
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(temp.resolve(name + ".out").toFile())
            .redirectError(temp.resolve(name + ".err").toFile())
            .start();
    started.add(process);
    return process;
  }

  private void awaitGuardBound(Path project) {
    Await.until(
        WAIT,
        () ->
            HookGateRecord.read(home).sessions().stream()
                .anyMatch(
                    s ->
                        project.toString().equals(s.cwd()) && s.providers().contains("push-guard")),
        () -> "push-guard bound in " + project + "; " + log());
  }

  private Long gatewayPid() {
    try {
      HookGateRecord.GatewayState state = HookGateRecord.read(home).gateway();
      return state == null ? null : state.pid();
    } catch (IOException e) {
      return null;
    }
  }

  private static void signal(long pid, String signal) throws Exception {
    new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
  }

  private static long millisSince(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
  }

  private String log() {
    try {
      return "gateway.log:\n" + Files.readString(home.resolve("logs/gateway.log"));
    } catch (IOException e) {
      return "(no gateway.log)";
    }
  }
}
