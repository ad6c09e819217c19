package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** An event this library does not know (from a newer gateway), kept whole. */
public record UnknownHostEvent(String event, ObjectNode json) implements HostEvent {

  public UnknownHostEvent {
    requireNonNull(event, "event");
    requireNonNull(json, "json");
  }
}
