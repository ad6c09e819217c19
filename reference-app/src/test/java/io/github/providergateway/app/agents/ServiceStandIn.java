package io.github.providergateway.app.agents;

import io.github.providergateway.app.service.ServiceUnit;
import io.github.providergateway.host.client.GatewayHome;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The home's service as {@code gateway setup} sees it installed and running (decision 76): its
 * systemd unit file where {@code gateway service install} writes it, and a socket accepting on the
 * port the home's {@code gateway.port} names. No gateway: setup only asks whether one answers.
 */
final class ServiceStandIn implements AutoCloseable {

  private final ServerSocket listening;

  private ServiceStandIn(ServerSocket listening) {
    this.listening = listening;
  }

  /** Writes the unit for {@code home} as {@code env} places it; with {@code running}, listens. */
  static ServiceStandIn install(Map<String, String> env, Path home, boolean running)
      throws IOException {
    Path unit = ServiceUnit.of(ServiceUnit.Platform.SYSTEMD, env, home, List.of()).file();
    Files.createDirectories(unit.getParent());
    Files.writeString(unit, "[Unit]\n");
    if (!running) {
      return new ServiceStandIn(null);
    }
    ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Files.createDirectories(home);
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), socket.getLocalPort() + "\n");
    return new ServiceStandIn(socket);
  }

  @Override
  public void close() throws IOException {
    if (listening != null) {
      listening.close();
    }
  }
}
