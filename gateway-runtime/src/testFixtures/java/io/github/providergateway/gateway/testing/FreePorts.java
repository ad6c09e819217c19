package io.github.providergateway.gateway.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for tests that must name a port before something listens on it (a gateway in another
 * process, a restart on the same port). Port 0 cannot be used there, and a port the kernel just
 * handed out for it is a poor choice: it comes from the ephemeral range, from which any outgoing
 * connection on the machine may take it while a child JVM starts. So this picks at random below
 * that range, and checks that the port is free on loopback now.
 */
public final class FreePorts {

  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  /** The lowest port chosen: above the well-known and most registered service ports. */
  private static final int LOWEST = 20_000;

  private FreePorts() {}

  /**
   * A loopback port that nothing listens on now and that outgoing connections do not use.
   *
   * @return the port; another process may still take it before the test binds it
   */
  public static int pick() {
    int below = ephemeralStart();
    if (below - LOWEST >= 1_000) {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      for (int attempt = 0; attempt < 100; attempt++) {
        int port = random.nextInt(LOWEST, below);
        if (isFree(port)) {
          return port;
        }
      }
    }
    return ephemeral(); // no room below the range: the kernel's choice still works most of the time
  }

  private static int ephemeralStart() {
    try {
      return Integer.parseInt(Files.readString(EPHEMERAL_RANGE).trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return 32_768; // Linux's default range starts here; other systems start higher
    }
  }

  private static boolean isFree(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int ephemeral() {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      return probe.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
