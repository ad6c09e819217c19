package io.github.providergateway.app;

import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --home} and {@code --port} of the commands that reach the gateway running for a home
 * ({@code attach}, {@code hook}, {@code mcp}): a picocli mixin, so the three read and check them
 * alike.
 */
final class GatewayHomeOptions {

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The gateway's home (default: as for the gateway).")
  private Path home;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "9400",
      description = "The port when <home>/gateway.port does not say (default: ${DEFAULT-VALUE}).")
  private int port;

  /** The home named, or the default one; absolute. */
  Path home(Map<String, String> env) {
    return HomeDirectory.resolve(home, env);
  }

  /** Whether {@code --home} was given. */
  boolean homeNamed() {
    return home != null;
  }

  /**
   * The port.
   *
   * @throws IllegalArgumentException when it is not 1..65535
   */
  int port() {
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("--port must be 1..65535, was " + port);
    }
    return port;
  }
}
