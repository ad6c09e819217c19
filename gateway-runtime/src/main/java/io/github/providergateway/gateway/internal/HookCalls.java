package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.HookCall;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.base.Durations;
import io.github.providergateway.protocol.SessionInfo;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An agent hook's call decided as one request to the engine (issue 63, decision 77): its session
 * chosen among the active ones, a bounded wait for that session's providers, the host's own check
 * and the pre-tool evaluation, each step on the loop right after the one before, so that the call
 * meets the sessions and rules the steps before it saw, but for what changed while it waited.
 */
final class HookCalls {

  /** The pre-tool evaluation of a call in a session, for a host that asks its person itself. */
  @FunctionalInterface
  interface Evaluation {
    CompletableFuture<HookDecision> evaluate(String sessionId, HookCall call);
  }

  private final SerialExecutor loop;
  private final Timers timers;
  private final Supplier<List<SessionInfo>> sessions;
  private final Function<String, CompletableFuture<Void>> settled;
  private final Evaluation evaluation;

  HookCalls(
      SerialExecutor loop,
      Timers timers,
      Supplier<List<SessionInfo>> sessions,
      Function<String, CompletableFuture<Void>> settled,
      Evaluation evaluation) {
    this.loop = loop;
    this.timers = timers;
    this.sessions = sessions;
    this.settled = settled;
    this.evaluation = evaluation;
  }

  /**
   * Decides {@code call}: the evaluation's decision, or {@code null} when there was none (no
   * session chosen, or the host answered). A step that throws fails the future. Loop only.
   */
  CompletableFuture<HookDecision> decide(HookCall call) {
    loop.assertInLoop();
    Optional<SessionInfo> chosen = call.choose(sessions.get());
    if (chosen.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    SessionInfo session = chosen.get();
    Duration wait = call.readyWait();
    if (!Durations.isPositive(wait)) {
      return evaluate(session, call);
    }
    CompletableFuture<Void> ready = new CompletableFuture<>();
    Scheduler.Cancellable giveUp = timers.after(wait, () -> ready.complete(null));
    // An unknown session has settled (HostApi#providersSettled): its failure would only say so.
    settled
        .apply(session.id())
        .whenComplete(
            (done, unknown) -> {
              giveUp.cancel();
              ready.complete(null);
            });
    CompletableFuture<HookDecision> decided = new CompletableFuture<>();
    ready.thenRun(
        () -> {
          try {
            evaluate(session, call).whenComplete(relayTo(decided));
          } catch (RuntimeException e) { // after the wait, nobody else would hear of it
            decided.completeExceptionally(e);
          }
        });
    return decided;
  }

  private CompletableFuture<HookDecision> evaluate(SessionInfo session, HookCall call) {
    loop.assertInLoop();
    if (call.answeredBefore(session)) {
      return CompletableFuture.completedFuture(null);
    }
    return evaluation.evaluate(session.id(), call);
  }

  private static BiConsumer<HookDecision, Throwable> relayTo(CompletableFuture<HookDecision> to) {
    return (decision, failure) -> {
      if (failure != null) {
        to.completeExceptionally(failure);
      } else {
        to.complete(decision);
      }
    };
  }
}
