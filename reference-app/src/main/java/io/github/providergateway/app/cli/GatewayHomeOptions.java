package io.github.providergateway.app.cli;

import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --home} and {@code --port} of the commands that reach the gateway running for a home
 * ({@code attach}, {@code status}, {@code gates}, {@code hook}, {@code mcp}): a picocli mixin, so
 * they all find the gateway alike, by its home: the running gateway's {@code <home>/gateway.port},
 * else the home's own port ({@link HomeSettings}), and only where the home says nothing {@code
 * --port} or 9400.
 */
public final class GatewayHomeOptions {

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The gateway's home (default: as for the gateway).")
  private Path home;

  @Option(
      names = "--port",
      paramLabel = "N",
      description =
          "The port when the home does not say (its running gateway's gateway.port, its"
              + " settings.json); default 9400.")
  private Integer port;

  /**
   * The options as a command line gave them, read by a command's own line rather than picocli's
   * ({@code gateway hook}: {@code HookCallLine}).
   *
   * @param home {@code --home}, or {@code null}
   * @param port {@code --port}, or {@code null}
   * @return the options
   */
  public static GatewayHomeOptions of(Path home, Integer port) {
    GatewayHomeOptions options = new GatewayHomeOptions();
    options.home = home;
    options.port = port;
    return options;
  }

  /** The home named, or the default one; absolute. */
  public Path home(Map<String, String> env) {
    return HomeDirectory.resolve(home, env);
  }

  /** Whether {@code --home} was given. */
  public boolean homeNamed() {
    return home != null;
  }

  /** These, when {@code --home} or {@code --port} was given; else {@code fallback}. */
  public GatewayHomeOptions or(GatewayHomeOptions fallback) {
    return home != null || port != null ? this : fallback;
  }

  /**
   * Where the home's gateway listens, or will: its {@code gateway.port}, else the home's port, else
   * {@code --port}, else 9400.
   *
   * @throws IllegalArgumentException when {@code --port} is not 1..65535, or the home's files
   *     cannot be read (the message says which and why)
   */
  public int port(Map<String, String> env) {
    Path at = home(env);
    try {
      return GatewayHome.port(at, givenPort());
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * The port a gateway started for the home listens on: the home's own, else {@code --port}, else
   * 9400. A {@code --port} that differs from the home's is not used: agents' settings name the
   * home's port, so a home has one.
   *
   * @throws IllegalArgumentException as {@link #port}
   */
  public int launchPort(Map<String, String> env) {
    Path at = home(env);
    int given = givenPort();
    try {
      Integer own = HomeSettings.read(at).port();
      return own != null ? own : given;
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * {@code --port}, or 9400 when not given.
   *
   * @throws IllegalArgumentException when it is not 1..65535
   */
  int givenPort() {
    if (port == null) {
      return HomeSettings.DEFAULT_PORT;
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("--port must be 1..65535, was " + port);
    }
    return port;
  }
}
