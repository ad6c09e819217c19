package io.github.providergateway.transport.jakarta;

import jakarta.websocket.server.ServerEndpointConfig;
import java.net.URI;
import java.util.List;

/** The transport contract over the adapter in Jetty 12 embedded (ee10), on loopback. */
class JettyContractTest extends JakartaEndpointsContractTest {

  private EmbeddedJetty jetty;

  @Override
  URI startContainer(List<ServerEndpointConfig> endpoints) throws Exception {
    jetty = EmbeddedJetty.start(endpoints);
    return URI.create("ws://127.0.0.1:" + jetty.port() + "/");
  }

  @Override
  void stopContainer() throws Exception {
    jetty.close();
  }
}
