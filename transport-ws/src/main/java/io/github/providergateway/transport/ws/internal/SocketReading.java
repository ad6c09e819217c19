package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.websocket.internal.OutboundQueue;
import java.io.IOException;
import java.lang.System.Logger.Level;

/**
 * Turns reading from one connection's socket off and on for the gateway's inbound backlog
 * (architecture, "Bounded inbound"): while it is off, TCP flow control holds the peer back, so what
 * it sends waits in its own socket rather than in the gateway's memory. Providers' and hosts'
 * connections alike. Thread-safe: the delivering Grizzly thread and the gateway loop call in.
 */
final class SocketReading {

  private static final System.Logger LOG = System.getLogger(SocketReading.class.getName());

  private final org.glassfish.grizzly.Connection<?> socket;
  private final OutboundQueue<?> sender;
  private final String description;

  /** Whether reading from the socket is suspended. Guarded by this. */
  private boolean suspended;

  /**
   * @param sender the connection's end: a connection gone is left alone
   */
  SocketReading(
      org.glassfish.grizzly.Connection<?> socket, OutboundQueue<?> sender, String description) {
    this.socket = requireNonNull(socket, "socket");
    this.sender = requireNonNull(sender, "sender");
    this.description = requireNonNull(description, "description");
  }

  /** Stops reading from the socket until {@link #resume()}. */
  void suspend() {
    synchronized (this) {
      if (suspended || sender.state() == OutboundQueue.State.GONE) {
        return;
      }
      suspended = true;
    }
    try {
      socket.disableIOEvent(org.glassfish.grizzly.IOEvent.READ);
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "{0}: cannot suspend reading: {1}", description, e.toString());
    }
  }

  /** Reads from the socket again. */
  void resume() {
    synchronized (this) {
      if (!suspended) {
        return;
      }
      suspended = false;
      if (sender.state() == OutboundQueue.State.GONE) {
        return;
      }
    }
    try {
      socket.enableIOEvent(org.glassfish.grizzly.IOEvent.READ);
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "{0}: cannot resume reading: {1}", description, e.toString());
    }
  }
}
