package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code stream.query}. Reply: {@code streams}, newest first.
 *
 * @param streams names as {@code stream@provider}; at least one
 * @param last how many of each, or {@code null} for every retained event
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record QueryStreams(JsonNode id, String sessionId, List<String> streams, Integer last)
    implements HostCommand {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param streams names as {@code stream@provider}; at least one; copied
   * @param last how many of each, or {@code null} for every retained event
   * @throws IllegalArgumentException when {@code sessionId} is empty, or {@code streams} is empty,
   *     or {@code last} is negative
   */
  public QueryStreams {
    Checks.nonEmpty(sessionId, "sessionId");
    streams = List.copyOf(streams);
    if (streams.isEmpty()) {
      throw new IllegalArgumentException("field \"streams\" must name at least one stream");
    }
    if (last != null && last < 0) {
      throw new IllegalArgumentException("field \"last\" must not be negative, was " + last);
    }
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.STREAM_QUERY;
  }
}
