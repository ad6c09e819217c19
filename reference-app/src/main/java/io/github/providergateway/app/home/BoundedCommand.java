package io.github.providergateway.app.home;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs another program for a command of the app and waits a bounded time for it: a service
 * manager's tool ({@code ServiceManager}), an agent's {@code --version} ({@code AgentVersion}). The
 * program is found on the {@code PATH} of the environment given, as the person's shell would find
 * it, and runs with exactly that environment.
 */
public final class BoundedCommand {

  private BoundedCommand() {}

  /**
   * Runs {@code line} with {@code env}, no input, and its output (stdout and stderr together) in a
   * file, not a pipe: a program that hangs must not hang a read past the time-out. One that does
   * not end in {@code timeout} is killed, with what it started.
   *
   * @return its exit code and output; exit code -1 with the reason when it could not run or did not
   *     end in time
   */
  public static Outcome run(List<String> line, Map<String, String> env, Duration timeout) {
    Ran ran = run(line, env, null, timeout);
    return ran.problem() != null
        ? new Outcome(-1, ran.problem())
        : new Outcome(ran.exitCode(), ran.stdout().strip());
  }

  /**
   * What a command did.
   *
   * @param exitCode its exit code, or -1 when it could not run or did not end in time
   * @param output what it wrote, stdout and stderr together, stripped
   */
  public record Outcome(int exitCode, String output) {
    /** Whether it ended with exit code 0. */
    public boolean ok() {
      return exitCode == 0;
    }

    /** Its output's first line, or the exit code when it said nothing. */
    public String said() {
      return output.isEmpty() ? "exit code " + exitCode : output.lines().findFirst().orElse("");
    }
  }

  /**
   * What a program run by {@link #run(List, Map, byte[], Duration)} gave.
   *
   * @param exitCode its exit code; -1 when it did not end (see {@code problem})
   * @param stdout what it printed on stdout (with stderr, when no input was given)
   * @param stderr what it printed on stderr, when input was given; else empty
   * @param problem why it could not run or did not end in time; null when it ended
   */
  public record Ran(int exitCode, String stdout, String stderr, String problem) {}

  /**
   * Runs {@code line} with {@code env} as {@link #run(List, Map, Duration)} does; with {@code
   * input} (not null) on its stdin and its stdout and stderr apart, as an agent runs its hook.
   */
  public static Ran run(
      List<String> line, Map<String, String> env, byte[] input, Duration timeout) {
    return run(line, env, null, input, timeout);
  }

  /**
   * Runs {@code line} as {@link #run(List, Map, byte[], Duration)} does, in {@code directory}.
   *
   * @param line the command line
   * @param env its whole environment
   * @param directory its working folder; null for this process's
   * @param input its stdin, or null for none (then stderr goes with stdout)
   * @param timeout how long it may take
   * @return what it did
   */
  public static Ran run(
      List<String> line, Map<String, String> env, Path directory, byte[] input, Duration timeout) {
    Path output = null;
    Path errors = null;
    Path stdin = null;
    try {
      output = Files.createTempFile("provider-gateway-run-", ".out");
      ProcessBuilder builder = new ProcessBuilder(line).redirectOutput(output.toFile());
      if (directory != null) {
        builder.directory(directory.toFile());
      }
      if (input == null) {
        builder
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      } else {
        errors = Files.createTempFile("provider-gateway-run-", ".err");
        stdin = Files.createTempFile("provider-gateway-run-", ".in");
        Files.write(stdin, input);
        builder
            .redirectError(errors.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(stdin.toFile()));
      }
      builder.environment().clear();
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return new Ran(
            -1,
            "",
            "",
            String.join(" ", line) + " did not answer within " + timeout.toSeconds() + " s");
      }
      return new Ran(
          process.exitValue(),
          Files.readString(output, StandardCharsets.UTF_8),
          errors == null ? "" : Files.readString(errors, StandardCharsets.UTF_8),
          null);
    } catch (IOException e) {
      return new Ran(-1, "", "", "cannot run " + String.join(" ", line) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Ran(-1, "", "", String.join(" ", line) + " was interrupted");
    } finally {
      for (Path file : new Path[] {output, errors, stdin}) {
        if (file != null) {
          try {
            Files.deleteIfExists(file);
          } catch (IOException e) {
            // A temporary file of a few bytes; the system's cleaner takes it.
          }
        }
      }
    }
  }

  /** {@code name} in a directory of the environment's {@code PATH}, if it is there. */
  public static Optional<Path> onPath(String name, Map<String, String> env) {
    String path = env.get("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate.toAbsolutePath());
        }
      }
    }
    return Optional.empty();
  }
}
