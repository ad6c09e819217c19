package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * {@code shutdown}: end every session and stop the gateway.
 *
 * @param deadline ours, {@code deadlineMs}: how long providers get to say goodbye; {@code null} for
 *     the default (10 s)
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 */
public record Shutdown(JsonNode id, Duration deadline) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param deadline ours, {@code deadlineMs}: how long providers get to say goodbye; {@code null}
   *     for the default (10 s)
   * @throws IllegalArgumentException when {@code deadline} is not positive
   */
  public Shutdown {
    Checks.positiveOrNull(deadline, "deadlineMs");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SHUTDOWN;
  }
}
