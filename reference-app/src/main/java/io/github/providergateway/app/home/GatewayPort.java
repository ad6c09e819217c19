package io.github.providergateway.app.home;

import io.github.providergateway.host.client.GatewayHome;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * Whether a home's gateway answers now, by its {@code gateway.port}: what setup asks before it
 * points agents at the service's {@code /mcp}, and what stop, uninstall and the service wait on.
 */
public final class GatewayPort {

  /** How long a connection to the home's port may take before the gateway counts as not there. */
  private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);

  private GatewayPort() {}

  /**
   * The port of the gateway running for {@code home}: its {@code gateway.port}, if a connection
   * there is accepted now. A refused one says "not running" at once.
   *
   * @param home the gateway's home
   * @return the port that answers, or empty when none does
   */
  public static OptionalInt answering(Path home) {
    int port;
    try {
      port = Integer.parseInt(Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip());
    } catch (IOException | NumberFormatException none) {
      return OptionalInt.empty();
    }
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
          (int) CONNECT_TIMEOUT.toMillis());
      return OptionalInt.of(port);
    } catch (IOException | IllegalArgumentException refused) {
      return OptionalInt.empty();
    }
  }
}
