package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.channels.ClosedByInterruptException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ConnectionProbe;
import org.glassfish.grizzly.IOEvent;
import org.glassfish.grizzly.IOStrategy;
import org.glassfish.grizzly.Transport;
import org.glassfish.grizzly.nio.transport.TCPNIOServerConnection;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;

/**
 * Grizzly's same-thread IO strategy (every event handled on the selector thread that saw it),
 * except that a failed {@code accept()} pauses accepting for {@link #PAUSE} instead of retrying at
 * once. When the process runs out of file descriptors, the kernel keeps reporting the listening
 * socket ready while {@code accept()} keeps failing with EMFILE; Grizzly's transport swallows the
 * error and the selector thread spins at 100 % of a core until a descriptor frees, serving no other
 * connection of that selector meanwhile. The server's own bounds (connections, waiting handshakes)
 * keep its descriptors far below the default limit; this is for a process whose limit is lower, or
 * whose descriptors someone else took. Grizzly's transport class is final, so the hook is here,
 * where the selector hands it each event.
 *
 * <p>It also asks the server's {@link PendingHandshakes} for room before each accept, and pauses
 * accepting while there is none: when every socket waiting for its request still has bytes unread,
 * pushing one out could reset a complete, authenticated request the server has not read yet (issue
 * 47, row 6). The newcomer waits in the kernel's backlog instead, and accepting resumes when a
 * waiting socket is read, admitted, answered or closed. Each server has its own strategy, shared by
 * its listeners (127.0.0.1 and ::1), which accept one at a time so the room one made is its own.
 */
final class AcceptPacingStrategy implements IOStrategy {

  private static final System.Logger LOG = System.getLogger(AcceptPacingStrategy.class.getName());

  /** How long accepting pauses after a failure. */
  static final Duration PAUSE = Duration.ofMillis(100);

  /** How often a pause is logged while accepting keeps failing. */
  private static final Duration WARNING_INTERVAL = Duration.ofSeconds(10);

  /** Pauses since the process started. */
  private static final AtomicLong PAUSES = new AtomicLong();

  /** When a pause was last logged ({@link System#nanoTime()}). */
  private static final AtomicLong LAST_WARNING_NANOS = new AtomicLong(System.nanoTime());

  private static final IOStrategy SAME_THREAD = SameThreadIOStrategy.getInstance();

  /** Re-enables accepting after a pause; its daemon thread starts on the first failure. */
  private static final class Resumer {
    static final ScheduledExecutorService TIMER =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.factory("pg-accept-pause"));
  }

  /** Where each accepted connection waits for its request, and whether there is room for one. */
  private final PendingHandshakes pending;

  AcceptPacingStrategy(PendingHandshakes pending) {
    this.pending = pending;
  }

  /**
   * The probe that counts each connection among the waiting ones on the thread that accepted it,
   * before the next accept asks for room (Grizzly's {@code ACCEPTED} event comes later, on the
   * selector the connection is registered with).
   */
  ConnectionProbe probe() {
    return new ConnectionProbe.Adapter() {
      @Override
      public void onAcceptEvent(Connection serverConnection, Connection clientConnection) {
        pending.accepted(clientConnection);
      }
    };
  }

  @Override
  public boolean executeIoEvent(Connection connection, IOEvent event) throws IOException {
    return executeIoEvent(connection, event, true);
  }

  @Override
  public boolean executeIoEvent(Connection connection, IOEvent event, boolean isIoEventEnabled)
      throws IOException {
    if (event == IOEvent.READ && !WebSocketFilter.upgraded(connection)) {
      // From before a byte leaves the kernel until the chain has handled what was read (parsed,
      // and admitted when it is a request with credentials), the socket is not pushed out: its
      // bytes may be such a request (PendingHandshakes). The chain runs on this thread.
      pending.reading(connection);
      try {
        return SAME_THREAD.executeIoEvent(connection, event, isIoEventEnabled);
      } finally {
        pending.read(connection);
      }
    }
    if (event != IOEvent.SERVER_ACCEPT || !(connection instanceof TCPNIOServerConnection server)) {
      return SAME_THREAD.executeIoEvent(connection, event, isIoEventEnabled);
    }
    try {
      synchronized (pending) {
        if (!pending.makeRoom()) {
          park(server);
          return true;
        }
        // What Grizzly's TCPNIOTransport.fireIOEvent does for this event, with the failure visible.
        server.onAccept();
      }
    } catch (ClosedByInterruptException interrupted) {
      // Grizzly rebinds the address after an interrupt: leave that case to it.
      return SAME_THREAD.executeIoEvent(connection, event, isIoEventEnabled);
    } catch (IOException failed) {
      pause(server, failed);
    }
    return true;
  }

  @Override
  public Executor getThreadPoolFor(Connection connection, IOEvent event) {
    return SAME_THREAD.getThreadPoolFor(connection, event);
  }

  @Override
  public ThreadPoolConfig createDefaultWorkerPoolConfig(Transport transport) {
    return SAME_THREAD.createDefaultWorkerPoolConfig(transport);
  }

  /**
   * Stops accepting on {@code server} until {@link PendingHandshakes} has room: the accept event is
   * disabled first, so a resume that comes at once is never lost.
   */
  private void park(TCPNIOServerConnection server) throws IOException {
    server.disableIOEvent(IOEvent.SERVER_ACCEPT);
    if (pending.parkUnlessRoom(() -> resume(server))) {
      resume(server);
    }
  }

  private static void resume(TCPNIOServerConnection server) {
    try {
      if (server.isOpen()) {
        server.enableIOEvent(IOEvent.SERVER_ACCEPT);
      }
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "cannot resume accepting on {0}: {1}", server.getLocalAddress(), e);
    }
  }

  private static void pause(TCPNIOServerConnection server, IOException cause) {
    long pauses = PAUSES.incrementAndGet();
    long now = System.nanoTime();
    long last = LAST_WARNING_NANOS.get();
    if (pauses == 1
        || now - last >= WARNING_INTERVAL.toNanos()
            && LAST_WARNING_NANOS.compareAndSet(last, now)) {
      // Ten pauses a second while it lasts: one line every ten seconds says so.
      LOG.log(
          Level.WARNING,
          "cannot accept a connection on {0} ({1}); pausing accepts for {2} ms ({3} pauses so far)",
          server.getLocalAddress(),
          cause.getMessage(),
          PAUSE.toMillis(),
          String.valueOf(pauses));
    }
    try {
      server.disableIOEvent(IOEvent.SERVER_ACCEPT);
    } catch (IOException e) {
      return; // the listening socket is closing
    }
    Resumer.TIMER.schedule(() -> resume(server), PAUSE.toNanos(), TimeUnit.NANOSECONDS);
  }
}
