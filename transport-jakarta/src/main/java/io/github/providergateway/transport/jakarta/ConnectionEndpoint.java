package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.CloseStatuses;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.Session;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.function.Function;

/**
 * One session at the provider or the host endpoint; the container makes one per connection, through
 * the {@link GatewayConfigurator}. On open it applies the loopback checks the handshake could not,
 * the connection cap and the session's limits, then hands the session to a provider's or a host's
 * connection ({@link Peer}). Only text is taken: a binary message, for which no handler is
 * registered, is closed by the container with 1003, as {@code transport-ws}'s server does.
 */
final class ConnectionEndpoint extends Endpoint {

  private static final System.Logger LOG = System.getLogger(ConnectionEndpoint.class.getName());

  /** The most of a binary message a container may buffer before it finds no handler for it. */
  private static final int MAX_BINARY_BYTES = 1024;

  private final SessionSettings settings;

  /** Makes this session's connection and registers it with the gateway or the host service. */
  private final Function<Session, Peer> opener;

  /**
   * This session's connection, once open and admitted; set on open, read by later container
   * threads.
   */
  private volatile Peer peer;

  ConnectionEndpoint(SessionSettings settings, Function<Session, Peer> opener) {
    this.settings = requireNonNull(settings, "settings");
    this.opener = requireNonNull(opener, "opener");
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    InetSocketAddress reached =
        GatewayConfigurator.reported(session, GatewayConfigurator.LOCAL_ADDRESS);
    Optional<String> refusal =
        settings
            .policy()
            .openedRefusal(
                GatewayConfigurator.reported(session, GatewayConfigurator.REMOTE_ADDRESS),
                (String) session.getUserProperties().get(GatewayConfigurator.HOST_HEADER),
                reached == null ? -1 : reached.getPort());
    if (refusal.isPresent()) {
      LOG.log(Level.WARNING, "WebSocket refused: {0}", refusal.get());
      closeNow(session, CloseStatuses.notLoopback());
      return;
    }
    // Before any message can arrive: what the container may buffer of one, and how long it waits.
    session.setMaxTextMessageBufferSize(settings.unauthenticatedMessageLimit());
    session.setMaxBinaryMessageBufferSize(MAX_BINARY_BYTES);
    session.setMaxIdleTimeout(settings.idleTimeout().toMillis());
    session.getAsyncRemote().setSendTimeout(settings.sendTimeout().toMillis());
    Peer opened = opener.apply(session);
    if (opened == null) {
      closeNow(session, CloseStatuses.tooManyConnections());
      return;
    }
    peer = opened;
    session.addMessageHandler(String.class, (MessageHandler.Whole<String>) opened::received);
  }

  @Override
  public void onClose(Session session, CloseReason reason) {
    if (peer != null) {
      String phrase = reason.getReasonPhrase();
      peer.ended(new CloseStatus(reason.getCloseCode().getCode(), phrase == null ? "" : phrase));
    }
  }

  @Override
  public void onError(Session session, Throwable error) {
    // A message over the limit, a broken socket, a failing handler: the container closes the
    // session or has; make sure the gateway hears the connection is gone either way.
    if (peer != null) {
      LOG.log(Level.DEBUG, "{0}: {1}", peer, error.toString());
      peer.abort(CloseStatuses.writeFailed(), null);
    }
  }

  private static void closeNow(Session session, CloseStatus status) {
    try {
      session.close(SessionWire.closeReason(status));
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "closing a refused session: {0}", e.toString());
    }
  }
}
