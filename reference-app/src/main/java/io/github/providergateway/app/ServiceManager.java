package io.github.providergateway.app;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The user's service manager as {@code gateway service} talks to it: {@code systemctl --user} or
 * {@code launchctl}, found on the {@code PATH} of the app's environment and run in that environment
 * (so a test that gives the app an environment of its own never reaches the real manager), each
 * command bounded in time.
 */
final class ServiceManager {

  /** How long the manager may take to say it is there; a manager that takes longer is not. */
  static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(2);

  /** How long one command may take: a start waits for the gateway's JVM to be exec'd. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

  /**
   * What a command did.
   *
   * @param exitCode its exit code, or -1 when it could not run or did not end in time
   * @param output what it wrote, stdout and stderr together, stripped
   */
  record Outcome(int exitCode, String output) {
    boolean ok() {
      return exitCode == 0;
    }

    /** Its output's first line, or the exit code when it said nothing. */
    String said() {
      return output.isEmpty() ? "exit code " + exitCode : output.lines().findFirst().orElse("");
    }
  }

  private final ServiceUnit.Platform platform;
  private final Map<String, String> env;

  ServiceManager(ServiceUnit.Platform platform, Map<String, String> env) {
    this.platform = platform;
    this.env = env;
  }

  /** The manager's command-line tool: {@code systemctl} or {@code launchctl}. */
  String toolName() {
    return switch (platform) {
      case SYSTEMD -> "systemctl";
      case LAUNCHD -> "launchctl";
    };
  }

  /**
   * Whether the user's manager answers now, within {@link #ANSWER_TIMEOUT}: {@code systemctl --user
   * show-environment}, or {@code launchctl print gui/<uid>}.
   */
  Outcome answers(String domain) {
    return switch (platform) {
      case SYSTEMD -> run(ANSWER_TIMEOUT, "--user", "show-environment");
      case LAUNCHD -> run(ANSWER_TIMEOUT, "print", domain);
    };
  }

  /** Runs the manager's tool with {@code args}, bounded by the command timeout. */
  Outcome run(String... args) {
    return run(COMMAND_TIMEOUT, args);
  }

  private Outcome run(Duration timeout, String... args) {
    Optional<Path> tool = onPath(toolName());
    if (tool.isEmpty()) {
      return new Outcome(-1, toolName() + " is not on the PATH");
    }
    List<String> line = new ArrayList<>();
    line.add(tool.get().toString());
    line.addAll(List.of(args));
    Path output = null;
    try {
      // To a file, not a pipe: a manager that hangs must not hang a read past the timeout.
      output = Files.createTempFile("provider-gateway-service-", ".out");
      ProcessBuilder builder =
          new ProcessBuilder(line)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().clear();
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        return new Outcome(
            -1, String.join(" ", line) + " did not answer within " + timeout.toSeconds() + " s");
      }
      return new Outcome(
          process.exitValue(), Files.readString(output, StandardCharsets.UTF_8).strip());
    } catch (IOException e) {
      return new Outcome(-1, "cannot run " + String.join(" ", line) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(-1, String.join(" ", line) + " was interrupted");
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
  private Optional<Path> onPath(String name) {
    String path = env.get("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(candidate.toAbsolutePath());
        }
      }
    }
    return Optional.empty();
  }
}
