package io.github.providergateway.app.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the rest of the app asks of {@code gateway service}'s unit for a home: whether there is one,
 * and to have the service manager start it. Apart from {@code gateway service} (the app's {@code
 * ServiceCommand}), which starts the app's detached gateway itself: the starter of that gateway
 * asks here first.
 */
public final class InstalledService {

  private InstalledService() {}

  /**
   * Whether {@code gateway service install} installed a unit for {@code home} on this system: then
   * the user's service manager keeps the home's gateway running, and {@code gateway setup} points
   * agents at its {@code /mcp} rather than a process per window.
   *
   * @param home the gateway's home
   * @param env where the user's service manager keeps its units
   * @param osName the system's name, which picks the service manager
   * @return whether the home's unit is there
   */
  public static boolean isInstalled(Path home, Map<String, String> env, String osName) {
    try {
      return Files.isRegularFile(
          ServiceUnit.of(ServiceUnit.Platform.of(osName), env, home, List.of()).file());
    } catch (IllegalArgumentException noManager) {
      return false;
    }
  }

  /**
   * Has the user's service manager start the gateway of {@code home} when {@code gateway service}
   * installed it, the unit is enabled and the manager answers: what a host's start on demand does
   * for such a home (the app's {@code DetachedGatewayStarter}). A unit in its restart delay after a
   * crash starts at once.
   *
   * @param home the gateway's home
   * @param env where the user's service manager keeps its units
   * @param osName the system's name, which picks the service manager
   * @return whether the manager took the start; false sends the host to start the gateway itself
   */
  public static boolean startInstalled(Path home, Map<String, String> env, String osName) {
    ServiceUnit.Platform platform;
    try {
      platform = ServiceUnit.Platform.of(osName);
    } catch (IllegalArgumentException none) {
      return false;
    }
    ServiceUnit unit = ServiceUnit.of(platform, env, home, List.of());
    if (!Files.isRegularFile(unit.file())) {
      return false;
    }
    ServiceManager manager = new ServiceManager(platform, env);
    return switch (platform) {
      case SYSTEMD ->
          manager.answers(null).ok()
              && manager.run("--user", "is-enabled", "--quiet", unit.name()).ok()
              && manager.run("--user", "start", unit.name()).ok();
      case LAUNCHD -> {
        String target;
        try {
          target = "gui/" + Files.getAttribute(unit.file(), "unix:uid") + "/" + unit.name();
        } catch (IOException | UnsupportedOperationException e) {
          yield false;
        }
        // kickstart starts a loaded agent now; one not loaded (no login yet) is not started.
        yield manager.run("kickstart", target).ok();
      }
    };
  }
}
