package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One stored event of a stream, as {@code stream.history} reports it.
 *
 * @param ts when the gateway stored it
 * @param event the event text
 * @param level the level it was stored at, when known
 * @param metadata the push's metadata, when it had some
 */
public record StreamEntry(Instant ts, String event, PushLevel level, JsonNode metadata) {

  /**
   * Checks the required fields.
   *
   * @param ts when the gateway stored it
   * @param event the event text
   * @param level the level it was stored at, when known
   * @param metadata the push's metadata, when it had some
   * @throws NullPointerException when {@code ts} or {@code event} is null
   */
  public StreamEntry {
    Require.present(ts, "ts");
    Require.present(event, "event");
  }

  /**
   * An entry with time and text only.
   *
   * @param ts when the event was pushed
   * @param event its text
   * @return the entry
   */
  public static StreamEntry of(Instant ts, String event) {
    return new StreamEntry(ts, event, null, null);
  }
}
