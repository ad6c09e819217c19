package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.providergateway.app.CommandHookShellsTest.Shell;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command hook's script once the worker's answer is agreed (the waiting shell's yes to its
 * SIGUSR1), held there on purpose: the answer is longer than a pipe holds and nobody reads the
 * agent's end, so the worker stays in its {@code printf} until the test lets it go. Nothing may
 * change the agreed answer from then on. Once, in a clean verify at load 7, the bound's timer still
 * fired after it: its SIGALRM interrupted the shell's {@code wait} after bash had reaped the
 * worker, and the script exited 142, which Claude Code reads as a non-blocking error and runs the
 * call. That moment cannot be hit from outside; these tests hold the ones around it:
 *
 * <ul>
 *   <li>the timer is gone as soon as the answer is agreed (the old script kept its {@code sleep}
 *       for the whole bound, and this test fails on it);
 *   <li>a SIGALRM or SIGTERM that reaches the waiting shell after the worker has ended (stopped
 *       with SIGSTOP, so that the signal and the worker's end are both pending when it goes on)
 *       leaves the worker's answer and its exit code as they were.
 * </ul>
 */
@Tag("process")
class CommandHookAgreedAnswerTest {

  private static final Path SCRIPT = Path.of("src/main/sh/gateway-hook.sh").toAbsolutePath();

  /** Longer than any pipe's buffer (64 KiB on Linux): the worker blocks in its printf. */
  private static final int ANSWER_BYTES = 1 << 20;

  /** How long a step that takes milliseconds may take on a machine at load 8. */
  private static final Duration STEP = Duration.ofSeconds(20);

  private static final String INPUT = CommandHookShellsTest.CLAUDE_INPUT;

  @TempDir Path temp;
  private Path home;

  @BeforeAll
  static void procAndCurlAreThere() {
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/curl")) || Files.isExecutable(Path.of("/bin/curl")),
        "the command hook's fast path needs curl");
    assumeTrue(
        Files.isDirectory(Path.of("/proc/self")), "these tests read process states in /proc");
  }

  @BeforeEach
  void ownerOnlyHome() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  static Stream<Arguments> shellsAgentsAndSignals() {
    return Stream.of(Shell.values())
        .flatMap(
            shell ->
                Stream.of("claude", "gemini")
                    .flatMap(
                        agent ->
                            Stream.of("ALRM", "TERM")
                                .map(signal -> Arguments.of(shell, agent, signal))));
  }

  @ParameterizedTest(name = "{0}, {1}, SIG{2}")
  @MethodSource("shellsAgentsAndSignals")
  void aSignalAfterTheAnswerIsAgreedChangesNeitherTheAnswerNorTheExitCode(
      Shell shell, String agent, String signal) throws Exception {
    String line = "{\"x\":\"" + "a".repeat(ANSWER_BYTES - 8) + "\"}";
    try (StubSocket gateway =
        StubSocket.answering(home, "gateway-hook/2 0 gateway hook: allow: ok\n" + line + "\n")) {
      List<String> command = new ArrayList<>(shell.command());
      // A minute's bound: the timer, were it still armed, would be sleeping all through this test.
      command.addAll(
          List.of(SCRIPT.toString(), agent, "--home", home.toString(), "--timeout", "60s"));
      ProcessBuilder builder = new ProcessBuilder(command);
      builder.environment().put("GATEWAY_HOOK_LAUNCHER", temp.resolve("no-jvm-here").toString());
      Process hook = builder.start();
      try {
        agreedThenSignalled(hook, line, signal);
      } finally {
        hook.descendants().forEach(ProcessHandle::destroyForcibly);
        hook.destroyForcibly();
      }
    }
  }

  private void agreedThenSignalled(Process hook, String line, String signal) throws Exception {
    {
      try (OutputStream in = hook.getOutputStream()) {
        in.write(INPUT.getBytes(StandardCharsets.UTF_8));
      }
      CompletableFuture<String> err =
          CompletableFuture.supplyAsync(() -> text(hook.getErrorStream()));
      InputStream out = hook.getInputStream();

      // The first byte of the answer: the waiting shell has said yes, so its timer is disarmed.
      int first = CompletableFuture.supplyAsync(() -> readByte(out)).get(60, TimeUnit.SECONDS);
      assertThat(first).isEqualTo('{');
      Await.until(
          STEP,
          () -> sleeping(hook.toHandle()).isEmpty(),
          () ->
              "the bound's timer (its sleep) gone once the answer is agreed: "
                  + sleeping(hook.toHandle()));
      List<ProcessHandle> workers = hook.toHandle().children().toList();
      assertThat(workers).as("the worker alone is left, printing").hasSize(1);
      long worker = workers.get(0).pid();

      // The waiting shell stopped; the worker's answer read to its end; the worker ended, unreaped.
      signal("STOP", hook.pid());
      byte[] rest =
          CompletableFuture.supplyAsync(() -> readBytes(out, ANSWER_BYTES))
              .get(60, TimeUnit.SECONDS);
      Await.until(
          STEP,
          () -> "Z".equals(state(worker)),
          () -> "the worker ended (a zombie while its parent is stopped): " + state(worker));
      signal(signal, hook.pid());
      signal("CONT", hook.pid());

      assertThat(hook.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(hook.exitValue()).as("the worker's exit code, as the gateway said it").isZero();
      assertThat(new String(rest, StandardCharsets.UTF_8))
          .as("the rest of the agreed answer, and nothing after it")
          .isEqualTo(line.substring(1) + "\n");
      assertThat(out.read()).isEqualTo(-1);
      assertThat(err.get(60, TimeUnit.SECONDS)).isEqualTo("gateway hook: allow: ok\n");
    }
  }

  /** The live {@code sleep}s under {@code hook}: the bound's timer, while it is armed. */
  private static List<ProcessHandle> sleeping(ProcessHandle hook) {
    return hook.descendants()
        .filter(p -> p.info().command().map(c -> c.endsWith("/sleep")).orElse(false))
        .filter(p -> !"Z".equals(state(p.pid())))
        .toList();
  }

  /**
   * {@code pid}'s state letter in {@code /proc} ({@code Z} for a zombie), or null once it is gone.
   */
  private static String state(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    } catch (IOException gone) {
      return null;
    }
  }

  private static void signal(String signal, long pid) throws Exception {
    assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor())
        .as("kill -%s %d", signal, pid)
        .isZero();
  }

  private static int readByte(InputStream in) {
    try {
      return in.read();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static byte[] readBytes(InputStream in, int count) {
    try {
      return in.readNBytes(count);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String text(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
