package io.github.providergateway.protocol;

import java.util.List;

/**
 * {@code stream.query}: read recent events of streams, answered by {@code stream.history}.
 *
 * <pre>{@code {"type":"stream.query","queryId":"q-1","streams":["ci-watch@ci-watcher"],"last":10}}
 * </pre>
 *
 * @param queryId echoed in the answer
 * @param sessionId the session whose streams to read; required from {@code "all"}-bound providers
 * @param streams names as {@code stream@provider}, or bare for the provider's own streams
 * @param last how many of the newest events per stream (at most 100 for providers); {@code null}
 *     for the most allowed
 */
public record StreamQuery(String queryId, String sessionId, List<String> streams, Integer last)
    implements SessionScoped, ProviderMessage {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param queryId echoed in the answer
   * @param sessionId the session whose streams to read; required from {@code "all"}-bound providers
   * @param streams names as {@code stream@provider}, or bare for the provider's own streams; copied
   * @param last how many of the newest events per stream (at most 100 for providers); {@code null}
   *     for the most allowed
   * @throws NullPointerException when {@code queryId} or {@code streams} is null
   * @throws IllegalArgumentException when {@code queryId} is empty, or {@code streams} holds an
   *     empty string, or {@code last} is negative
   */
  public StreamQuery {
    Require.nonEmpty(queryId, "queryId");
    streams = List.copyOf(Require.present(streams, "streams"));
    Require.noEmptyStrings(streams, "streams");
    if (last != null && last < 0) {
      throw new IllegalArgumentException("last must not be negative, was " + last);
    }
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.STREAM_QUERY;
  }
}
