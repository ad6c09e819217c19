package io.github.providergateway.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code gateway setup AGENT --managed --write --launcher LAUNCHER}, run in this JVM with the
 * agents' {@code /etc} and the system settings' folder moved to a test's folders (the JVM
 * properties only tests set), so that the managed files and their ledger are the test's.
 */
final class ManagedWrite {

  private ManagedWrite() {}

  /**
   * {@return the run}
   *
   * @param etc the folder that stands for /etc
   * @param system the folder that stands for /etc/provider-gateway
   * @param env the app's environment
   */
  static AppRun run(String agent, Path launcher, Path etc, Path system, Map<String, String> env) {
    System.setProperty("provider-gateway.agents-etc", etc.toString());
    System.setProperty("provider-gateway.system-dir", system.toString());
    try {
      return AppRun.of(
          List.of("setup", agent, "--managed", "--write", "--launcher", launcher.toString()), env);
    } finally {
      System.clearProperty("provider-gateway.agents-etc");
      System.clearProperty("provider-gateway.system-dir");
    }
  }
}
