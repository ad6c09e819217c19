package io.github.providergateway.app;

import io.github.providergateway.host.client.HomeSettings;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What a gateway start makes of its home's settings ({@link HomeSettings}) and its command line:
 * the port and config in force for this run, and the settings to record for every later start.
 * Given once, {@code --port N}, {@code --config FILE} (with {@code --watch}) and {@code
 * --no-config} become the home's; a start without them takes the home's. {@code --port 0}, a free
 * port, is for this run only.
 *
 * @param port the port to listen on now (0: a free one)
 * @param inForce the settings this run uses
 * @param toRecord the home's settings to write as the gateway takes the home, or null when they do
 *     not change
 */
record HomeSettingsChange(int port, HomeSettings inForce, HomeSettings toRecord) {

  /**
   * The home's settings as they are.
   *
   * @throws IllegalStateException when they cannot be read (another user could have written them,
   *     or they do not parse): the gateway does not start, and the message says why
   */
  static HomeSettings current(Path home) {
    try {
      return HomeSettings.read(home);
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot read the home's settings: "
              + e.getMessage()
              + " (fix or remove "
              + home.resolve(HomeSettings.FILE)
              + ")",
          e);
    }
  }

  /**
   * The change a start with these options makes.
   *
   * @param settings the home's settings now
   * @param port {@code --port}, or null when not given
   * @param config {@code --config}, or null when not given
   * @param noConfig {@code --no-config}
   * @param watch {@code --watch}
   */
  static HomeSettingsChange of(
      HomeSettings settings, Integer port, Path config, boolean noConfig, boolean watch) {
    HomeSettings wanted = settings;
    if (port != null && port != 0) {
      wanted = wanted.withPort(port);
    }
    if (noConfig) {
      wanted = wanted.withConfig(null, false);
    } else if (config != null) {
      wanted = wanted.withConfig(config.toAbsolutePath().normalize(), watch);
    }
    HomeSettings inForce =
        watch && !wanted.watch() && wanted.config() != null
            ? wanted.withConfig(wanted.config(), true) // --watch alone: this run watches the home's
            : wanted;
    int listenOn = port != null ? port : wanted.portOrDefault();
    return new HomeSettingsChange(listenOn, inForce, wanted.equals(settings) ? null : wanted);
  }
}
