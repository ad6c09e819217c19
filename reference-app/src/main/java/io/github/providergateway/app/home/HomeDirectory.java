package io.github.providergateway.app.home;

import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The default gateway home. It is the directory the core profile tells providers to read the token
 * from ({@code <COPILOT_HOME or ~/.copilot>/extensions/tap/.provider-token}), so its example
 * providers and SDK auto-discovery find a gateway started without {@code --home}.
 */
public final class HomeDirectory {

  private HomeDirectory() {}

  /**
   * {@code $COPILOT_HOME/extensions/tap} when {@code COPILOT_HOME} is set and not blank, else
   * {@code <userHome>/.copilot/extensions/tap}.
   */
  public static Path defaultHome(Map<String, String> env, Path userHome) {
    String copilotHome = env.get("COPILOT_HOME");
    Path base =
        copilotHome != null && !copilotHome.isBlank()
            ? Path.of(copilotHome)
            : userHome.resolve(".copilot");
    return base.resolve("extensions").resolve("tap").toAbsolutePath().normalize();
  }

  /**
   * Makes {@code home} as a gateway makes it, owner-only, when it does not exist yet: for commands
   * that write a file there before any gateway ran (a client token's hash).
   */
  public static void ensure(Path home) throws IOException {
    OwnerOnlyFiles.createDirectories(home);
  }

  /**
   * The home a command uses: {@code named} ({@code --home}) when given, else the default, under
   * {@code HOME} as the shell, Node and Python read {@code ~} (the JVM's {@code user.home}, the
   * account's home, only without it): where they differ (a container, {@code sudo -E}) the token
   * must be where {@code $(cat ~/.copilot/...)} and the examples look (issue 34).
   */
  public static Path resolve(Path named, Map<String, String> env) {
    Path home = named != null ? named : defaultHome(env, userHome(env));
    return home.toAbsolutePath().normalize();
  }

  /**
   * Whether {@code home} is in use: a folder that holds anything (a gateway ran there, a setup
   * wrote there, its settings are recorded). A home that is not, or cannot be read, is a new one.
   */
  public static boolean inUse(Path home) {
    try (java.util.stream.Stream<Path> entries = java.nio.file.Files.list(home)) {
      return entries.findAny().isPresent();
    } catch (IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  /** {@code ~}: {@code HOME} when set and not blank, else the JVM's {@code user.home}. */
  public static Path userHome(Map<String, String> env) {
    String home = env.get("HOME");
    return home != null && !home.isBlank()
        ? Path.of(home)
        : Path.of(System.getProperty("user.home"));
  }
}
