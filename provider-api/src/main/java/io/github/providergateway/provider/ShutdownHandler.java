package io.github.providergateway.provider;

import io.github.providergateway.protocol.SessionLifecycle;
import java.util.concurrent.CompletionStage;

/**
 * Cleans up when a bound session ends ({@code session.lifecycle shutdown.pending}). The runtime
 * sends {@code shutdown.ready} for that session once the returned stage completes, whether it
 * succeeds or fails. The gateway tears the session down at {@link SessionLifecycle#deadline()}
 * anyway; a {@code shutdown.ready} sent after that is too late and changes nothing.
 */
@FunctionalInterface
public interface ShutdownHandler {

  /** Starts cleaning up for the ending session; called on the provider's executor. */
  CompletionStage<Void> prepare(SessionLifecycle shutdown);
}
