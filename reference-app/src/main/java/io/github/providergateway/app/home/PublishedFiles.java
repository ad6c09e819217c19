package io.github.providergateway.app.home;

import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one-line files a gateway publishes for whoever looks for it: its pid ({@code
 * <home>/gateway.pid}) and its port ({@code <home>/gateway.port}) in the home, a service's unit.
 * Each is owner-only, written beside its name and moved into place, and removed quietly on the way
 * out. The running gateway, the detached one and the service command all publish through here.
 */
public final class PublishedFiles {

  private static final System.Logger LOG = System.getLogger(PublishedFiles.class.getName());

  private PublishedFiles() {}

  /**
   * Publishes this process's pid in {@code <home>/gateway.pid}. A detached gateway does it as soon
   * as it holds the home's lock and before it listens ({@code RunningGateway.start}), so that
   * whoever reached it, a host or {@code --detached} typed in a terminal ({@code DetachedLaunch}),
   * finds its pid: the lock makes it the file's only writer, and the file is removed before the
   * lock is released, on a failed start as on a stop.
   *
   * @param home the gateway's home
   * @throws IOException when the file cannot be written
   */
  public static void publishPid(Path home) throws IOException {
    writeOwnerOnly(
        home.resolve(GatewayHome.PID_FILE), Long.toString(ProcessHandle.current().pid()));
  }

  /**
   * Removes {@code <home>/gateway.pid}, if there.
   *
   * @param home the gateway's home
   */
  public static void withdrawPid(Path home) {
    remove(home.resolve(GatewayHome.PID_FILE));
  }

  /**
   * Publishes {@code text} as one line in an owner-only {@code file}, replacing a stale one from a
   * crash. It is written beside it and moved into place, so a host polling for the file never reads
   * it half-written. The draft's name is fixed (the home lock makes this process the only writer),
   * so one a crash left behind is replaced next time.
   *
   * @param file the file to publish
   * @param text its one line, without the line break
   * @throws IOException when the file cannot be written
   */
  public static void writeOwnerOnly(Path file, String text) throws IOException {
    // Written beside it and moved into place, so a host polling for it never reads it half-written.
    OwnerOnlyFiles.replace(file, (text + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Removes a published file, if there; a file that cannot be removed is logged, not thrown.
   *
   * @param file the file to remove
   */
  public static void remove(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "cannot delete " + file, e);
    }
  }
}
