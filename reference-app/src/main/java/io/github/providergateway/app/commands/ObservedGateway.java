package io.github.providergateway.app.commands;

import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.protocol.GatewayAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the one-shot commands ({@code gateway status}, {@code gateway gates}) reach the gateway
 * running for a home: over {@code /host}, as an observer that owns nothing, never starting one.
 */
final class ObservedGateway {

  private ObservedGateway() {}

  /**
   * A client of the gateway running for {@code home}.
   *
   * @param port the port when {@code <home>/gateway.port} does not say
   * @throws IOException when none is answering; the message says why, for "no gateway is answering
   *     for HOME (why)"
   */
  static GatewayClient connect(Path home, int port) throws IOException {
    if (!Files.exists(home.resolve(GatewayAddress.TOKEN_FILE_NAME))) {
      // A running gateway keeps its token file there: without one, trying to connect would only
      // wait out the client's connect timeout (7 s) to say the same.
      throw new IOException("no token file in " + home);
    }
    return GatewayClient.connect(home, port, GatewayClientOptions.builder().observer(true).build());
  }
}
