package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * A blocking rule the gateway keeps in force for a project although the provider that owns it is
 * not bound there (docs/agents.md, "When the gateway stops or crashes"): a gate or a static deny of
 * a provider that was bound when the last gateway of the home stopped or crashed, held until that
 * provider binds again in a session of that project, leaves the home's configuration, or a person
 * releases it ({@code gates.release}).
 *
 * @param provider the provider that owns the rule
 * @param gateId the gate's id; null for a static deny
 * @param project the project it is held for: the cwd of the session it was registered in
 * @param since when it began to be held
 * @param why why it is held, for a person: {@code the gateway crashed}, {@code the gateway was
 *     stopped}
 */
public record HeldGate(String provider, String gateId, String project, Instant since, String why) {

  /**
   * Checks the fields.
   *
   * @param provider the provider that owns the rule; not null
   * @param gateId the gate's id; null for a static deny
   * @param project the project it is held for; not null
   * @param since when it began to be held; not null
   * @param why why it is held; not null
   * @throws NullPointerException when a required field is null
   */
  public HeldGate {
    requireNonNull(provider, "provider");
    requireNonNull(project, "project");
    requireNonNull(since, "since");
    requireNonNull(why, "why");
  }
}
