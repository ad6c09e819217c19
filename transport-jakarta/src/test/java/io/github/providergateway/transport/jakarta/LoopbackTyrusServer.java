package io.github.providergateway.transport.jakarta;

import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.tyrus.container.grizzly.server.WebSocketAddOn;
import org.glassfish.tyrus.core.TyrusWebSocketEngine;
import org.glassfish.tyrus.server.TyrusServerContainer;
import org.glassfish.tyrus.spi.WebSocketEngine;

/**
 * Tyrus standalone, as a host would run it, but on 127.0.0.1 only: Tyrus's stock Grizzly container
 * listens on every interface whatever host it is given and reads port 0 as 8025 (DEPENDENCY-NOTES),
 * so this container builds its own Grizzly listener and puts Tyrus's WebSocket add-on on it.
 */
final class LoopbackTyrusServer extends TyrusServerContainer {

  private final WebSocketEngine engine;
  private HttpServer server;
  private NetworkListener listener;

  private LoopbackTyrusServer(int incomingBufferSize) {
    super((Set<Class<?>>) null);
    this.engine = TyrusWebSocketEngine.builder(this).incomingBufferSize(incomingBufferSize).build();
  }

  /**
   * Starts Tyrus with {@code endpoints} on 127.0.0.1 and a free port.
   *
   * @param incomingBufferSize the largest frame Tyrus reads (its default, 4 MiB, closes a larger
   *     one with 1011)
   */
  static LoopbackTyrusServer start(List<ServerEndpointConfig> endpoints, int incomingBufferSize)
      throws Exception {
    LoopbackTyrusServer container = new LoopbackTyrusServer(incomingBufferSize);
    for (ServerEndpointConfig endpoint : endpoints) {
      container.addEndpoint(endpoint);
    }
    container.start("/", 0);
    return container;
  }

  @Override
  public void register(Class<?> endpointClass) throws DeploymentException {
    engine.register(endpointClass, "/");
  }

  @Override
  public void register(ServerEndpointConfig config) throws DeploymentException {
    engine.register(config, "/");
  }

  @Override
  public Map<String, Object> getProperties() {
    return Map.of();
  }

  @Override
  public WebSocketEngine getWebSocketEngine() {
    return engine;
  }

  @Override
  public void start(String rootPath, int port) throws IOException, DeploymentException {
    server = new HttpServer();
    listener = new NetworkListener("pg-jakarta-tyrus", "127.0.0.1", port);
    server.addListener(listener);
    listener.registerAddOn(new WebSocketAddOn(this, "/"));
    server.start();
    super.start(rootPath, listener.getPort());
  }

  @Override
  public int getPort() {
    return listener.getPort();
  }

  @Override
  public void stop() {
    super.stop();
    server.shutdownNow();
  }
}
