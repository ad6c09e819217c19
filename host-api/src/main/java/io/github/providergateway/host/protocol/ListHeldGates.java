package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ours: {@code gates.held}, the gates the gateway keeps in force although the provider that owns
 * them is not bound ({@link HeldGate}). Reply: {@code gates}, in the order they began to be held.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record ListHeldGates(JsonNode id) implements HostCommand {

  @Override
  public HostCommandType type() {
    return HostCommandType.GATES_HELD;
  }
}
