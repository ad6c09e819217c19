package io.github.providergateway.protocol;

import java.util.List;

/**
 * {@code filter.set}: replace the filter of one of the provider's own streams. Rules are tried in
 * order and the first match decides.
 *
 * <pre>
 * {@code {"type":"filter.set","stream":"git-watch","rules":[{"match":"behind=0","outcome":"drop"}]}}
 * </pre>
 *
 * @param requestId correlation id for the {@code ack}, optional
 * @param sessionId the one session to change; {@code null} for every bound session
 * @param stream the stream; {@code null} means the stream named after the provider
 * @param rules the new rules; an empty list removes the filter
 */
public record FilterSet(String requestId, String sessionId, String stream, List<FilterRule> rules)
    implements StateUpdate, ProviderMessage {

  /**
   * Checks the required fields and copies the collections.
   *
   * @param requestId correlation id for the {@code ack}, optional
   * @param sessionId the one session to change; {@code null} for every bound session
   * @param stream the stream; {@code null} means the stream named after the provider
   * @param rules the new rules; an empty list removes the filter; copied
   * @throws NullPointerException when {@code rules} is null
   */
  public FilterSet {
    rules = List.copyOf(Require.present(rules, "rules"));
    if (stream != null) {
      Require.nonEmpty(stream, "stream");
    }
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.FILTER_SET;
  }
}
