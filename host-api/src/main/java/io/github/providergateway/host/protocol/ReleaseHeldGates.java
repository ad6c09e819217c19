package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ours: {@code gates.release}, a person retires held gates whose provider is gone for good: the
 * provider's gate {@code gateId} (every rule it holds when absent), for {@code project} (every
 * project when absent). Reply: {@code released}, the {@link HeldGate}s no longer held (empty when
 * nothing matched).
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param provider the provider whose held gates to release
 * @param gateId one gate's id; {@code null} for every rule the provider holds
 * @param project one project (a session's cwd); {@code null} for every project
 */
public record ReleaseHeldGates(JsonNode id, String provider, String gateId, String project)
    implements HostCommand {

  /**
   * Checks the fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param provider the provider; not null or empty
   * @param gateId one gate's id, or {@code null}; not empty
   * @param project one project, or {@code null}; not empty
   * @throws IllegalArgumentException when {@code provider} is missing or a field is empty
   */
  public ReleaseHeldGates {
    Checks.nonEmpty(provider, "provider");
    if (gateId != null) {
      Checks.nonEmpty(gateId, "gateId");
    }
    if (project != null) {
      Checks.nonEmpty(project, "project");
    }
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.GATES_RELEASE;
  }
}
