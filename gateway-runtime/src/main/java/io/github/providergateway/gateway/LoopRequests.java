package io.github.providergateway.gateway;

import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.loop.SerialExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs what callers of the {@link Gateway} and its views ask for on the gateway loop, and hands
 * back futures that always complete ({@link HostFutures}): the one way every public method reaches
 * the engine. Any thread.
 */
final class LoopRequests {

  private final SerialExecutor loop;

  /** The futures handed out that have not completed: none is left pending by a stop. */
  private final HostFutures futures;

  LoopRequests(SerialExecutor loop, HostFutures futures) {
    this.loop = loop;
    this.futures = futures;
  }

  /** {@return a future of what {@code action} returns, run on the loop} */
  <T> CompletableFuture<T> get(Supplier<T> action) {
    CompletableFuture<T> future = futures.request();
    submit(
        future,
        () -> HostFutures.own(future, () -> future.complete(action.get()), failedWith(future)));
    return future;
  }

  /** {@return a future that completes as the future {@code action} returns, run on the loop} */
  <T> CompletableFuture<T> getAsync(Supplier<CompletableFuture<T>> action) {
    CompletableFuture<T> future = futures.request();
    submit(
        future,
        () -> HostFutures.own(future, () -> relay(action.get(), future), failedWith(future)));
    return future;
  }

  /** {@return a future that completes once {@code action} has run on the loop} */
  CompletableFuture<Void> run(Runnable action) {
    return get(
        () -> {
          action.run();
          return null;
        });
  }

  /**
   * Runs {@code task} on the loop with nobody waiting for it; once the gateway has stopped, there
   * is nothing left for it to change, and it is dropped.
   */
  void tell(Runnable task) {
    try {
      loop.execute(task);
    } catch (RejectedExecutionException stopped) {
      // The gateway stopped: its sessions, questions and restarts are gone with it.
    }
  }

  private static Consumer<Error> failedWith(CompletableFuture<?> future) {
    return broken -> future.completeExceptionally(HostFutures.internal(broken));
  }

  /**
   * Runs {@code task}, the work {@code future} waits for, on the loop; once the gateway has stopped
   * its loop refuses, and the request is refused as closed (HostApi: a refused request completes
   * exceptionally with {@link HostException}).
   */
  void submit(CompletableFuture<?> future, Runnable task) {
    try {
      loop.execute(task);
    } catch (RejectedExecutionException stopped) {
      future.completeExceptionally(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "The gateway has stopped"));
    }
  }

  /** Completes {@code to} as {@code from} completes. */
  static <T> void relay(CompletableFuture<T> from, CompletableFuture<T> to) {
    from.whenComplete(
        (value, error) -> {
          if (error != null) {
            to.completeExceptionally(error);
          } else {
            to.complete(value);
          }
        });
  }
}
