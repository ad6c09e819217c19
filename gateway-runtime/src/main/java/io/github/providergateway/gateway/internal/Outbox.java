package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import java.lang.System.Logger.Level;

/** Sends to providers: messages, errors, and the closing of connections. Loop only. */
final class Outbox {

  private static final System.Logger LOG = System.getLogger(Outbox.class.getName());

  /** Ends a connection from the gateway's side: cleans up now, then asks the transport to close. */
  interface Closer {
    void close(Conn conn, CloseReason reason);
  }

  /** The engine's, which ends the connection's calls and bindings before the transport closes. */
  private final Closer closer;

  /** Hears every {@code error} sent ({@link GatewayListener#refused}). */
  private final GatewayListener listener;

  Outbox(Closer closer, GatewayListener listener) {
    this.closer = closer;
    this.listener = listener;
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
      LOG.log(
          Level.DEBUG, "{0}: {1} not queued (connection full or closed)", conn, message.wireType());
    }
  }

  /**
   * Sends {@code error}, filling in the provider's id (R-CODEC-06); closes the connection after it
   * when the code is fatal.
   */
  void error(Conn conn, ErrorCode code, String message, Refused refused) {
    if (!conn.isOpen()) {
      return;
    }
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
    // Expected, not a fault: INFO and no stack trace, so that a person running the gateway sees
    // why a provider sits idle (a wrong token, a conflicting hello) without reading a bug report.
    Refusal refusal =
        new Refusal(
            conn.toString(),
            refused.provider() != null ? refused.provider() : providerName(conn),
            refused.type() == null ? null : ProviderMessageType.fromWire(refused.type()),
            code,
            message);
    if (LOG.isLoggable(Level.INFO)) {
      LOG.log(Level.INFO, refusal.describe());
    }
    listener.refused(refusal);
    if (code.isFatal()) {
      close(conn, closeReasonFor(code));
    }
  }

  /** Closes {@code conn}: its calls and bindings end now, then the transport closes it. */
  void close(Conn conn, CloseReason reason) {
    closer.close(conn, reason);
  }

  /** The transport close reason for a fatal error code. */
  private static CloseReason closeReasonFor(ErrorCode code) {
    return switch (code) {
      case AUTH_FAILED -> CloseReason.AUTH_FAILED;
      case UNSUPPORTED_VERSION -> CloseReason.UNSUPPORTED_VERSION;
      case INVALID_SESSION,
          INVALID_JSON,
          UNKNOWN_TYPE,
          DUPLICATE_INSTANCE,
          TOOL_CONFLICT,
          RATE_LIMITED,
          PAYLOAD_TOO_LARGE,
          UNAUTHORIZED,
          UNKNOWN ->
          CloseReason.PROTOCOL_ERROR;
    };
  }

  /** {@code name#instance}, or {@code name}, of the provider bound on {@code conn}, or null. */
  static String providerName(Conn conn) {
    ProviderState provider = conn.provider();
    return provider == null ? null : providerName(provider.name, provider.instance);
  }

  static String providerName(String name, String instance) {
    return instance == null ? name : name + "#" + instance;
  }

  /**
   * What is known of the refused message, for the {@code error}'s correlation fields; and the
   * provider it speaks for when that is not the one bound on the connection (a {@code hello} names
   * its own), as {@link Names#forDisplay} shows it, or null.
   */
  record Refused(String type, String sessionId, String requestId, String provider) {
    static final Refused NOTHING = new Refused(null, null, null);

    Refused(String type, String sessionId, String requestId) {
      this(type, sessionId, requestId, null);
    }

    static Refused type(String type) {
      return new Refused(type, null, null);
    }
  }
}
