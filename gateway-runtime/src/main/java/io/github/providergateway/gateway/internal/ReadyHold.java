package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Hook evaluations held until a session's {@code "all"}-bound providers have registered their rules
 * there (issue 44): while one of them has been told of the session and has not said {@code
 * session.ready}, a call's evaluation waits, so that a session's first call meets the same rules as
 * its later ones. A provider that never says it is taken as not there after {@link #READY_WAIT}.
 * Loop only.
 */
final class ReadyHold {

  /**
   * The longest a session's evaluations wait for an {@code "all"}-bound provider's {@code
   * session.ready}: one in the gateway's process answers within a loop turn or two; one that never
   * does is taken as not there (its rules were never registered in the session), as before.
   */
  static final Duration READY_WAIT = Duration.ofSeconds(5);

  private final Timers timers;

  /**
   * Whether an {@code "all"}-bound provider awaits its {@code session.ready} in the session of this
   * id: its rules are not registered there yet.
   */
  private final Predicate<String> readyPending;

  /** Evaluations held, by session id. Loop only. */
  private final Map<String, Held> held = new HashMap<>();

  /** A session's held evaluations, in arrival order, and the end of their wait. */
  private record Held(List<Runnable> evaluations, Scheduler.Cancellable giveUp) {}

  ReadyHold(Timers timers, Predicate<String> readyPending) {
    this.timers = timers;
    this.readyPending = readyPending;
  }

  /**
   * {@return {@code evaluation}'s result: now when no provider of the session is awaited, else once
   * none is or the wait ends}
   */
  <T> CompletableFuture<T> whenReady(String sessionId, Supplier<CompletableFuture<T>> evaluation) {
    if (!readyPending.test(sessionId)) {
      return evaluation.get();
    }
    CompletableFuture<T> later = new CompletableFuture<>();
    held.computeIfAbsent(
            sessionId,
            id -> new Held(new ArrayList<>(), timers.after(READY_WAIT, () -> release(id))))
        .evaluations()
        .add(
            () ->
                evaluation
                    .get()
                    .whenComplete(
                        (result, failure) -> {
                          if (failure != null) {
                            later.completeExceptionally(failure);
                          } else {
                            later.complete(result);
                          }
                        }));
    return later;
  }

  /**
   * Some {@code "all"}-bound provider no longer awaits its {@code session.ready} somewhere (it
   * came, the session ends, the provider left): the evaluations held for a session none awaits any
   * more run now, in arrival order.
   */
  void readinessChanged() {
    for (String sessionId : new ArrayList<>(held.keySet())) {
      if (!readyPending.test(sessionId)) {
        release(sessionId);
      }
    }
  }

  private void release(String sessionId) {
    Held ofSession = held.remove(sessionId);
    if (ofSession != null) {
      ofSession.giveUp().cancel();
      ofSession.evaluations().forEach(Runnable::run);
    }
  }
}
