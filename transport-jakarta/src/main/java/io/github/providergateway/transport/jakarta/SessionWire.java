package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.OutboundQueue;
import jakarta.websocket.CloseReason;
import jakarta.websocket.CloseReason.CloseCodes;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import jakarta.websocket.Session;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * The {@link OutboundQueue}'s wire over a Jakarta session: a write's messages go out one text at a
 * time through the async remote (containers may throw on concurrent sends), and the close frame is
 * written on the {@code closer} executor, never on the caller's thread: {@code Session.close}
 * blocks in some containers (Tomcat writes the frame with a blocking send), and the caller may be
 * the gateway loop. The container keeps liveness (its idle timeout) and the close handshake, so the
 * queue runs no heartbeat and no close grace here.
 */
final class SessionWire implements OutboundQueue.Wire {

  private static final System.Logger LOG = System.getLogger(SessionWire.class.getName());

  /** What the wire uses of a session: its async text sends and its close. */
  interface Remote {
    /**
     * Starts sending {@code text}; {@code done} is told when it is written, on any thread, maybe
     * within this call.
     */
    void sendText(String text, SendHandler done);

    /** Writes the close frame; may block. */
    void close(CloseReason reason) throws IOException;

    /** A session's async remote and close. */
    static Remote of(Session session) {
      return new Remote() {
        @Override
        public void sendText(String text, SendHandler done) {
          session.getAsyncRemote().sendText(text, done);
        }

        @Override
        public void close(CloseReason reason) throws IOException {
          session.close(reason);
        }
      };
    }
  }

  private final String description;
  private final Remote remote;
  private final Executor closer;

  /**
   * @param description names the connection in logs
   * @param closer where close frames are written
   */
  SessionWire(String description, Remote remote, Executor closer) {
    this.description = requireNonNull(description, "description");
    this.remote = requireNonNull(remote, "remote");
    this.closer = requireNonNull(closer, "closer");
  }

  /** {@code status} as Jakarta WebSocket's close reason. */
  static CloseReason closeReason(CloseStatus status) {
    return new CloseReason(CloseCodes.getCloseCode(status.code()), status.reason());
  }

  @Override
  public void write(List<byte[]> messages, Consumer<Throwable> done) {
    new Texts(messages, done).next();
  }

  /** The container pings, or not, as its idle timeout needs: the queue's heartbeat never runs. */
  @Override
  public void ping() {}

  @Override
  public void close(CloseStatus status) {
    CloseReason reason = closeReason(status);
    Runnable close =
        () -> {
          try {
            remote.close(reason);
          } catch (IOException | IllegalStateException alreadyClosed) {
            // The session is closed or closing: what this close was for has happened.
            LOG.log(Level.DEBUG, "{0}: close: {1}", description, alreadyClosed.toString());
          }
        };
    try {
      closer.execute(close);
    } catch (RejectedExecutionException stopped) {
      close.run(); // the endpoints are stopping, on a thread of the host's: it may wait
    }
  }

  @Override
  public String toString() {
    return description;
  }

  /**
   * One write's messages, sent one after the other; a send that completes within its call lets the
   * loop go on rather than the stack grow.
   */
  private final class Texts implements SendHandler {
    private final List<byte[]> messages;
    private final Consumer<Throwable> done;

    /** The next message to send. Guarded by this. */
    private int next;

    /** The thread inside {@link Remote#sendText} now, or null. Guarded by this. */
    private Thread sending;

    /** Whether the send {@link #sending} started completed within its call. Guarded by this. */
    private boolean completedInline;

    Texts(List<byte[]> messages, Consumer<Throwable> done) {
      this.messages = messages;
      this.done = done;
    }

    /** Sends what is left, for as long as sends complete within their call. */
    void next() {
      while (true) {
        String text;
        synchronized (this) {
          if (next == messages.size()) {
            break;
          }
          text = new String(messages.get(next++), StandardCharsets.UTF_8);
          sending = Thread.currentThread();
          completedInline = false;
        }
        try {
          remote.sendText(text, this);
        } catch (RuntimeException closedUnderUs) {
          // IllegalStateException: the session closed between the check and the send.
          done.accept(closedUnderUs);
          return;
        }
        synchronized (this) {
          sending = null;
          if (!completedInline) {
            return; // onResult carries on, on the thread that completes the send
          }
        }
      }
      done.accept(null);
    }

    @Override
    public void onResult(SendResult result) {
      if (!result.isOK()) {
        Throwable failure = result.getException();
        done.accept(failure != null ? failure : new IOException("send failed"));
        return;
      }
      synchronized (this) {
        if (sending == Thread.currentThread()) {
          completedInline = true; // next() goes on from here
          return;
        }
      }
      next();
    }
  }
}
