package io.github.providergateway.host.api;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/** Runs a {@link PersonCheck} on an executor: a check that throws, or is refused, refuses. */
final class PersonChecks {

  private PersonChecks() {}

  static CompletableFuture<Optional<String>> run(
      Supplier<Optional<String>> check, Executor executor) {
    CompletableFuture<Optional<String>> refusal = new CompletableFuture<>();
    try {
      executor.execute(
          () -> {
            try {
              Optional<String> answer = check.get();
              refusal.complete(answer == null ? Optional.of("who asks could not be told") : answer);
            } catch (RuntimeException | Error e) {
              refusal.complete(Optional.of("who asks could not be told (" + e + ")"));
            }
          });
    } catch (RejectedExecutionException full) {
      refusal.complete(
          Optional.of("too many checks of who asks are waiting; try again in a moment"));
    }
    return refusal;
  }
}
