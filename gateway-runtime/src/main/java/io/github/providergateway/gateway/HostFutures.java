package io.github.providergateway.gateway;

import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ToolErrorCode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The futures {@link Gateway} hands to hosts, made so that none can stay pending: each is owned by
 * the loop task that starts its work, and completes if that task throws (a refusal as thrown,
 * anything else, such as the {@link LinkageError} a rewritten jar causes, as {@code INTERNAL}); and
 * each still pending when the gateway has stopped is ended then (a call {@code DISCONNECTED},
 * anything else {@link HostErrorCode#GATEWAY_CLOSED}), whether or not the engine's own stop got to
 * it.
 */
final class HostFutures {

  /**
   * What ending a future with an error takes, loaded with the gateway rather than at the first
   * failure: the typical failure is a class that no longer loads because the jar was rewritten
   * under the running JVM, and then no class not yet loaded ever will be.
   */
  static final List<Class<?>> FAILURE_CLASSES =
      List.of(
          CallResult.class,
          ToolOutcome.Failure.class,
          ToolErrorCode.class,
          HostException.class,
          HostErrorCode.class);

  /**
   * Futures handed out and not yet complete, each with how it ends when the gateway stops. Hosts
   * add from their threads and futures complete on the loop (or on a cancelling host's thread), so
   * this one map, which is not engine state, is concurrent.
   */
  private final Map<CompletableFuture<?>, Runnable> open = new ConcurrentHashMap<>();

  /** A future for a request that is not a tool call. */
  <T> CompletableFuture<T> request() {
    CompletableFuture<T> future = new CompletableFuture<>();
    return track(
        future,
        () ->
            future.completeExceptionally(
                new HostException(HostErrorCode.GATEWAY_CLOSED, "The gateway stopped")));
  }

  /** A future for a tool call: it always ends with an outcome, never an exception of ours. */
  CompletableFuture<CallResult> call(String tool) {
    CompletableFuture<CallResult> future = new CompletableFuture<>();
    return track(
        future,
        () ->
            future.complete(
                CallResult.of(
                    ToolOutcome.failure(
                        ToolErrorCode.DISCONNECTED, "Tool '" + tool + "': the gateway stopped"))));
  }

  private <T> CompletableFuture<T> track(CompletableFuture<T> future, Runnable ifStopped) {
    open.put(future, ifStopped);
    future.whenComplete((value, error) -> open.remove(future));
    return future;
  }

  /**
   * Runs {@code task}, which owes {@code future} its completion: if the task throws, the future
   * completes all the same, a {@link RuntimeException} (a refusal such as {@link HostException}) as
   * thrown, an {@link Error} as {@code failed} makes it. The error is then thrown on, so that the
   * loop logs it: it is a bug or a broken installation, not the host's doing.
   */
  static void own(CompletableFuture<?> future, Runnable task, Consumer<Error> failed) {
    try {
      task.run();
    } catch (RuntimeException refused) {
      future.completeExceptionally(refused);
    } catch (Error broken) {
      failed.accept(broken);
      throw broken;
    }
  }

  /** The host's view of a gateway task that failed with {@code broken}. */
  static HostException internal(Throwable broken) {
    HostException failure =
        new HostException(HostErrorCode.INTERNAL, "The gateway failed: " + broken);
    failure.initCause(broken);
    return failure;
  }

  /** The outcome of a call whose gateway task failed with {@code broken}. */
  static CallResult internalOutcome(String tool, Throwable broken) {
    return CallResult.of(
        ToolOutcome.failure(
            ToolErrorCode.INTERNAL, "Tool '" + tool + "': the gateway failed: " + broken));
  }

  /** Ends every future still pending as its kind ends when the gateway stops. Any thread. */
  void endAll() {
    for (Runnable end : open.values()) {
      end.run();
    }
  }
}
