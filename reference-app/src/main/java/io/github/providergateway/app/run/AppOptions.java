package io.github.providergateway.app.run;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.client.HomeSettings;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the command line asked for, resolved: the home is always set (the default already applied),
 * paths are absolute.
 *
 * @param rpc whether to run the {@code --rpc} host instead of the console
 * @param port the WebSocket port; 0 for a free one
 * @param home the gateway home: token file, providers' {@code persistDir}s, {@code logs/}
 * @param config the project config whose providers are spawned per session, or {@code null}
 * @param detached whether this is the detached gateway (no console, no stdin; exits when idle)
 * @param idleExitGrace how long the detached gateway waits with no session and no host; null for no
 *     idle exit at all ({@code --idle-exit-grace never})
 * @param auditArgs whether the audit trail keeps calls' arguments, not only their hash
 * @param watch whether the config file and its providers' files are watched: a change reloads what
 *     it concerns ({@code --watch}; needs a config)
 * @param record the home's settings to write once this gateway holds the home ({@code --port},
 *     {@code --config} given: {@code HomeSettingsChange}), or null to leave them
 */
public record AppOptions(
    boolean rpc,
    int port,
    Path home,
    Path config,
    boolean detached,
    Duration idleExitGrace,
    boolean auditArgs,
    boolean watch,
    HomeSettings record) {

  /**
   * How long a detached gateway waits with no session and no host before it exits, unless {@code
   * --idle-exit-grace} says otherwise (R-SESS-15). Only the detached mode reads it: the gateway
   * library has no idle exit of its own ({@code HostService.Builder.idleExit} takes the grace).
   */
  public static final Duration DEFAULT_IDLE_EXIT_GRACE = Duration.ofSeconds(30);

  /** A console or {@code --rpc} gateway. */
  public AppOptions(boolean rpc, int port, Path home, Path config) {
    this(rpc, port, home, config, false, DEFAULT_IDLE_EXIT_GRACE, false, false, null);
  }

  /** As the command line gave it, recording no settings. */
  public AppOptions(
      boolean rpc,
      int port,
      Path home,
      Path config,
      boolean detached,
      Duration idleExitGrace,
      boolean auditArgs,
      boolean watch) {
    this(rpc, port, home, config, detached, idleExitGrace, auditArgs, watch, null);
  }

  /** {@return these options, writing {@code settings} as the home's once the gateway holds it} */
  public AppOptions recording(HomeSettings settings) {
    return new AppOptions(
        rpc, port, home, config, detached, idleExitGrace, auditArgs, watch, settings);
  }

  public AppOptions {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535, was " + port);
    }
    home = requireNonNull(home, "home").toAbsolutePath().normalize();
    config = config == null ? null : config.toAbsolutePath().normalize();
    if (watch && config == null) {
      throw new IllegalArgumentException("--watch watches a --config file; give one");
    }
  }

  /** Where spawned providers' logs go (host RPC: Project providers), and the audit trail. */
  public Path logDir() {
    return logDir(home);
  }

  /** The logs folder of the home {@code home}: providers' logs, the gateway's, the audit trail. */
  public static Path logDir(Path home) {
    return home.resolve("logs");
  }
}
