package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * A server's heartbeat: every {@link #interval} each open connection is pinged, and one from which
 * nothing arrived for the idle timeout is closed (1001). Time is the gateway's: the beats are
 * scheduled on the given {@link Scheduler} and silence is measured on the gateway's {@link Clock},
 * so a test that passes a manual clock as both pings and closes peers by advancing it.
 *
 * <p>A beat that comes far later than planned (the machine slept, the wall clock was set forward or
 * back, the process stalled) cannot tell a silent peer from a gap in time, so it closes nobody:
 * every peer starts a fresh idle period and is pinged. Thread-safe; beats never overlap, since each
 * schedules the next when it is done.
 */
final class ServerHeartbeat {

  private static final System.Logger LOG = System.getLogger(ServerHeartbeat.class.getName());

  /** The longest gap between pings, whatever the idle timeout. */
  private static final Duration MAX_INTERVAL = Duration.ofSeconds(30);

  private final Scheduler scheduler;
  private final Clock clock;
  private final Duration idleTimeout;
  private final Duration interval;
  private final Supplier<? extends Iterable<? extends SocketPeer>> peers;

  /** When the last beat ran (or the heartbeat started). Touched by beats only, one at a time. */
  private Instant lastBeat;

  /** The next beat, while running. Guarded by this. */
  private Scheduler.Cancellable next;

  /** Whether {@link #stop()} ran. Guarded by this. */
  private boolean stopped;

  ServerHeartbeat(
      Scheduler scheduler,
      Clock clock,
      Duration idleTimeout,
      Supplier<? extends Iterable<? extends SocketPeer>> peers) {
    this.scheduler = requireNonNull(scheduler, "scheduler");
    this.clock = requireNonNull(clock, "clock");
    this.idleTimeout = requireNonNull(idleTimeout, "idleTimeout");
    this.interval = interval(idleTimeout);
    this.peers = requireNonNull(peers, "peers");
  }

  /** A third of the idle timeout, so a live peer answers at least twice before it expires. */
  static Duration interval(Duration idleTimeout) {
    Duration third = idleTimeout.dividedBy(3);
    return third.compareTo(MAX_INTERVAL) > 0 ? MAX_INTERVAL : third;
  }

  /** Schedules the first beat, one interval from now. */
  synchronized void start() {
    if (next != null || stopped) {
      throw new IllegalStateException("a heartbeat starts once");
    }
    lastBeat = clock.instant();
    scheduleNextLocked();
  }

  /** Cancels the next beat; a beat running now schedules none. Idempotent. */
  synchronized void stop() {
    stopped = true;
    if (next != null) {
      next.cancel();
    }
  }

  private void beat() {
    try {
      Instant now = clock.instant();
      Duration sinceLast = Duration.between(lastBeat, now);
      lastBeat = now;
      boolean late = sinceLast.isNegative() || sinceLast.compareTo(interval.multipliedBy(2)) > 0;
      if (late) {
        LOG.log(
            Level.DEBUG,
            "heartbeat {0} after the last one: every peer starts a new idle period",
            sinceLast);
      }
      for (SocketPeer peer : peers.get()) {
        if (late) {
          peer.heard();
        }
        peer.heartbeat(now, idleTimeout);
      }
    } finally {
      // Even after a bug in one peer's beat: without beats no dead peer would ever be closed.
      synchronized (this) {
        scheduleNextLocked();
      }
    }
  }

  private void scheduleNextLocked() {
    if (stopped) {
      return;
    }
    try {
      next = scheduler.schedule(interval, this::beat);
    } catch (RejectedExecutionException e) {
      // The scheduler has stopped: so has whatever owns this server.
      LOG.log(Level.DEBUG, "heartbeat stopped: its scheduler refuses tasks");
      stopped = true;
    }
  }
}
