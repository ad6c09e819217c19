package io.github.providergateway.federation;

import io.github.providergateway.loop.Backoff;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.transport.stdio.ProcessLog;
import java.time.Duration;
import reactor.core.Disposable;

/**
 * A 2026-07-28 server's tool list followed through {@code subscriptions/listen} with {@code
 * toolsListChanged} (decision 115): each change is told to {@code changed}, which lists the tools
 * again as {@code list_changed} does in the 2025 era. A stream that ends is opened again after 1 s,
 * 2 s, 4 s … up to 30 s on the gateway's scheduler, never in a tight loop, and {@code changed} is
 * told once when the server acknowledges it again, since a change may have fallen in the gap; a
 * change resets the delay. A server that answers the request with a JSON-RPC error is not asked
 * again; an HTTP server where nothing answers any more is gone, and told so. Thread-safe.
 */
final class ListenStream {

  /** Delays before a stream that ended is opened again. */
  private static final Backoff DELAYS =
      Backoff.exponential(Duration.ofSeconds(1), Duration.ofSeconds(30));

  private final ModernServer server;
  private final Scheduler scheduler;
  private final ProcessLog log;
  private final ListChanges changed;
  private final java.util.function.Consumer<String> unreachable;

  /** The open stream, or the timer that opens it again; null before. Guarded by this. */
  private Disposable open;

  /** Streams that ended in a row without bringing a change. Guarded by this. */
  private int ends;

  /** Whether it was closed for good. Guarded by this. */
  private boolean closed;

  /**
   * @param changed told of each change of the tool list, and once when a stream opened again is
   *     acknowledged
   * @param unreachable told when opening the stream finds nothing at an HTTP server's address: the
   *     server is gone, as a stdio server whose process exits (its supervisor restarts it)
   */
  ListenStream(
      ModernServer server,
      Scheduler scheduler,
      ProcessLog log,
      ListChanges changed,
      java.util.function.Consumer<String> unreachable) {
    this.server = server;
    this.scheduler = scheduler;
    this.log = log;
    this.changed = changed;
    this.unreachable = unreachable;
  }

  /** Opens the stream (again). */
  void open() {
    boolean reopened;
    synchronized (this) {
      if (closed) {
        return;
      }
      reopened = ends > 0;
    }
    Disposable stream =
        server.listen(
            () -> {
              if (reopened) {
                changed.all();
              }
            },
            new ListChanges(
                () -> {
                  streamChanged();
                  changed.tools().run();
                },
                listing -> {
                  streamChanged();
                  changed.offers().accept(listing);
                }),
            this::ended);
    synchronized (this) {
      if (closed) {
        stream.dispose();
      } else {
        open = stream;
      }
    }
  }

  /** A change came: the next end is the first in a row again. */
  private synchronized void streamChanged() {
    ends = 0;
  }

  private void ended(Throwable why) {
    if (why instanceof io.modelcontextprotocol.modern.McpException refused) {
      log.note(
          "it does not take subscriptions/listen ("
              + refused.getMessage()
              + "): its tool list is not followed");
      return;
    }
    if (Failures.nothingAnswers(why)) {
      unreachable.accept("the MCP server stopped answering (" + Failures.rootMessage(why) + ")");
      return;
    }
    Duration delay;
    synchronized (this) {
      if (closed) {
        return;
      }
      delay = DELAYS.delay(ends);
      ends++;
      Scheduler.Cancellable timer = scheduler.schedule(delay, this::open);
      open = timer::cancel;
    }
    log.note(
        "its subscriptions/listen stream ended"
            + (why == null ? "" : " (" + Failures.rootMessage(why) + ")")
            + "; opened again in "
            + delay.toMillis()
            + " ms");
  }

  /** Closes the stream, or cancels its opening, for good. */
  void close() {
    Disposable last;
    synchronized (this) {
      closed = true;
      last = open;
      open = null;
    }
    if (last != null) {
      last.dispose();
    }
  }
}
