package io.github.providergateway.app;

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
 * manager's tool ({@link ServiceManager}), an agent's {@code --version} ({@link AgentVersion}). The
 * program is found on the {@code PATH} of the environment given, as the person's shell would find
 * it, and runs with exactly that environment.
 */
final class BoundedCommand {

  private BoundedCommand() {}

  /**
   * Runs {@code line} with {@code env}, no input, and its output (stdout and stderr together) in a
   * file, not a pipe: a program that hangs must not hang a read past the time-out. One that does
   * not end in {@code timeout} is killed, with what it started.
   *
   * @return its exit code and output; exit code -1 with the reason when it could not run or did not
   *     end in time
   */
  static ServiceManager.Outcome run(List<String> line, Map<String, String> env, Duration timeout) {
    Path output = null;
    try {
      output = Files.createTempFile("provider-gateway-run-", ".out");
      ProcessBuilder builder =
          new ProcessBuilder(line)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().clear();
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return new ServiceManager.Outcome(
            -1, String.join(" ", line) + " did not answer within " + timeout.toSeconds() + " s");
      }
      return new ServiceManager.Outcome(
          process.exitValue(), Files.readString(output, StandardCharsets.UTF_8).strip());
    } catch (IOException e) {
      return new ServiceManager.Outcome(
          -1, "cannot run " + String.join(" ", line) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new ServiceManager.Outcome(-1, String.join(" ", line) + " was interrupted");
    } finally {
      if (output != null) {
        try {
          Files.deleteIfExists(output);
        } catch (IOException e) {
          // A temporary file of a few bytes; the system's cleaner takes it.
        }
      }
    }
  }

  /** {@code name} in a directory of the environment's {@code PATH}, if it is there. */
  static Optional<Path> onPath(String name, Map<String, String> env) {
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
