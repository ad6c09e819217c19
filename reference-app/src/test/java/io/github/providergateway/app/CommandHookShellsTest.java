package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command hook's script ({@code src/main/sh/gateway-hook.sh}) under each shell it must run in:
 * {@code dash} (Debian's {@code /bin/sh}), {@code busybox sh} (Alpine's) and {@code bash --posix}
 * (the stand-in for macOS's {@code /bin/sh}), each skipped with the reason where it is not
 * installed. The gateway is a stub socket ({@link StubSocket}) that answers in format 2 with an
 * agent's line as long as the gateway may send (issue 47: the script's parse was quadratic under
 * dash, 1 MiB > 120 s), or never answers, while the agent gives up on the hook with a signal; and
 * the failures no helper of the script catches (issue 48): a worker killed mid-call, a directory on
 * the home's path that another user owns.
 */
@Tag("process")
class CommandHookShellsTest {

  private static final Path SCRIPT = Path.of("src/main/sh/gateway-hook.sh").toAbsolutePath();

  /** The script's own bound for its whole answer (its default {@code --timeout}). */
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** The hook timeout {@code gateway setup} writes for every agent. */
  private static final Duration AGENTS_TIMEOUT = Duration.ofSeconds(60);

  static final String CLAUDE_INPUT =
      "{\"session_id\":\"s\",\"cwd\":\"/home/dev/project\",\"hook_event_name\":\"PreToolUse\","
          + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";

  @TempDir Path temp;
  private Path home;

  /** Whether {@code env --default-signal} is there, to undo a SIGINT ignored by whoever ran us. */
  private static boolean envDefaultSignal;

