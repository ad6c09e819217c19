package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An event this library does not know (from a newer gateway), kept whole.
 *
 * @param event the {@code event} name
 * @param json the whole event as received
 */
public record UnknownHostEvent(String event, ObjectNode json) implements HostEvent {

  /**
   * Checks the required fields.
   *
   * @param event the {@code event} name
   * @param json the whole event as received
   * @throws NullPointerException when {@code event} or {@code json} is null
   */
  public UnknownHostEvent {
    requireNonNull(event, "event");
    requireNonNull(json, "json");
  }
}
