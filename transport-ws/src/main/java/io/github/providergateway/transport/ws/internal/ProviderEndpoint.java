package io.github.providergateway.transport.ws.internal;

import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.PongMessage;
import jakarta.websocket.Session;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;

/**
 * The Tyrus endpoint at {@code /}: one instance per connection. It wires Tyrus's callbacks to a
 * {@link TyrusProviderConnection} and does nothing else on Grizzly's threads.
 *
 * <p>Public only because Tyrus invokes the endpoint reflectively; not an API.
 *
 * <p>Binary messages are refused with 1003: this protocol is JSON text only, and a partial
 * handler sees the first fragment, so nothing is buffered before the refusal.
 */
public final class ProviderEndpoint extends Endpoint {

  private static final System.Logger LOG = System.getLogger(ProviderEndpoint.class.getName());

  private final ServerCore server;
  /** This endpoint's connection; set in onOpen, read by later callbacks of the same session. */
  private volatile TyrusProviderConnection connection;

  ProviderEndpoint(ServerCore server) {
    this.server = server;
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    TyrusProviderConnection opened = server.opened(session, HandshakeGuard.claim());
    if (opened == null) {
      return; // refused and closed by the server
    }
    connection = opened;
    session.addMessageHandler(String.class, (MessageHandler.Whole<String>) opened::received);
    session.addMessageHandler(
        ByteBuffer.class, (MessageHandler.Partial<ByteBuffer>) (part, last) -> opened.binaryReceived());
    session.addMessageHandler(PongMessage.class, (MessageHandler.Whole<PongMessage>) pong -> opened.heard());
  }

  @Override
  public void onClose(Session session, CloseReason closeReason) {
    TyrusProviderConnection closed = connection;
    if (closed != null) {
      closed.sessionClosed(closeReason);
    }
  }

  @Override
  public void onError(Session session, Throwable error) {
    // Tyrus closes the session itself after the errors it reports here (a frame or message too
    // big, a broken socket); onClose then tells the gateway. Only the cause is worth keeping.
    LOG.log(Level.DEBUG, "{0}: {1}", describe(), String.valueOf(error));
  }

  private String describe() {
    TyrusProviderConnection current = connection;
    return current == null ? "ws (opening)" : current.describe();
  }
}
