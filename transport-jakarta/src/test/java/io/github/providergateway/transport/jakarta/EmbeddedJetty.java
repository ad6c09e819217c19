package io.github.providergateway.transport.jakarta;

import jakarta.websocket.server.ServerEndpointConfig;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.websocket.jakarta.server.config.JakartaWebSocketServletContainerInitializer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Jetty 12 embedded with the gateway's endpoints: the example of docs/embedding.md ("Mounting the
 * gateway in your own Jakarta WebSocket container"), as a host would write it.
 */
final class EmbeddedJetty implements AutoCloseable {

  private final Server server;
  private final ServerConnector connector;

  private EmbeddedJetty(Server server, ServerConnector connector) {
    this.server = server;
    this.connector = connector;
  }

  /** Starts Jetty on 127.0.0.1 and a free port, with {@code endpoints} at the root context. */
  static EmbeddedJetty start(List<ServerEndpointConfig> endpoints) throws Exception {
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1"); // the gateway is for this machine only: never 0.0.0.0
    connector.setPort(0);
    server.addConnector(connector);

    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    JakartaWebSocketServletContainerInitializer.configure(
        context,
        (servletContext, container) -> {
          for (ServerEndpointConfig endpoint : endpoints) {
            container.addEndpoint(endpoint);
          }
        });
    server.setHandler(context);
    server.start();
    return new EmbeddedJetty(server, connector);
  }

  int port() {
    return connector.getLocalPort();
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
