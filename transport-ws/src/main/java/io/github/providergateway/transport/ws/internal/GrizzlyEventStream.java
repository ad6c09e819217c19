package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.http.ServerSentEvents;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.http.io.OutputBuffer;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * One event stream over a suspended Grizzly response. Writes are serialized on this object and
 * never block: each first asks the output buffer whether it can write without waiting, and a client
 * whose unread bytes pass {@link EventStreams#maxUnreadBytes()} has its stream closed rather than
 * queued for.
 */
final class GrizzlyEventStream implements ServerSentEvents {

  private static final System.Logger LOG = System.getLogger(GrizzlyEventStream.class.getName());

  private final Response response;
  private final Connection<?> socket;
  private final EventStreams streams;

  /** Closing actions, run once; guarded by this. */
  private final List<Runnable> onClose = new ArrayList<>();

  /** Guarded by this. */
  private boolean closed;

  /** When the last bytes went out, on the streams' clock. */
  private volatile long lastWriteMillis;

  GrizzlyEventStream(Response response, Connection<?> socket, EventStreams streams) {
    this.response = response;
    this.socket = socket;
    this.streams = streams;
    this.lastWriteMillis = streams.clock().millis();
    // The client went away (or the server cut the socket): the stream is over.
    socket.addCloseListener((closeable, type) -> closed());
  }

  @Override
  public boolean send(String id, String event, String data) {
    StringBuilder frame = new StringBuilder(data.length() + 32);
    if (id != null) {
      frame.append("id: ").append(singleLine(id)).append('\n');
    }
    if (event != null) {
      frame.append("event: ").append(singleLine(event)).append('\n');
    }
    for (String line : data.split("\r\n|\r|\n", -1)) {
      frame.append("data: ").append(line).append('\n');
    }
    frame.append('\n');
    return write(frame.toString());
  }

  /** Sends a comment line, which the client's parser skips: keeps the connection proven alive. */
  boolean comment(String text) {
    return write(": " + singleLine(text) + "\n\n");
  }

  /** Writes the stream's first bytes: the status and headers go out with them. */
  boolean start() {
    return comment("open");
  }

  private boolean write(String frame) {
    boolean written;
    synchronized (this) {
      if (closed) {
        return false;
      }
      written = writeNow(frame);
    }
    if (!written) {
      // Outside the lock: closing runs the route's close actions, which may take locks of theirs.
      terminate();
    }
    return written;
  }

  /** Writes {@code frame} without blocking; false when the client is too far behind or gone. */
  private boolean writeNow(String frame) {
    OutputBuffer out = response.getOutputBuffer();
    try {
      // canWrite() makes the next write non-blocking; without room we close rather than wait.
      if (unreadBytes() > streams.maxUnreadBytes() || !out.canWrite()) {
        LOG.log(
            Level.DEBUG,
            "{0}: event stream client is not reading; closing",
            socket.getPeerAddress());
        return false;
      }
      out.write(frame.getBytes(StandardCharsets.UTF_8));
      out.flush();
      lastWriteMillis = streams.clock().millis();
      return true;
    } catch (IOException | IllegalStateException e) {
      // The socket broke under the write, or Grizzly already recycled the response.
      LOG.log(
          Level.DEBUG,
          "{0}: event stream write failed: {1}",
          socket.getPeerAddress(),
          e.toString());
      return false;
    }
  }

  private long unreadBytes() {
    if (socket instanceof NIOConnection nio) {
      TaskQueue<?> queue = nio.getAsyncWriteQueue();
      return queue.spaceInBytes();
    }
    return 0;
  }

  long lastWriteMillis() {
    return lastWriteMillis;
  }

  @Override
  public synchronized boolean isOpen() {
    return !closed;
  }

  @Override
  public void onClose(Runnable action) {
    synchronized (this) {
      if (!closed) {
        onClose.add(action);
        return;
      }
    }
    action.run();
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
    }
    // The answer was sent with Connection: close, so finishing it ends the connection too.
    try {
      response.resume();
    } catch (IllegalStateException e) {
      LOG.log(Level.DEBUG, "event stream already finished: {0}", e.toString());
    }
    terminate();
  }

  /** Cuts the connection; its close listener marks the stream closed. */
  private void terminate() {
    socket.closeSilently();
    closed();
  }

  private void closed() {
    List<Runnable> actions;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      actions = new ArrayList<>(onClose);
      onClose.clear();
    }
    for (Runnable action : actions) {
      try {
        action.run();
      } catch (RuntimeException e) {
        // An action is the route's code: its failure must not keep the others from running.
        LOG.log(Level.ERROR, "an event stream's close action failed", e);
      }
    }
  }

  /** A field value cannot hold a line break: it would end the field. */
  private static String singleLine(String text) {
    return text.replace('\r', ' ').replace('\n', ' ');
  }
}
