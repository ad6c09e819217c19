package io.github.providergateway.agent.guard;

import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one place a {@link Guard} is built from configuration (issue 63): settings (the person's, a
 * preset's defaults) on this machine's folders. The gateway's policy (the reference app's {@code
 * HomeGuard}), the hook's path with no session or no gateway ({@code HookAdapter}, {@code
 * HookEndpoint}) and {@code gateway guard test} all come here, so that they read the same folders
 * the same way and one policy answers everywhere (decision 65).
 *
 * <pre>{@code
 * Guard guard = GuardFactory.create(settings, GuardFactory.environment(gatewayHome));
 * }</pre>
 */
public final class GuardFactory {

  private GuardFactory() {}

  /**
   * The guard of {@code settings} on {@code environment}.
   *
   * @param settings the settings: the person's, or {@link GuardSettings#defaults()}
   * @param environment the machine's folders as the guard needs them
   * @return the guard
   */
  public static Guard create(GuardSettings settings, GuardEnvironment environment) {
    return Guard.create(settings, environment);
  }

  /**
   * {@code base} tightened by {@code settings} (a project's file, or a person's settings under an
   * organisation's policy): they can only tighten it ({@link Guard#tightenedBy}).
   *
   * @param base the guard to tighten
   * @param settings the tightening
   * @return the tightened guard
   */
  public static Guard tightened(Guard base, GuardSettings settings) {
    return base.tightenedBy(settings);
  }

  /**
   * The guard of the standard preset ({@link GuardSettings#defaults}) on this machine, for a
   * gateway whose home is {@code gatewayHome}: what decides where no configuration can be read.
   *
   * @param gatewayHome the gateway's home
   * @return the guard
   */
  public static Guard defaults(Path gatewayHome) {
    return create(GuardSettings.defaults(), environment(gatewayHome));
  }

  /**
   * The machine's folders as the guard needs them, for a gateway home: the user's home, the
   * temporary folders ({@code java.io.tmpdir}, {@code /tmp}, {@code /var/tmp}, {@code $TMPDIR}),
   * and the file system as the guard may see it.
   *
   * @param gatewayHome the gateway's home
   * @return the environment
   */
  public static GuardEnvironment environment(Path gatewayHome) {
    return environment(gatewayHome, UserHome.get(), System.getenv("TMPDIR"));
  }

  /**
   * The machine's folders as the guard needs them: the user's home, the temporary folders ({@code
   * java.io.tmpdir}, {@code /tmp}, {@code /var/tmp}, {@code tmpdir}), the gateway's home; and this
   * machine's file system as the guard may see it (issue 75: links followed before the guard's own
   * ground is judged, the scripts a command runs read, the gateway's ports).
   *
   * @param gatewayHome the gateway's home
   * @param userHome the user's home
   * @param tmpdir {@code $TMPDIR}, or null or blank for none
   * @return the environment, every folder absolute
   */
  public static GuardEnvironment environment(Path gatewayHome, Path userHome, String tmpdir) {
    Set<Path> temp = new LinkedHashSet<>();
    temp.add(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize());
    temp.add(Path.of("/tmp"));
    temp.add(Path.of("/var/tmp"));
    if (tmpdir != null && !tmpdir.isBlank()) {
      temp.add(Path.of(tmpdir).toAbsolutePath().normalize());
    }
    Path home = userHome.toAbsolutePath().normalize();
    Path gateway = gatewayHome.toAbsolutePath().normalize();
    return new GuardEnvironment(home, List.copyOf(temp), gateway)
        .withDisk(new FileSystemGuardDisk(home, gateway));
  }
}
