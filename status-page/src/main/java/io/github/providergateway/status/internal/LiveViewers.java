package io.github.providergateway.status.internal;

import io.github.providergateway.http.ServerSentEvents;
import io.github.providergateway.loop.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The pages open now, each an event stream, and what keeps them live: every change the gateway
 * reports sends all of them a fresh snapshot, at most one per {@link #MIN_INTERVAL} (a burst of
 * calls is one update, not a thousand), and a quiet gateway still sends one every {@link #TICK} so
 * that numbers read from it (calls in flight, streams' latest events) stay current. With no page
 * open nothing is read and nothing is scheduled: a gateway nobody watches pays for none of it.
 */
public final class LiveViewers implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(LiveViewers.class.getName());

  /** The least time between two snapshots sent to the pages. */
  static final Duration MIN_INTERVAL = Duration.ofMillis(250);

  /** The most time between two snapshots while a page is open. */
  static final Duration TICK = Duration.ofSeconds(2);

  private final Supplier<CompletableFuture<String>> snapshot;
  private final Scheduler scheduler;
  private final Clock clock;

  /** Guarded by this. */
  private final Set<ServerSentEvents> open = new LinkedHashSet<>();

  /** The next snapshot's timer, or null when none is due. Guarded by this. */
  private Scheduler.Cancellable next;

  /** When the last snapshot went out (clock millis). Guarded by this. */
  private long lastSentMillis = Long.MIN_VALUE / 2;

  /** The event id of the next snapshot. Guarded by this. */
  private long sequence;

  /** Guarded by this. */
  private boolean closed;

  public LiveViewers(
      Supplier<CompletableFuture<String>> snapshot, Scheduler scheduler, Clock clock) {
    this.snapshot = snapshot;
    this.scheduler = scheduler;
    this.clock = clock;
  }

  /** A page opened its stream: it gets a snapshot at once, then the updates. */
  public void add(ServerSentEvents stream) {
    synchronized (this) {
      if (closed) {
        stream.close();
        return;
      }
      open.add(stream);
    }
    stream.onClose(() -> remove(stream));
    snapshot.get().thenAccept(json -> send(List.of(stream), json)).exceptionally(this::failed);
    synchronized (this) {
      if (next == null) {
        schedule(TICK);
      }
    }
  }

  /** Something changed: the pages get a snapshot soon. Cheap when no page is open. */
  public void changed() {
    synchronized (this) {
      if (open.isEmpty() || closed) {
        return;
      }
      long since = clock.millis() - lastSentMillis;
      Duration wait =
          since >= MIN_INTERVAL.toMillis() ? Duration.ZERO : MIN_INTERVAL.minusMillis(since);
      if (next != null) {
        next.cancel();
      }
      schedule(wait);
    }
  }

  /** How many pages are open now. */
  public synchronized int size() {
    return open.size();
  }

  @Override
  public void close() {
    List<ServerSentEvents> all;
    synchronized (this) {
      closed = true;
      if (next != null) {
        next.cancel();
        next = null;
      }
      all = new ArrayList<>(open);
      open.clear();
    }
    all.forEach(ServerSentEvents::close);
  }

  private void schedule(Duration wait) {
    next = scheduler.schedule(wait, this::refresh);
  }

  private void refresh() {
    List<ServerSentEvents> targets;
    synchronized (this) {
      next = null;
      if (open.isEmpty() || closed) {
        return;
      }
      lastSentMillis = clock.millis();
      targets = new ArrayList<>(open);
      schedule(TICK);
    }
    snapshot.get().thenAccept(json -> send(targets, json)).exceptionally(this::failed);
  }

  private void send(List<ServerSentEvents> targets, String json) {
    String id;
    synchronized (this) {
      id = Long.toString(++sequence);
    }
    for (ServerSentEvents stream : targets) {
      // A page too far behind is closed by its stream; its browser connects again.
      stream.send(id, "snapshot", json);
    }
  }

  private Void failed(Throwable error) {
    // The gateway stopping under a read; the pages see their streams close with it.
    LOG.log(Level.DEBUG, "status snapshot not read: {0}", error.toString());
    return null;
  }

  private synchronized void remove(ServerSentEvents stream) {
    open.remove(stream);
    if (open.isEmpty() && next != null) {
      next.cancel();
      next = null;
    }
  }
}
