package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Session;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * A {@link BoundedSender}'s wire over a Tyrus session: text and pings through the async remote
 * (the basic remote waits for the peer without a timeout), and a close that cuts the socket if
 * the peer has not finished the close handshake after the grace period, so a peer that stopped
 * reading cannot pin it.
 */
final class TyrusWire implements BoundedSender.Wire {

  private static final System.Logger LOG = System.getLogger(TyrusWire.class.getName());
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final Session session;
  private final org.glassfish.grizzly.Connection<?> socket;
  private final Scheduler timer;
  private final Duration closeGrace;
  private final String description;

  TyrusWire(
      Session session,
      org.glassfish.grizzly.Connection<?> socket,
      Scheduler timer,
      Duration closeGrace,
      String description) {
    this.session = requireNonNull(session, "session");
    this.socket = requireNonNull(socket, "socket");
    this.timer = requireNonNull(timer, "timer");
    this.closeGrace = requireNonNull(closeGrace, "closeGrace");
    this.description = requireNonNull(description, "description");
  }

  @Override
  public void write(String text, Consumer<Throwable> done) {
    try {
      session.getAsyncRemote().sendText(text, result -> done.accept(failureOf(result)));
    } catch (IllegalStateException e) {
      done.accept(e); // the session closed under us
    }
  }

  @Override
  public void ping() throws IOException {
    // Control frames may go between whole messages; Tyrus writes each frame as one buffer.
    session.getAsyncRemote().sendPing(EMPTY.duplicate());
  }

  @Override
  public void close(CloseReason reason) {
    try {
      session.close(reason);
    } catch (IOException | IllegalStateException e) {
      // Already closed or broken: the socket is cut below either way.
      LOG.log(Level.DEBUG, "{0}: close failed: {1}", description, e.toString());
    }
    try {
      timer.schedule(closeGrace, this::cutIfOpen);
    } catch (RejectedExecutionException e) {
      // The server is stopping and cuts every socket itself.
      LOG.log(Level.DEBUG, "{0}: timer stopped; the server closes the socket", description);
    }
  }

  private void cutIfOpen() {
    if (socket.isOpen()) {
      LOG.log(Level.DEBUG, "{0}: close handshake unfinished, cutting the socket", description);
      socket.terminateSilently();
    }
  }

  private static Throwable failureOf(jakarta.websocket.SendResult result) {
    if (result.isOK()) {
      return null;
    }
    Throwable failure = result.getException();
    return failure != null ? failure : new IOException("write failed");
  }

  /** {@code 127.0.0.1:53211} or {@code [::1]:53211}, as the gateway's logs name connections. */
  static String describePeer(Object peer) {
    if (peer instanceof InetSocketAddress inet && inet.getAddress() != null) {
      String host = inet.getAddress().getHostAddress();
      return (host.contains(":") ? "[" + host + "]" : host) + ":" + inet.getPort();
    }
    return String.valueOf(peer);
  }
}
