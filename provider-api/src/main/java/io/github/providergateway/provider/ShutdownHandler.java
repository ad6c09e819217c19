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

  /**
   * Starts cleaning up for the ending session; called on the provider's executor.
   *
   * @param shutdown the {@code shutdown.pending} lifecycle event, with the session and its deadline
   * @return completes when cleanup is done, successfully or not; then {@code shutdown.ready} is
   *     sent
   */
  CompletionStage<Void> prepare(SessionLifecycle shutdown);
}
