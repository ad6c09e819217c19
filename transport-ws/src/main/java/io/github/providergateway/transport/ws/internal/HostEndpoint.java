package io.github.providergateway.transport.ws.internal;

import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.PongMessage;
import jakarta.websocket.Session;
import java.nio.ByteBuffer;

/**
 * The Tyrus endpoint at {@code /host}: one instance per agent host connection, wired to a {@link
 * TyrusHostConnection}. Public only because Tyrus invokes endpoints reflectively; not an API.
 */
public final class HostEndpoint extends Endpoint {

  private final ServerCore server;
  private volatile TyrusHostConnection connection;

  HostEndpoint(ServerCore server) {
    this.server = server;
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    TyrusHostConnection opened = server.openedHost(session, HandshakeGuard.claim());
    if (opened == null) {
      return;
    }
    connection = opened;
    session.addMessageHandler(String.class, (MessageHandler.Whole<String>) opened::received);
    session.addMessageHandler(
        ByteBuffer.class, (MessageHandler.Partial<ByteBuffer>) (part, last) -> opened.binaryReceived());
    session.addMessageHandler(PongMessage.class, (MessageHandler.Whole<PongMessage>) pong -> opened.heard());
  }

  @Override
  public void onClose(Session session, CloseReason closeReason) {
    TyrusHostConnection closed = connection;
    if (closed != null) {
      closed.sessionClosed();
    }
  }
}
