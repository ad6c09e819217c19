package io.github.providergateway.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code stream.history}: the answer to a {@code stream.query}. Each requested stream, keyed by the
 * name the query used, maps to its entries, newest first.
 *
 * @param queryId the {@code queryId} of the {@code stream.query} it answers
 * @param streams each requested stream's name → its entries, newest first
 */
public record StreamHistory(String queryId, Map<String, List<StreamEntry>> streams)
    implements GatewayMessage {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param queryId the {@code queryId} of the {@code stream.query} it answers
   * @param streams each requested stream's name → its entries, newest first; copied
   * @throws NullPointerException when {@code queryId} or {@code streams} is null
   * @throws IllegalArgumentException when {@code queryId} is empty
   */
  public StreamHistory {
    Require.nonEmpty(queryId, "queryId");
    Map<String, List<StreamEntry>> copy = new LinkedHashMap<>();
    Require.present(streams, "streams")
        .forEach((name, entries) -> copy.put(name, List.copyOf(entries)));
    streams = Collections.unmodifiableMap(copy);
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.STREAM_HISTORY;
  }
}
