package io.github.providergateway.provider.spi;

import java.lang.System.Logger.Level;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * How the runtime calls provider code: callbacks whose failure is logged and goes no further, and
 * handlers whose stage, thrown exception or missing stage becomes one outcome handled back on the
 * loop. User code must never stop the runtime from keeping its protocol duties (one result per
 * call, {@code shutdown.ready}).
 */
final class UserCode {

  private static final System.Logger LOG = System.getLogger(UserCode.class.getName());

  private final String providerName;
  private final ProviderLoop loop;

  UserCode(String providerName, ProviderLoop loop) {
    this.providerName = providerName;
    this.loop = loop;
  }

  /** Runs a callback; its failure is logged at WARNING. */
  void run(String what, Runnable callback) {
    try {
      callback.run();
    } catch (StackOverflowError e) {
      LOG.log(Level.WARNING, providerName + ": " + what + " failed", e);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      // Any Error, or a checked exception thrown sneakily: the runtime's own duty after the
      // callback (answering shutdown.ready, say) must still be done.
      LOG.log(Level.WARNING, providerName + ": " + what + " failed", e);
    }
  }

  /**
   * Calls a handler. A thrown exception becomes a failed stage, and so does a {@code null} stage
   * (failing with {@code IllegalStateException(noStage)}).
   */
  <T> CompletionStage<T> invoke(Callable<? extends CompletionStage<T>> handler, String noStage) {
    CompletionStage<T> stage;
    try {
      stage = handler.call();
    } catch (StackOverflowError e) {
      return CompletableFuture.failedFuture(e); // the handler's own recursion: its call fails
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Exception | Error e) {
      return CompletableFuture.failedFuture(e);
    }
    return stage != null
        ? stage
        : CompletableFuture.failedFuture(new IllegalStateException(noStage));
  }

  /** Runs {@code then} on the loop once {@code stage} completes, with its cause unwrapped. */
  <T> void whenDone(CompletionStage<T> stage, BiConsumer<T, Throwable> then) {
    stage.whenComplete(
        (value, error) ->
            loop.execute(() -> then.accept(value, error == null ? null : unwrap(error))));
  }

  /** The exception a stage failed with, without the wrappers {@code CompletableFuture} adds. */
  static Throwable unwrap(Throwable thrown) {
    Throwable cause = thrown;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** Logs a handler's failure once, at WARNING. */
  void warn(String what, Throwable failure) {
    LOG.log(Level.WARNING, providerName + ": " + what, failure);
  }

  /** Logs at DEBUG what the runtime dropped, and why. */
  void debug(Supplier<String> message) {
    LOG.log(Level.DEBUG, () -> providerName + ": " + message.get());
  }
}
