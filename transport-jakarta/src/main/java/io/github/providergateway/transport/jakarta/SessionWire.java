package io.github.providergateway.transport.jakarta;

import jakarta.websocket.CloseReason;
import jakarta.websocket.SendHandler;
import jakarta.websocket.Session;
import java.io.IOException;

/** An {@link OutboundQueue}'s wire over a Jakarta session: its async remote, and its close. */
record SessionWire(Session session) implements OutboundQueue.Wire {

  @Override
  public void sendText(String text, SendHandler done) {
    session.getAsyncRemote().sendText(text, done);
  }

  @Override
  public void close(CloseReason reason) throws IOException {
    session.close(reason);
  }
}
