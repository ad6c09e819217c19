package io.github.providergateway.app;

import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A pre-tool hook that answers too late, to learn what an agent does when its hook times out: a
 * POSIX shell script that notes in its log when it started, every {@code TERM}, {@code INT}, {@code
 * HUP} and {@code PIPE} it is sent (and goes on), when it woke after {@link #sleep()}, and whether
 * its deny (the agent's own, as {@code gateway-hook.sh} prints it) could still be written. A log
 * with a start and neither a wake nor a signal means the script was killed by {@code SIGKILL}.
 */
final class SlowHook {

  private final Path script;
  private final Path log;
  private final Duration sleep;
  private final String agent;

  private SlowHook(Path script, Path log, Duration sleep, String agent) {
    this.script = script;
    this.log = log;
    this.sleep = sleep;
    this.agent = agent;
  }

  /** Writes the hook for {@code agent} ({@code claude}, {@code codex}, …) into {@code dir}. */
  static SlowHook write(Path dir, String agent, Duration sleep) throws IOException {
    Path script = dir.resolve("slow-hook-" + agent + ".sh");
    Path log = dir.resolve("slow-hook-" + agent + ".log");
    String deny =
        switch (agent) {
          case "copilot" ->
              "{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"late deny\"}";
          case "gemini" -> "{\"decision\":\"deny\",\"reason\":\"late deny\"}";
          default ->
              "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
                  + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"late deny\"}}";
        };
    // Gemini CLI and Codex block on exit code 2 with the reason on stderr, as gateway-hook.sh's.
    int exit = agent.equals("gemini") || agent.equals("codex") ? 2 : 0;
    String text =
        "#!/bin/sh\n"
            + "log="
            + ShellWords.quote(log.toString())
            + "\n"
            + "now() { date +%s%3N; }\n"
            + "echo \"start $(now) $$\" >> \"$log\"\n"
            + "for s in TERM INT HUP PIPE; do trap \"echo \\\"$s \\$(now)\\\" >> \\\"\\$log\\\"\" $s;"
            + " done\n"
            + "end=$(( $(date +%s) + "
            + sleep.toSeconds()
            + " ))\n"
            // A short sleep in the background and wait: a signal is noted at once, not after it.
            // An agent that signals the hook's process group may kill the date in the test as
            // well (Claude Code did on CI): an empty time goes on waiting, it does not wake.
            + "while :; do t=$(date +%s); [ \"$t\" -ge \"$end\" ] 2>/dev/null && break;"
            + " sleep 0.2 & wait $!; done\n"
            + "echo \"woke $(now)\" >> \"$log\"\n"
            + "if printf '%s\\n' "
            + ShellWords.quote(deny)
            + " && echo 'late deny' >&2; then echo \"printed $(now)\" >> \"$log\";"
            + " else echo \"unwritable $(now)\" >> \"$log\"; fi\n"
            + "exit "
            + exit
            + "\n";
    Files.writeString(script, text);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return new SlowHook(script, log, sleep, agent);
  }

  /** The agent's hook command. */
  String command() {
    return "/bin/sh " + ShellWords.quote(script.toString());
  }

  /** How long the hook sleeps before it answers. */
  Duration sleep() {
    return sleep;
  }

  /** The agent this hook answers in the dialect of. */
  String agent() {
    return agent;
  }

  /** The log's lines: {@code start <ms> <pid>}, {@code TERM <ms>}, {@code woke <ms>}, … */
  List<String> lines() throws IOException {
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }

  /** The time of the log's first line starting with {@code event}, in epoch milliseconds. */
  Optional<Long> when(String event) throws IOException {
    return lines().stream()
        .filter(line -> line.startsWith(event + " "))
        .findFirst()
        .map(line -> Long.parseLong(line.split(" ")[1]));
  }

  /**
   * Watches, from now and for at most {@code limit}, for the hook's start and then its end:
   * {@return its end, in epoch milliseconds, once its process has ended; failed when the hook did
   * not start within {@code limit}}
   */
  java.util.concurrent.CompletableFuture<Long> watchEnd(Duration limit) {
    java.util.concurrent.CompletableFuture<Long> end =
        new java.util.concurrent.CompletableFuture<>();
    Thread watcher =
        new Thread(
            () -> {
              try {
                ProcessHandle process =
                    Await.value(
                        limit,
                        () -> pid().flatMap(ProcessHandle::of).orElse(null),
                        () -> "the hook's process, as its log's first line names it");
                process.onExit().join();
                end.complete(System.currentTimeMillis());
              } catch (AssertionError e) {
                end.completeExceptionally(e);
              }
            },
            "slow-hook-watcher");
    watcher.setDaemon(true);
    watcher.start();
    return end;
  }

  private Optional<Long> pid() throws IOException {
    return lines().stream()
        .filter(line -> line.startsWith("start "))
        .findFirst()
        .map(line -> Long.parseLong(line.split(" ")[2]));
  }

  /** Whether the hook's process is still running. */
  boolean running() throws IOException {
    return pid().flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false);
  }
}