  @BeforeAll
  static void curlIsThere() throws Exception {
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/curl")) || Files.isExecutable(Path.of("/bin/curl")),
        "the command hook's fast path needs curl");
    envDefaultSignal =
        new ProcessBuilder("env", "--default-signal=INT", "true").start().waitFor() == 0;
  }

  @BeforeEach
  void ownerOnlyHome() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  /** The shells the script must run in: dash, busybox sh, bash --posix. */
  enum Shell {
    DASH("dash"),
    BUSYBOX("busybox", "sh"),
    BASH_POSIX("bash", "--posix");

    private final List<String> command;

    Shell(String... command) {
      this.command = List.of(command);
    }

    /** The shell's command, or a skip that says how to install it. */
    List<String> command() {
      boolean there =
          Stream.of("/usr/bin/", "/bin/")
              .anyMatch(dir -> Files.isExecutable(Path.of(dir + command.get(0))));
      assumeTrue(
          there,
          command.get(0)
              + " is not installed here, so the hook script is not tested under "
              + String.join(" ", command)
              + " (Debian: apt-get install "
              + command.get(0)
              + "; .ci/run installs it where it can)");
      return command;
    }
  }

  /** What one run of the hook printed, as bytes, and how long it took. */
  private record Run(int exitCode, byte[] out, String err, Duration took) {
    String outText() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  /** Runs the script under {@code shell} for {@code agent}, with {@code stdin}. */
  private CompletableFuture<Run> hook(
      Shell shell, String agent, byte[] stdin, Map<String, String> env, String... options)
      throws IOException {
    List<String> command = new ArrayList<>();
    if (envDefaultSignal) {
      // A JVM started with SIGINT ignored passes that on, and no shell can trap a signal ignored
      // when it started (POSIX): as an agent starts its hooks, with the three signals' defaults.
      command.addAll(List.of("env", "--default-signal=INT,TERM,HUP"));
      command.addAll(ignoredSignals);
    }
    command.addAll(shell.command());
    command.addAll(List.of(SCRIPT.toString(), agent, "--home", home.toString()));
    command.addAll(List.of(options));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("GATEWAY_HOOK_LAUNCHER", temp.resolve("no-jvm-here").toString());
    builder.environment().putAll(env);
    long start = System.nanoTime();
    Process process = builder.start();
    started = process;
    CompletableFuture<byte[]> out =
        CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
    CompletableFuture<byte[]> err =
        CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    CompletableFuture.runAsync(
        () -> {
          try (var in = process.getOutputStream()) {
            in.write(stdin);
          } catch (IOException e) {
            // the hook ended before it read its input
          }
        });
    return process
        .onExit()
        .thenApply(
            done ->
                new Run(
                    done.exitValue(),
                    out.join(),
                    new String(err.join(), StandardCharsets.UTF_8),
                    Duration.ofNanos(System.nanoTime() - start)));
  }

  /** The process the last {@link #hook} call started. */
  private Process started;

  /** {@code env}'s options that start the hook with signals ignored, as an agent may. */
  private List<String> ignoredSignals = List.of();

  private static byte[] readAll(InputStream in) {
    try (in) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Run done(CompletableFuture<Run> run) throws Exception {
    return run.get(120, TimeUnit.SECONDS);
  }

  // ---- any answer the gateway can give, within the script's own timeout ----

  static Stream<Arguments> shellsAndSizes() {
    return Stream.of(Shell.values())
        .flatMap(
            shell -> Stream.of(64 << 10, 1 << 20, 4 << 20).map(size -> Arguments.of(shell, size)));
  }

  /**
   * An agent's line of {@code size} bytes (a rewritten 4 MiB {@code Write} is the largest a gateway
   * sends), made of what shells treat specially: backslashes, quotes, {@code $}, backquotes, glob
   * characters, {@code %}, multibyte UTF-8, escaped line breaks.
   */
  private static String agentLine(int size) {
    String head =
        "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"updatedInput\":"
            + "{\"content\":\"";
    String tail = "\"}}}";
    String chunk = "a\\\\b \\\"q\\\" $HOME `id` *?[a-z] %s %% \u00e9\u2713 \\n\\t -- ";
    int chunkBytes = chunk.getBytes(StandardCharsets.UTF_8).length;
    int room = size - head.length() - tail.length();
    StringBuilder line =
        new StringBuilder(size).append(head).append(chunk.repeat(room / chunkBytes));
    line.append("x".repeat(room % chunkBytes)).append(tail);
    return line.toString();
  }

  @ParameterizedTest(name = "{0}, {1} bytes")
  @MethodSource("shellsAndSizes")
  void anAnswerAsLongAsTheGatewayMaySendIsPrintedWholeWithinTheTimeout(Shell shell, int size)
      throws Exception {
    String line = agentLine(size);
    // The largest case is a rewrite: a 4 MiB input, answered with a 4 MiB line.
    byte[] input =
        size >= 4 << 20
            ? ("{\"cwd\":\"/home/dev/project\",\"tool_name\":\"Write\",\"tool_input\":{\"content\":\""
                    + "y".repeat(size - 100)
                    + "\"}}")
                .getBytes(StandardCharsets.UTF_8)
            : CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8);
    try (StubSocket gateway =
        StubSocket.answering(
            home, "gateway-hook/2 0 gateway hook claude: allow: a long answer\n" + line + "\n")) {

      Run run = done(hook(shell, "claude", input, Map.of()));

      assertThat(run.err()).isEqualTo("gateway hook claude: allow: a long answer\n");
      assertThat(run.exitCode()).isZero();
      assertThat(run.out().length).isEqualTo(size + 1);
      assertThat(run.out())
          .as("the agent's line, byte for byte")
          .isEqualTo((line + "\n").getBytes(StandardCharsets.UTF_8));
      assertThat(run.took()).as("within the script's --timeout").isLessThan(TIMEOUT);
      assertThat(gateway.firstRequest().join())
          .contains("\r\nGateway-Hook-Format: 2\r\n")
          .endsWith(new String(input, StandardCharsets.UTF_8) + "\n"); // the heredoc's
    }
  }

  /**
   * Issue 62: {@code gateway hook claude --help}, which the main help points to, printed a deny
   * JSON (it waited for input, then took the JVM's help for a hook's non-answer). It is help, at
   * once, with nothing on stdin and stdin left open as a terminal leaves it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("shells")
  void helpIsTheJvmsHelpAtOnceNotAHooksAnswer(Shell shell) throws Exception {
    List<String> command = new ArrayList<>(shell.command());
    command.addAll(List.of(SCRIPT.toString(), "claude", "--help"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("GATEWAY_HOOK_LAUNCHER", StandInLauncher.write(temp).toString());
    Process process = builder.start(); // its stdin stays open: no end of input comes
    started = process;
    CompletableFuture<byte[]> out =
        CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));

    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("help waits for no input").isTrue();
    String printed = new String(out.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(printed).isZero();
    assertThat(printed).contains("Usage: gateway hook claude").doesNotContain("permissionDecision");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shells")
  void geminisDenyFromTheSocketIsExitTwoWithTheReasonAloneOnStderr(Shell shell) throws Exception {
    try (StubSocket gateway =
        StubSocket.answering(
            home,
            "gateway-hook/2 2 CI is red\n{\"decision\":\"deny\",\"reason\":\"CI is red\"}\n")) {

      Run run =
          done(hook(shell, "gemini", CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8), Map.of()));

      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err()).isEqualTo("CI is red\n");
      assertThat(run.outText()).isEqualTo("{\"decision\":\"deny\",\"reason\":\"CI is red\"}\n");
    }
  }

  static Stream<Shell> shells() {
    return Stream.of(Shell.values());
  }

  /**
   * A gateway of the format before this one answers the agent's line first: the script denies it as
   * another format and never prints it (it could not tell its parts apart).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("shells")
  void anOlderGatewaysAnswerIsDeniedAsAnotherFormatNeverPrinted(Shell shell) throws Exception {
    try (StubSocket gateway = StubSocket.answering(home, "{}\nallow: no rule applies\n")) {

      Run run =
          done(hook(shell, "claude", CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8), Map.of()));

      assertThat(run.outText())
          .contains("\"permissionDecision\":\"deny\"")
          .contains("answered in a format this hook script does not read");
    }
  }

  // ---- the agent gives up on the hook: a deny before it dies ----

  static Stream<Arguments> shellsSignalsAndAgents() {
    return Stream.of(Shell.values())
        .flatMap(
            shell ->
                Stream.of("TERM", "INT", "HUP")
                    .flatMap(
                        signal ->
                            Stream.of("claude", "gemini")
                                .map(agent -> Arguments.of(shell, signal, agent))));
  }

  /**
   * Every shell holds a trap back while it reads a command substitution (curl's answer) until it
   * ends; the script waits for its worker in {@code wait} instead, where a trap runs at once. A
   * minute's {@code --timeout}, so that a deny that waited for curl could not pass.
   */
  @ParameterizedTest(name = "{0}, SIG{1}, {2}")
  @MethodSource("shellsSignalsAndAgents")
  void aSignalWhileTheGatewayIsSilentPrintsADenyAtOnce(Shell shell, String signal, String agent)
      throws Exception {
    assumeTrue(
        envDefaultSignal || !signal.equals("INT"),
        "env --default-signal is missing: the hook may start with SIGINT ignored, which no shell"
            + " can trap");
    try (StubSocket gateway = StubSocket.silent(home)) {
      CompletableFuture<Run> running =
          hook(
              shell,
              agent,
              CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8),
              Map.of(),
              "--timeout",
              "60s");
      gateway.firstRequest().get(30, TimeUnit.SECONDS); // the hook waits for the answer now
      long pid = started.pid();

      assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor())
          .isZero();
      Run run = running.get(30, TimeUnit.SECONDS);

      String reason =
          "provider gateway hook was stopped by SIG" + signal + " before it had an answer; denied";
      if (agent.equals("gemini")) {
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.outText())
            .isEqualTo("{\"decision\":\"deny\",\"reason\":\"" + reason + "\"}\n");
        assertThat(run.err()).isEqualTo(reason + "\n");
      } else {
        assertThat(run.exitCode()).isZero();
        assertThat(run.outText())
            .isEqualTo(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
                    + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\""
                    + reason
                    + "\"}}\n");
      }
    }
  }

  // ---- the hook's own bound (issue 76): an answer inside every agent's timeout, always ----

  /** The bound the tests below give the hook: short, so that a stuck worker costs little. */
  private static final String BOUND = "1500ms";

  /** What each agent reads as a deny, after the bound, and with which exit code. */
  private static void assertDeniedAtTheBound(String agent, Run run) {
    String reason = "provider gateway hook could not decide within 1500 ms on this machine; denied";
    switch (agent) {
      case "gemini" -> {
        assertThat(run.outText())
            .isEqualTo("{\"decision\":\"deny\",\"reason\":\"" + reason + "\"}\n");
        assertThat(run.exitCode()).as("Gemini CLI blocks on exit code 2 only").isEqualTo(2);
        assertThat(run.err()).isEqualTo(reason + "\n");
      }
      case "codex" -> {
        assertThat(run.outText()).contains("\"permissionDecision\":\"deny\"").contains(reason);
        assertThat(run.exitCode()).as("Codex blocks on exit code 2").isEqualTo(2);
        assertThat(run.err()).isEqualTo(reason + "\n");
      }
      case "copilot" -> {
        assertThat(run.outText())
            .isEqualTo(
                "{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\""
                    + reason
                    + "\"}\n");
        assertThat(run.exitCode()).isZero();
      }
      case "cursor" -> {
        assertThat(run.outText()).startsWith("{\"permission\":\"deny\"").contains(reason);
        assertThat(run.exitCode()).isZero();
      }
      default -> {
        assertThat(run.outText())
            .isEqualTo(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
                    + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\""
                    + reason
                    + "\"}}\n");
        assertThat(run.exitCode()).isZero();
      }
    }
  }

  /** Runs the hook under {@code shell} for {@code agent} with {@link #BOUND}, to its end. */
  private Run bounded(Shell shell, String agent, Map<String, String> env) throws Exception {
    return bounded(shell, agent, env, BOUND);
  }

  /** Runs the hook under {@code shell} for {@code agent} with {@code bound}, to its end. */
  private Run bounded(Shell shell, String agent, Map<String, String> env, String bound)
      throws Exception {
    return done(
        hook(shell, agent, CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8), env, "--timeout", bound));
  }

  /** The agents whose dialects the script speaks. */
  private static final List<String> AGENTS =
      List.of("claude", "copilot", "gemini", "codex", "cursor");

  /**
   * Each agent once, on the shells in turn starting {@code turn} shells on: the three tests of the
   * bound below take turns 0, 1 and 2, so that each runs every dialect and every shell, and between
   * them each dialect meets each shell once. The dialect is one function of the script ({@code
   * print_deny}) whichever path denies, and each path one code whichever the dialect: the whole
   * product, 45 runs of 1.5 to 4 s at the bound, proved nothing these 15 do not (session 20).
   */
  private static Stream<Arguments> agentsOnShellsInTurn(int turn) {
    Shell[] shells = Shell.values();
    return IntStream.range(0, AGENTS.size())
        .mapToObj(i -> Arguments.of(shells[(i + turn) % shells.length], AGENTS.get(i)));
  }

  static Stream<Arguments> agentsOnShellsFromDash() {
    return agentsOnShellsInTurn(0);
  }

  static Stream<Arguments> agentsOnShellsFromBusybox() {
    return agentsOnShellsInTurn(1);
  }

  static Stream<Arguments> agentsOnShellsFromBash() {
    return agentsOnShellsInTurn(2);
  }

  /**
   * A stand-in launcher whose JVM never answers (a machine at load 14 starting one, a JVM stuck):
   * it starts a child of its own, notes both pids in {@code pids}, and sleeps. The hook denies at
   * its bound in the agent's dialect, and neither the launcher nor its child outlives the answer:
   * the run's pipes close (a leftover holding stderr would keep this test waiting for minutes).
   */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("agentsOnShellsFromDash")
  void aJvmPathThatNeverAnswersIsDeniedAtTheBoundAndLeavesNothingBehind(Shell shell, String agent)
      throws Exception {
    Path pids = temp.resolve("pids");
    Path stuck = temp.resolve("stuck-launcher");
    Files.writeString(
        stuck,
        "#!/bin/sh\n"
            + "# Not a launcher: a JVM path that never answers, with a child of its own.\n"
            + "sleep 300 &\n"
            + "echo \"$$ $! ${GATEWAY_HOOK_SINCE_PID:-none}\" > '"
            + pids
            + "'\n"
            + "exec sleep 301\n");
    Files.setPosixFilePermissions(stuck, PosixFilePermissions.fromString("rwx------"));

    Run run = bounded(shell, agent, Map.of("GATEWAY_HOOK_LAUNCHER", stuck.toString()));

    assertDeniedAtTheBound(agent, run);
    assertThat(run.took()).as("inside the agent's own hook timeout").isLessThan(AGENTS_TIMEOUT);
    String[] noted = Files.readString(pids).strip().split(" ");
    assertThat(noted[2])
        .as("the JVM's bound counts from the script's start")
        .isEqualTo(Long.toString(started.pid()));
    for (String pid : List.of(noted[0], noted[1])) {
      ProcessHandle.of(Long.parseLong(pid))
          .ifPresent(
              left -> {
                try {
                  left.onExit().get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                  throw new AssertionError("process " + pid + " outlived the hook's answer", e);
                }
              });
    }
  }

  /**
   * An agent that starts its hooks with SIGALRM ignored (POSIX: no shell can trap it then): the
   * timer follows its SIGALRM with SIGTERM 2 s later, which the script denies as it denies the
   * agent giving up. Later than the bound, still far inside the agent's own timeout.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("shells")
  void aHookStartedWithTheAlarmIgnoredStillDeniesSoonAfterItsBound(Shell shell) throws Exception {
    assumeTrue(envDefaultSignal, "env cannot start the hook with a signal ignored here");
    ignoredSignals = List.of("--ignore-signal=ALRM");
    Path stuck = temp.resolve("stuck-launcher");
    Files.writeString(
        stuck, "#!/bin/sh\n# Not a launcher: a JVM path that never answers.\nexec sleep 300\n");
    Files.setPosixFilePermissions(stuck, PosixFilePermissions.fromString("rwx------"));

    Run run = bounded(shell, "gemini", Map.of("GATEWAY_HOOK_LAUNCHER", stuck.toString()));

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.outText())
        .isEqualTo(
            "{\"decision\":\"deny\",\"reason\":\"provider gateway hook was stopped by SIGTERM"
                + " before it had an answer; denied\"}\n");
    assertThat(run.took()).as("inside the agent's own hook timeout").isLessThan(AGENTS_TIMEOUT);
  }

  /**
   * A gateway that takes the call and never answers, with a curl that does not keep its own {@code
   * --max-time} (a stand-in that holds the connection's place and sleeps): the bound's timer
   * denies, in each dialect.
   */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("agentsOnShellsFromBusybox")
  void aCurlThatOutlivesItsMaxTimeIsDeniedAtTheBound(Shell shell, String agent) throws Exception {
    Path bin = Files.createDirectory(temp.resolve("bin"));
    Path curl = bin.resolve("curl");
    Files.writeString(curl, "#!/bin/sh\n# Not curl: a wait that never ends.\nexec sleep 300\n");
    Files.setPosixFilePermissions(curl, PosixFilePermissions.fromString("rwx------"));
    try (StubSocket gateway = StubSocket.silent(home)) {

      Run run = bounded(shell, agent, Map.of("PATH", bin + ":" + System.getenv("PATH")));

      assertDeniedAtTheBound(agent, run);
    }
  }

  /**
   * The gateway's socket takes the call and says nothing: the hook denies within the bound, naming
   * it, in each dialect. Which of its two clocks says so is a race at this short bound on a busy
   * machine (curl's {@code --max-time} is the bound less a tenth, 150 ms before the timer; at load
   * 16 the timer won 3 of 15): the test below gives curl's clock its room.
   */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("agentsOnShellsFromBash")
  void aSilentGatewayIsDeniedWithinTheBoundNamingIt(Shell shell, String agent) throws Exception {
    try (StubSocket gateway = StubSocket.silent(home)) {

      Run run = bounded(shell, agent, Map.of());

      assertThat(run.outText())
          .contains("deny")
          .containsAnyOf(
              "accepted the call but did not answer within 1500 ms (is it stopped?)",
              "could not decide within 1500 ms on this machine");
      assertThat(run.exitCode()).isEqualTo(agent.equals("gemini") || agent.equals("codex") ? 2 : 0);
    }
  }

  /**
   * With the bound a gateway's hooks get by default, curl's own {@code --max-time} (the bound less
   * a tenth, at most 1 s) answers before the timer and names the silent gateway and what may be
   * wrong with it; here 6 s, which leaves curl 600 ms.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("shells")
  void curlsOwnMaxTimeNamesTheSilentGateway(Shell shell) throws Exception {
    try (StubSocket gateway = StubSocket.silent(home)) {

      Run run = bounded(shell, "claude", Map.of(), "6s");

      assertThat(run.outText())
          .contains("\"permissionDecision\":\"deny\"")
          .contains("accepted the call but did not answer within 6 s (is it stopped?)");
    }
  }

  // ---- failures no helper of the script catches (issue 48) ----

  /**
   * The hook's worker killed mid-call (SIGKILL: no trap of its own runs): the waiting shell's EXIT
   * trap denies. The stand-in for curl finds the worker (the child of the topmost shell running the
   * script) and kills it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("shells")
  void aWorkerKilledMidCallIsDeniedByTheExitTrap(Shell shell) throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "the stand-in for curl reads /proc");
    Path bin = Files.createDirectory(temp.resolve("bin"));
    Path curl = bin.resolve("curl");
    Files.writeString(
        curl,
        "#!/bin/sh\n"
            + "# Not curl: kills the hook's worker, the child of the topmost gateway-hook.sh.\n"
            + "pid=$PPID\n"
            + "worker=\n"
            + "while :; do\n"
            + "  parent=$(sed -n 's/^PPid:[[:space:]]*//p' /proc/$pid/status)\n"
            + "  tr '\\0' ' ' < /proc/$parent/cmdline | grep -q gateway-hook.sh || break\n"
            + "  worker=$pid\n"
            + "  pid=$parent\n"
            + "done\n"
            + "kill -KILL \"$worker\"\n");
    Files.setPosixFilePermissions(curl, PosixFilePermissions.fromString("rwx------"));
    try (StubSocket gateway = StubSocket.silent(home)) {

      Run run =
          done(
              hook(
                  shell,
                  "claude",
                  CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8),
                  Map.of("PATH", bin + ":" + System.getenv("PATH"))));

      assertThat(run.exitCode()).isZero();
      assertThat(run.outText())
          .contains("\"permissionDecision\":\"deny\"")
          .contains("provider gateway hook ended without an answer (its worker's exit 137)");
    }
  }

  /**
   * A directory on the home's path owned by another user (who could have put a socket there): the
   * script does not talk to the socket, and the JVM adapter runs instead (here a launcher that is
   * not there, so the answer is a deny saying so). Needs root, to give a directory away.
   */
  @Test
  void aSocketUnderADirectoryAnotherUserOwnsIsNotAsked() throws Exception {
    assumeTrue(
        Files.getOwner(temp).getName().equals("root"),
        "giving a directory to another user needs root; these tests do not run as root");
    Path theirs = Files.createDirectory(temp.resolve("theirs"));
    UserPrincipal nobody =
        theirs.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    home = Files.move(home, theirs.resolve("home"));
    Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setOwner(theirs, nobody);
    try (StubSocket gateway = StubSocket.answering(home, "gateway-hook/2 0 x\n{}\n")) {

      Run run =
          done(hook(Shell.DASH, "claude", CLAUDE_INPUT.getBytes(StandardCharsets.UTF_8), Map.of()));

      assertThat(gateway.firstRequest()).as("the socket was asked").isNotDone();
      assertThat(run.outText())
          .contains("\"permissionDecision\":\"deny\"")
          .contains("provider gateway hook gave no answer");
    }
  }
}
