package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import java.lang.System.Logger.Level;

/** Sends to providers: messages, errors, and the closing of connections. Loop only. */
final class Outbox {

  private static final System.Logger LOG = System.getLogger(Outbox.class.getName());

  private final Engine engine;

  Outbox(Engine engine) {
    this.engine = engine;
  }

  /**
   * Queues {@code message} on {@code conn}. A full outbound queue is the transport's to handle: it
   * closes the connection and reports it closed, which ends the provider's calls.
   */
  void send(Conn conn, GatewayMessage message) {
    if (!conn.isOpen()) {
      return;
    }
    if (!conn.transport.send(message)) {
      LOG.log(Level.DEBUG, "{0}: {1} not queued (connection full or closed)", conn, message.wireType());
    }
  }

  /**
   * Sends {@code error}, filling in the provider's id (R-CODEC-06); closes the connection after it
   * when the code is fatal.
   */
  void error(Conn conn, ErrorCode code, String message, Refused refused) {
    ErrorMessage error =
        new ErrorMessage(
            code,
            message,
            refused.type(),
            conn.providerId(),
            refused.sessionId(),
            refused.requestId(),
            null);
    send(conn, error);
    if (code.isFatal()) {
      engine.closeConnection(conn, engine.closeReasonFor(code));
    }
  }

  /** What is known of the refused message, for the {@code error}'s correlation fields. */
  record Refused(String type, String sessionId, String requestId) {
    static final Refused NOTHING = new Refused(null, null, null);

    static Refused type(String type) {
      return new Refused(type, null, null);
    }
  }
}
