package io.github.providergateway.app.service;

import io.github.providergateway.app.home.BoundedCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user's service manager as {@code gateway service} talks to it: {@code systemctl --user} or
 * {@code launchctl}, found on the {@code PATH} of the app's environment and run in that environment
 * (so a test that gives the app an environment of its own never reaches the real manager), each
 * command bounded in time.
 */
public final class ServiceManager {

  /** How long the manager may take to say it is there; a manager that takes longer is not. */
  static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(2);

  /** How long one command may take: a start waits for the gateway's JVM to be exec'd. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

  private final ServiceUnit.Platform platform;
  private final Map<String, String> env;

  public ServiceManager(ServiceUnit.Platform platform, Map<String, String> env) {
    this.platform = platform;
    this.env = env;
  }

  /** The manager's command-line tool: {@code systemctl} or {@code launchctl}. */
  public String toolName() {
    return switch (platform) {
      case SYSTEMD -> "systemctl";
      case LAUNCHD -> "launchctl";
    };
  }

  /**
   * Whether the user's manager answers now, within {@link #ANSWER_TIMEOUT}: {@code systemctl --user
   * show-environment}, or {@code launchctl print gui/<uid>}.
   */
  public BoundedCommand.Outcome answers(String domain) {
    return switch (platform) {
      case SYSTEMD -> run(ANSWER_TIMEOUT, "--user", "show-environment");
      case LAUNCHD -> run(ANSWER_TIMEOUT, "print", domain);
    };
  }

  /** Runs the manager's tool with {@code args}, bounded by the command timeout. */
  public BoundedCommand.Outcome run(String... args) {
    return run(COMMAND_TIMEOUT, args);
  }

  private BoundedCommand.Outcome run(Duration timeout, String... args) {
    Optional<Path> tool = onPath(toolName());
    if (tool.isEmpty()) {
      return new BoundedCommand.Outcome(-1, toolName() + " is not on the PATH");
    }
    List<String> line = new ArrayList<>();
    line.add(tool.get().toString());
    line.addAll(List.of(args));
    return BoundedCommand.run(line, env, timeout);
  }

  /** {@code name} in a directory of the environment's {@code PATH}, if it is there. */
  private Optional<Path> onPath(String name) {
    return BoundedCommand.onPath(name, env);
  }
}
