package io.github.providergateway.transport.jakarta;

import jakarta.websocket.server.ServerEndpointConfig;
import java.net.URI;
import java.util.List;

/** The transport contract over the adapter on Tyrus standalone (Grizzly), on loopback. */
class TyrusContractTest extends JakartaEndpointsContractTest {

  /** Frames up to the gateway's largest message plus slack, plus a frame header. */
  private static final int INCOMING_BUFFER_BYTES = (6 << 20) + 14;

  private LoopbackTyrusServer tyrus;

  @Override
  URI startContainer(List<ServerEndpointConfig> endpoints) throws Exception {
    tyrus = LoopbackTyrusServer.start(endpoints, INCOMING_BUFFER_BYTES);
    return URI.create("ws://127.0.0.1:" + tyrus.getPort() + "/");
  }

  @Override
  void stopContainer() {
    tyrus.stop();
  }
}
