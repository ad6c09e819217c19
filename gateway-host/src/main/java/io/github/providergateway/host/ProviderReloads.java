package io.github.providergateway.host;

import io.github.providergateway.host.protocol.ReloadReport;
import java.util.concurrent.CompletableFuture;

/**
 * What serves {@code providers.reload} ({@link HostService.Builder#providerReloads}): the host that
 * spawns a project's providers (the reference app's {@code --config}) re-reads its config and
 * restarts them (docs/reference-app.md, "Reloading").
 */
@FunctionalInterface
public interface ProviderReloads {

  /**
   * Re-reads the config and restarts the entry {@code name}, or every entry when it is null;
   * entries added start, entries removed stop. Called on the gateway loop: it must not block.
   *
   * @param name a config entry's name, or null for all
   * @return completes, on any thread, once what was restarted or started is starting again; fails
   *     with {@link io.github.providergateway.host.api.HostException} {@code INVALID_ARGUMENT} when
   *     {@code name} is in neither the old nor the new config, {@code INVALID_CONFIG} when the
   *     config cannot be read (then nothing changed)
   */
  CompletableFuture<ReloadReport> reload(String name);
}
