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
 * A Tyrus endpoint, one instance per connection: it wires Tyrus's callbacks to the connection's
 * {@link SocketPeer} and does nothing else on Grizzly's threads. Public only because Tyrus
 * instantiates its subclasses reflectively; not an API.
 *
 * <p>Binary messages are refused: both protocols are JSON text only, and a partial handler sees
 * the first fragment, so nothing is buffered before the refusal.
 *
 * @param <P> the kind of connection
 */
public abstract class PeerEndpoint<P extends SocketPeer> extends Endpoint {

  private static final System.Logger LOG = System.getLogger(PeerEndpoint.class.getName());

  /** This endpoint's connection; set in onOpen, read by later callbacks of the same session. */
  private volatile P peer;

  PeerEndpoint() {}

  /** The connection for a new session, or null when the server refused it (and closed it). */
  abstract P open(Session session);

  @Override
  public final void onOpen(Session session, EndpointConfig config) {
    P opened = open(session);
    if (opened == null) {
      return;
    }
    peer = opened;
    session.addMessageHandler(String.class, (MessageHandler.Whole<String>) opened::received);
    session.addMessageHandler(
        ByteBuffer.class, (MessageHandler.Partial<ByteBuffer>) (part, last) -> opened.binaryReceived());
    session.addMessageHandler(PongMessage.class, (MessageHandler.Whole<PongMessage>) pong -> opened.heard());
  }

  @Override
  public final void onClose(Session session, CloseReason closeReason) {
    P closed = peer;
    if (closed != null) {
      closed.sessionClosed(closeReason);
    }
  }

  @Override
  public final void onError(Session session, Throwable error) {
    // Tyrus closes the session itself after the errors it reports here (a frame or message too
    // big, a broken socket); onClose then tells the connection. Only the cause is worth keeping.
    P current = peer;
    LOG.log(Level.DEBUG, "{0}: {1}", current == null ? "ws (opening)" : current.describe(), String.valueOf(error));
  }
}
