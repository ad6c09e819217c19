package io.github.providergateway.host.client;

import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Notices a gateway that stopped answering: pings the live socket every interval, and reports it
 * silent once nothing was heard from it for longer than the timeout (a closed socket is noticed
 * without it). Client thread only; the scheduler's timer only hops to the client thread.
 *
 * @param <S> the socket ({@link HostSocket}; tests use their own)
 */
final class Heartbeat<S> {
  private final Scheduler scheduler;
  private final Executor thread;
  private final Clock clock;
  private final Duration interval;
  private final Duration timeout;

  /** The socket to ping, or null when there is none or the client stopped. */
  private final Supplier<S> live;

  private final Consumer<S> ping;

  /** Told that a socket went silent, with the reason. */
  private final BiConsumer<S, String> silent;

  /** When the live socket last heard anything (clock millis). Client thread only. */
  private long lastHeardMillis;

  /** The next beat while one is scheduled. Client thread only. */
  private Scheduler.Cancellable next;

  Heartbeat(
      Scheduler scheduler,
      Executor thread,
      Clock clock,
      Duration interval,
      Duration timeout,
      Supplier<S> live,
      Consumer<S> ping,
      BiConsumer<S, String> silent) {
    this.scheduler = scheduler;
    this.thread = thread;
    this.clock = clock;
    this.interval = interval;
    this.timeout = timeout;
    this.live = live;
    this.ping = ping;
    this.silent = silent;
  }

  /** A socket just authenticated: it counts as heard now, and the beats start. */
  void start() {
    lastHeardMillis = clock.millis();
    scheduleBeat();
  }

  /** Something arrived from the gateway. */
  void heard() {
    lastHeardMillis = clock.millis();
  }

  void stop() {
    if (next != null) {
      next.cancel();
      next = null;
    }
  }

  private void beat() {
    S socket = live.get();
    if (socket == null) {
      return;
    }
    if (clock.millis() - lastHeardMillis > timeout.toMillis()) {
      silent.accept(socket, "no answer to the heartbeat within " + timeout);
      return;
    }
    ping.accept(socket);
    scheduleBeat();
  }

  private void scheduleBeat() {
    next = scheduler.schedule(interval, () -> thread.execute(this::beat));
  }
}
