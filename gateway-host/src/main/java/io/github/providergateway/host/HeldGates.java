package io.github.providergateway.host;

import io.github.providergateway.host.protocol.HeldGate;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What serves {@code gates.held} and {@code gates.release} ({@link HostService.Builder#heldGates}):
 * the host that keeps the home's record of gates (the reference app), which holds a provider's
 * fail-closed gates and static denies in force after a gateway stopped or crashed until that
 * provider binds again (docs/agents.md). A person releases a gate whose provider is gone for good.
 */
public interface HeldGates {

  /**
   * The gates held now. Called on the gateway loop: it must not block.
   *
   * @return completes, on any thread, with the held gates, in the order they began to be held
   */
  CompletableFuture<List<HeldGate>> held();

  /**
   * Releases held gates: the provider's gate {@code gateId} (its every held rule when null), for
   * {@code project} (every project when null). Called on the gateway loop: it must not block.
   *
   * @param provider the provider whose gates to release
   * @param gateId one gate's id, or null for all of the provider's held rules
   * @param project one project, or null for all
   * @return completes with what was released (empty when nothing matched)
   */
  CompletableFuture<List<HeldGate>> release(String provider, String gateId, String project);
}
