package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command hook without a JVM on the hot path (issue 33): {@code src/main/sh/gateway-hook.sh},
 * the POSIX shell script the launcher runs for {@code gateway hook <agent>}, against a real gateway
 * process ({@code --rpc}) with a real provider on a WebSocket gating {@code git push}, in each
 * state a gateway can be in: running, stopped, killed ({@code kill -9}: its socket refuses) and
 * stopped but listening ({@code SIGSTOP}). The script's JVM path is a stand-in launcher that runs
 * {@code gateway hook} on the test classpath and leaves a mark, so each test can say whether a JVM
 * started at all. Gemini CLI and Codex (issue 45) read a deny from exit code 2 and the reason from
 * stderr: their tests check both, on the socket path and when the adapter or the gateway fails.
 */
@Tag("process")
class CommandHookTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SCRIPT = Path.of("src/main/sh/gateway-hook.sh").toAbsolutePath();

  /** The {@code cwd} of the recorded payloads. */
  private static final String AGENT_CWD = "/home/dev/project";

  private static final String CI_RED = "CI is red on this branch. Fix the tests first.";

  @TempDir Path temp;
  private Path home;
  private Path jvmMark;
  private Path launcher;
  private RpcApp gateway;
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeAll
  static void curlIsThere() {
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/curl")) || Files.isExecutable(Path.of("/bin/curl")),
        "the command hook's fast path needs curl");
  }

  @BeforeEach
  void aLauncherThatLeavesAMark() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    jvmMark = temp.resolve("jvm-started");
    launcher = temp.resolve("gateway");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Files.writeString(
        launcher,
        "#!/bin/sh\n"
            + "echo \"$@\" >> '"
            + jvmMark
            + "'\n"
            + "exec '"
            + java
            + "' -cp '"
            + System.getProperty("java.class.path")
            + "' "
            + Main.class.getName()
            + " \"$@\"\n");
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
  }

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable closeable : toClose) {
      closeable.close();
    }
    if (gateway != null) {
      gateway.close();
    }
  }

  /**
   * A gateway with the agent's session and ci-guard gating {@code git push} (fail closed), in this
   * JVM: the hook's script and JVM are the processes under test here.
   */
  private WsProvider gatewayWithGuard() throws IOException {
    return gatewayWithGuard("");
  }

  /** {@link #gatewayWithGuard()}, with {@code helloFields} added to ci-guard's hello. */
  private WsProvider gatewayWithGuard(String helloFields) throws IOException {
    gateway = RpcApp.start(home);
    return guarded(helloFields);
  }

  /** {@link #gatewayWithGuard()} in a process of its own, for a test that signals it. */
  private WsProvider gatewayProcessWithGuard() throws IOException {
    gateway = RpcApp.startProcess(home, temp.resolve("gateway.err"), "--port", "0");
    return guarded();
  }

  /** Starts the agent's session and binds ci-guard to it, gating {@code git push}. */
  private WsProvider guarded() throws IOException {
    return guarded("");
  }

  private WsProvider guarded(String helloFields) throws IOException {
    JsonNode session =
        gateway.request(
            "{\"cmd\":\"session.start\",\"label\":\"claude-code\",\"cwd\":\"" + AGENT_CWD + "\"}");
    WsProvider guard =
        WsProvider.bound(
            gateway.url(),
            gateway.token(),
            session.get("sessionId").asText(),
            "ci-guard",
            "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\",\"args\":\"git push\"},"
                + "\"action\":\"gate\",\"gateId\":\"ci-green\"}]}"
                + helloFields);
    toClose.add(guard);
    HookAdapterTest.awaitRecordMentions(home, "ci-green");
    return guard;
  }

  /** What one run of the hook printed. */
  private record Run(int exitCode, String out, String err) {
    JsonNode answer() throws IOException {
      return JSON.readTree(out);
    }

    String decision() throws IOException {
      JsonNode out = answer();
      return out.has("hookSpecificOutput")
          ? out.get("hookSpecificOutput").path("permissionDecision").asText("none")
          : out.path("permissionDecision").asText("none");
    }

    String reason() throws IOException {
      JsonNode out = answer();
      return out.has("hookSpecificOutput")
          ? out.get("hookSpecificOutput").path("permissionDecisionReason").asText()
          : out.path("permissionDecisionReason").asText();
    }
  }

  /**
   * Runs {@code command} with the recorded payload {@code payload} on its stdin, as an agent does.
   */
  private CompletableFuture<Run> run(List<String> command, String payload) throws IOException {
    try (InputStream in = getClass().getResourceAsStream("/hooks/" + payload)) {
      return run(command, in.readAllBytes());
    }
  }

  /** Runs {@code command} with {@code stdin}. */
  private CompletableFuture<Run> run(List<String> command, byte[] stdin) throws IOException {
    return run(command, stdin, Map.of());
  }

  /** Runs {@code command} with {@code stdin} and {@code env} added to its environment. */
  private CompletableFuture<Run> run(List<String> command, byte[] stdin, Map<String, String> env)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("GATEWAY_HOOK_LAUNCHER", launcher.toString());
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().write(stdin);
    process.getOutputStream().close();
    CompletableFuture<String> out =
        CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
    CompletableFuture<String> err =
        CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    return process.onExit().thenApply(done -> new Run(done.exitValue(), out.join(), err.join()));
  }

  private CompletableFuture<Run> hook(String agent, String payload, String... options)
      throws IOException {
    List<String> command =
        new ArrayList<>(List.of("/bin/sh", SCRIPT.toString(), agent, "--home", home.toString()));
    command.addAll(List.of(options));
    return run(command, payload);
  }

  private static String read(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Run done(CompletableFuture<Run> run) throws Exception {
    return run.get(60, TimeUnit.SECONDS);
  }

  private boolean jvmStarted() {
    return Files.exists(jvmMark);
  }

  private static void answerGate(WsProvider guard, String decision, String reason) {
    JsonNode check = guard.next("gate.check");
    guard.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\""
            + decision
            + "\",\"reason\":\""
            + reason
            + "\"}");
  }

  private static void signal(long pid, String signal) throws Exception {
    assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor())
        .isZero();
  }

  // ---- a gateway running ----

  @Test
  void aRunningGatewayAnswersThroughItsSocketAndNoJvmStarts() throws Exception {
    WsProvider guard = gatewayWithGuard();

    CompletableFuture<Run> push = hook("claude", "claude-bash-git-push.json");
    answerGate(guard, "deny", CI_RED);
    Run denied = done(push);
    Run allowed = done(hook("claude", "claude-bash-ls.json"));
    CompletableFuture<Run> copilotPush = hook("copilot", "copilot-bash-git-push.json");
    answerGate(guard, "deny", CI_RED);
    Run copilot = done(copilotPush);

    assertThat(denied.exitCode()).isZero();
    assertThat(denied.decision()).isEqualTo("deny");
    assertThat(denied.reason()).isEqualTo(CI_RED);
    assertThat(denied.err()).startsWith("gateway hook claude: deny: gateway session ");
    assertThat(allowed.decision())
        .as("no decision: Claude's own permissions apply")
        .isEqualTo("none");
    assertThat(allowed.err()).contains("allow: ");
    assertThat(copilot.answer().get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(jvmStarted()).as("a JVM started for a hook while the gateway ran").isFalse();
  }

  @Test
  void theLauncherTakesTheScriptsPathForHookClaude() throws Exception {
    gatewayWithGuard();

    // The repository's own launcher, as an agent's settings name it: no build, no JVM.
    Run allowed =
        done(
            run(
                List.of(
                    Path.of("..", "gateway").toAbsolutePath().normalize().toString(),
                    "hook",
                    "claude",
                    "--home",
                    home.toString()),
                "claude-bash-ls.json"));

    assertThat(allowed.exitCode()).isZero();
    assertThat(allowed.decision()).isEqualTo("none");
    assertThat(allowed.err()).doesNotContain("building").contains("gateway hook claude: allow: ");
  }

  // ---- no gateway ----

  @Test
  void aStoppedGatewayLeavesNoSocketSoTheJvmDeniesAtOnceSayingItWasStopped() throws Exception {
    WsProvider guard = gatewayWithGuard();
    gateway.endInput();
    guard.next("session.lifecycle"); // shutdown.pending
    guard.goodbye(); // else the stop waits out its 10 s for the guard
    assertThat(gateway.awaitExit()).isZero();
    assertThat(home.resolve("hook.sock")).doesNotExist();

    Run run = done(hook("claude", "claude-bash-git-push.json", "--connect-timeout", "60s"));

    assertThat(jvmStarted()).isTrue();
    assertThat(run.exitCode()).isZero();
    // Stopped normally: no gate can be checked, so every call is denied (decision 61), and the
    // gate the guard had in force is named, held for its project.
    assertThat(run.decision()).isEqualTo("deny");
    assertThat(run.reason())
        .contains("provider gateway not running (no token file in")
        .contains("was stopped at")
        .contains("would meet ci-guard's gate 'ci-green'");
  }

  @Test
  void aKilledGatewaysSocketRefusesSoTheJvmDeniesWithoutWaitingNamingTheCrash() throws Exception {
    gatewayProcessWithGuard();
    int port = gateway.url().getPort();
    signal(gateway.pid(), "KILL");
    gateway.awaitExit();
    assertThat(home.resolve("hook.sock")).as("left behind by kill -9").exists();

    // A minute to connect, so that waiting it out could not go unnoticed: refused is known at once.
    Run run =
        hook(
                "claude",
                "claude-bash-git-push.json",
                "--port",
                Integer.toString(port),
                "--connect-timeout",
                "60s")
            .get(30, TimeUnit.SECONDS);

    assertThat(jvmStarted()).as("no gateway at all: the record decides, in a JVM").isTrue();
    assertThat(run.decision()).as("the hook's output: %s", run.out().strip()).isEqualTo("deny");
    assertThat(run.reason())
        .as("the hook's output: %s", run.out().strip())
        .contains("provider gateway not running (port " + port + ": Connection refused)")
        .contains("crashed or was killed")
        .contains("would meet ci-guard's gate 'ci-green'");
  }

  @Test
  void aStoppedButListeningGatewayIsDeniedAfterItsBudgetNotLeftToTheRecord() throws Exception {
    gatewayProcessWithGuard();
    long pid = gateway.pid();
    signal(pid, "STOP");
    Run run;
    try {
      run = done(hook("claude", "claude-bash-ls.json", "--timeout", "1s"));
    } finally {
      signal(pid, "CONT");
    }

    // ls matches no rule: the gateway, answering, would allow it; a stuck one is denied instead.
    // Which of the two 1 s bounds speaks is the machine's to say: curl's --max-time on a quiet
    // one, the script's own timer when curl itself starts late (CI's busy two cores, once).
    assertThat(run.exitCode()).isZero();
    assertThat(run.decision()).isEqualTo("deny");
    assertThat(run.reason())
        .containsAnyOf(
            "accepted the call but did not answer within 1 s (is it stopped?)",
            "could not decide within 1 s on this machine");
    assertThat(jvmStarted()).as("a listening gateway is not left to the record").isFalse();
  }

  /**
   * Issue 76: a gateway stopped with SIGSTOP, its socket moved where the script does not look, so
   * that the JVM path asks it on its port, which the kernel still accepts for it: the hook's bound
   * ({@code --timeout}, the whole answer) denies, whichever of the JVM's own bound, its answer
   * budget or the script's timer comes first on this machine, in each agent's dialect (Gemini CLI
   * and Codex: exit 2 with the reason on stderr). The test waits as the product does: 5 s each.
   */
  @Test
  void aStoppedGatewayAskedOnItsPortIsDeniedWithinTheHooksBoundInEachDialect() throws Exception {
    gatewayProcessWithGuard();
    int port = gateway.url().getPort();
    Path elsewhere =
        Files.createDirectory(
            temp.resolve("elsewhere"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Files.move(home.resolve("hook.sock"), elsewhere.resolve("hook.sock"));
    long pid = gateway.pid();
    signal(pid, "STOP");
    Run claude;
    Run gemini;
    Run codex;
    try {
      String[] options = {"--port", Integer.toString(port), "--timeout", "5s"};
      CompletableFuture<Run> claudeRun = hook("claude", "claude-bash-ls.json", options);
      CompletableFuture<Run> geminiRun = hook("gemini", "gemini-shell-ls.json", options);
      CompletableFuture<Run> codexRun = hook("codex", "codex-bash-ls.json", options);
      claude = done(claudeRun);
      gemini = done(geminiRun);
      codex = done(codexRun);
    } finally {
      signal(pid, "CONT");
    }

    assertThat(jvmStarted()).as("no socket: the JVM path, on the port").isTrue();
    String[] withinTheBound = {
      "could not decide within 5 s on this machine",
      "accepted the connection but did not answer within ",
      "accepted the connection but did not decide within "
    };
    // ls matches no rule: a gateway that answered would allow it.
    assertThat(claude.exitCode()).isZero();
    assertThat(claude.decision()).as(claude.out()).isEqualTo("deny");
    assertThat(claude.reason()).containsAnyOf(withinTheBound);
    assertThat(gemini.exitCode()).as(gemini.err()).isEqualTo(2);
    assertThat(gemini.answer().path("decision").asText()).isEqualTo("deny");
    assertThat(gemini.err()).containsAnyOf(withinTheBound);
    assertThat(codex.exitCode()).as(codex.err()).isEqualTo(2);
    assertThat(codex.decision()).isEqualTo("deny");
    assertThat(codex.err()).containsAnyOf(withinTheBound);
  }

  // ---- what the script does not believe ----

  @Test
  void aSocketInAHomeUnderADirectoryOthersMayWriteIsNotBelievedAndTheJvmRefusesIt()
      throws Exception {
    Path shared = Files.createDirectory(temp.resolve("shared"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    home = Files.move(home, shared.resolve("home"));
    WsProvider guard = gatewayWithGuard();

    Run run =
        done(
            hook(
                "claude",
                "claude-bash-git-push.json",
                "--port",
                Integer.toString(gateway.url().getPort())));

    assertThat(jvmStarted())
        .as("the script does not talk to a socket another user could have put there")
        .isTrue();
    assertThat(run.decision()).isEqualTo("deny");
    assertThat(run.reason()).contains("refused its gateway's token file");
    assertThat(guard.receivedNoneBeforeAnAnswer("gate.check")).isTrue();
  }

  @Test
  void aGroupWritableHomeOrALinkAtTheSocketsNameIsNotBelieved() throws Exception {
    gatewayWithGuard();
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwx---"));

    Run groupWritable =
        done(
            hook(
                "claude",
                "claude-bash-ls.json",
                "--port",
                Integer.toString(gateway.url().getPort())));

    assertThat(jvmStarted()).isTrue();
    assertThat(groupWritable.decision()).isEqualTo("deny");
    assertThat(groupWritable.reason()).contains("writable by other users");

    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    Files.delete(jvmMark);
    Path elsewhere =
        Files.createDirectory(
            temp.resolve("elsewhere"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Files.move(home.resolve("hook.sock"), elsewhere.resolve("hook.sock"));
    Files.createSymbolicLink(home.resolve("hook.sock"), elsewhere.resolve("hook.sock"));

    done(
        hook("claude", "claude-bash-ls.json", "--port", Integer.toString(gateway.url().getPort())));
    assertThat(jvmStarted()).as("a link at the socket's name is not followed").isTrue();
  }

  /**
   * The review of issue 33: an agent told to could write a {@code ~/.curlrc} that makes curl print
   * nothing, or the headers, which the agent would read as "no objection". The script runs curl
   * with {@code -q} and prints only an answer that is one JSON object.
   */
  @Test
  void aCurlrcInTheHomeCannotTurnADenyIntoNoAnswer() throws Exception {
    WsProvider guard = gatewayWithGuard();
    Path userHome = Files.createDirectory(temp.resolve("user"));
    Files.writeString(userHome.resolve(".curlrc"), "-o /dev/null\n--include\n");

    CompletableFuture<Run> push =
        run(
            List.of("/bin/sh", SCRIPT.toString(), "claude", "--home", home.toString()),
            Files.readAllBytes(Path.of("src/test/resources/hooks/claude-bash-git-push.json")),
            Map.of("HOME", userHome.toString(), "CURL_HOME", userHome.toString()));
    answerGate(guard, "deny", CI_RED);
    Run run = done(push);

    assertThat(run.decision()).isEqualTo("deny");
    assertThat(run.reason()).isEqualTo(CI_RED);
  }

  @Test
  void aSocketThatClosesWithoutAnAnswerDenies() throws Exception {
    // Not a gateway: a socket of this user that takes the request and closes, as a gateway dying
    // mid-call would.
    try (java.nio.channels.ServerSocketChannel server =
        java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
      server.bind(java.net.UnixDomainSocketAddress.of(home.resolve("hook.sock")));
      CompletableFuture<Void> closer =
          CompletableFuture.runAsync(
              () -> {
                try (java.nio.channels.SocketChannel client = server.accept()) {
                  client.read(java.nio.ByteBuffer.allocate(1 << 16));
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });

      Run run = done(hook("claude", "claude-bash-ls.json"));

      closer.get(60, TimeUnit.SECONDS);
      assertThat(run.decision()).isEqualTo("deny");
      assertThat(run.reason()).contains("could not ask the gateway at").contains("curl exit 52");
      assertThat(jvmStarted()).isFalse();
    }
  }

  @Test
  void aTimeoutOfZeroWhichCurlWouldTakeAsNoLimitDenies() throws Exception {
    gatewayWithGuard();

    Run run = done(hook("claude", "claude-bash-ls.json", "--timeout", "0"));

    assertThat(run.decision()).isEqualTo("deny");
    assertThat(run.err()).contains("must be positive");
  }

  @Test
  void anOptionTheScriptDoesNotKnowGoesToTheJvmWhichSaysWhatItMeans() throws Exception {
    Run run = done(hook("claude", "claude-bash-ls.json", "--bogus"));

    assertThat(jvmStarted()).isTrue();
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("--bogus");
    assertThat(run.decision()).as("a hook that cannot run denies").isEqualTo("deny");
    assertThat(run.reason()).contains("gave no answer");
  }

  @Test
  void malformedInputIsAnExplicitDenyFromTheGatewayNeverACrash() throws Exception {
    gatewayWithGuard();

    Run run =
        done(
            run(
                List.of("/bin/sh", SCRIPT.toString(), "claude", "--home", home.toString()),
                "{\"tool_name\": \"Bash\", \"tool_input\": ".getBytes(StandardCharsets.UTF_8)));

    assertThat(run.exitCode()).isZero();
    assertThat(run.decision()).isEqualTo("deny");
    assertThat(run.reason()).contains("could not read the claude hook input");
    assertThat(jvmStarted()).isFalse();
  }

  // ---- Gemini CLI and Codex: a deny is exit code 2 with the reason on stderr (issue 45) ----

  @Test
  void geminiAndCodexReadTheGatewaysDenyAsExitTwoWithTheReasonAloneOnStderr() throws Exception {
    WsProvider guard = gatewayWithGuard();

    CompletableFuture<Run> geminiPush = hook("gemini", "gemini-shell-git-push.json");
    answerGate(guard, "deny", CI_RED);
    Run gemini = done(geminiPush);
    CompletableFuture<Run> codexPush = hook("codex", "codex-bash-git-push.json");
    answerGate(guard, "deny", CI_RED);
    Run codex = done(codexPush);
    Run geminiLs = done(hook("gemini", "gemini-shell-ls.json"));
    Run codexLs = done(hook("codex", "codex-bash-ls.json"));

    assertThat(gemini.exitCode()).isEqualTo(2);
    assertThat(gemini.err()).isEqualTo(CI_RED + "\n");
    assertThat(gemini.answer().path("decision").asText()).isEqualTo("deny");
    assertThat(codex.exitCode()).isEqualTo(2);
    assertThat(codex.err()).isEqualTo(CI_RED + "\n");
    assertThat(codex.decision()).isEqualTo("deny");
    assertThat(geminiLs.exitCode()).isZero();
    assertThat(geminiLs.answer()).isEqualTo(JSON.createObjectNode());
    assertThat(geminiLs.err()).contains("gateway hook gemini: allow: ");
    assertThat(codexLs.exitCode()).isZero();
    assertThat(jvmStarted()).as("a JVM started for a hook while the gateway ran").isFalse();
  }

  @Test
  void aGatesQuestionReachesCodexAsADenyThatAsksThePersonNeverAsAnAsk() throws Exception {
    WsProvider guard = gatewayWithGuard(",\"extensions\":[\"gate.ask\"]");

    CompletableFuture<Run> push = hook("codex", "codex-bash-git-push.json");
    answerGate(guard, "ask", "Push to main while the release is frozen?");
    Run codex = done(push);

    assertThat(codex.exitCode()).isEqualTo(2);
    assertThat(codex.decision()).isEqualTo("deny");
    assertThat(codex.err())
        .contains("asks the person first: Push to main while the release is frozen?")
        .contains("Codex cannot ask");
    assertThat(codex.out()).doesNotContain("\"ask\"");
  }

  @Test
  void whenTheAdapterItselfFailsGeminiAndCodexStillGetExitTwo() throws Exception {
    gatewayWithGuard();
    Path failing = temp.resolve("failing-launcher");
    Files.writeString(failing, "#!/bin/sh\nprintf '{}\\n'\nexit 1\n");
    Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwx------"));

    Run malformed =
        done(
            run(
                List.of("/bin/sh", SCRIPT.toString(), "gemini", "--home", home.toString()),
                "{\"tool_name\": ".getBytes(StandardCharsets.UTF_8)));
    Run badOption = done(hook("codex", "codex-bash-ls.json", "--bogus"));
    // A JVM adapter that says "{}" but exits 1 has failed: not an allow.
    Run broken =
        done(
            run(
                List.of(
                    "/bin/sh",
                    SCRIPT.toString(),
                    "gemini",
                    "--home",
                    temp.resolve("none").toString()),
                readPayload("gemini-shell-ls.json"),
                Map.of("GATEWAY_HOOK_LAUNCHER", failing.toString())));

    assertThat(malformed.exitCode()).isEqualTo(2);
    assertThat(malformed.err()).contains("could not read the gemini hook input");
    assertThat(malformed.answer().path("decision").asText()).isEqualTo("deny");
    assertThat(badOption.exitCode()).isEqualTo(2);
    assertThat(badOption.err()).contains("gave no answer");
    assertThat(broken.exitCode()).isEqualTo(2);
    assertThat(broken.err()).contains("provider gateway hook failed (exit 1");
    assertThat(broken.answer().path("decision").asText()).isEqualTo("deny");
  }

  @Test
  void aKilledGatewayStillGetsGeminiADecisionFromTheJvmWithExitTwo() throws Exception {
    gatewayProcessWithGuard();
    int port = gateway.url().getPort();
    signal(gateway.pid(), "KILL");
    gateway.awaitExit();

    Run gemini =
        hook(
                "gemini",
                "gemini-shell-git-push.json",
                "--port",
                Integer.toString(port),
                "--connect-timeout",
                "60s")
            .get(30, TimeUnit.SECONDS);

    assertThat(jvmStarted()).isTrue();
    assertThat(gemini.exitCode()).isEqualTo(2);
    assertThat(gemini.answer().path("decision").asText()).isEqualTo("deny");
    assertThat(gemini.err())
        .contains("provider gateway not running (port " + port + ": Connection refused)")
        .contains("would meet ci-guard's gate 'ci-green'");
  }

  private byte[] readPayload(String payload) throws IOException {
    try (InputStream in = getClass().getResourceAsStream("/hooks/" + payload)) {
      return in.readAllBytes();
    }
  }
}
