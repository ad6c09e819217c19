package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code push}: an event the provider sends into a session, unasked.
 *
 * <pre>
 * {@code {"type":"push","stream":"ci-watch","event":"CI failed","level":"inject","metadata":{"runId":12345}}}
 * </pre>
 *
 * @param stream the stream to store it in; {@code null} means the stream named after the provider
 * @param sessionId the target session; required from {@code "all"}-bound providers unless {@code
 *     broadcast}
 * @param event the event text; may be absent only when {@code prompt} is present
 * @param prompt when present, the host starts an AI turn with this prompt
 * @param level how far the event travels (a stream filter may override it)
 * @param metadata structured data stored with the event (a JSON object)
 * @param broadcast from an {@code "all"}-bound provider: send to every session it is bound to
 */
public record Push(
    String stream,
    String sessionId,
    String event,
    String prompt,
    PushLevel level,
    JsonNode metadata,
    Boolean broadcast)
    implements SessionScoped, ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param stream the stream to store it in; {@code null} means the stream named after the provider
   * @param sessionId the target session; required from {@code "all"}-bound providers unless {@code
   *     broadcast}
   * @param event the event text; may be absent only when {@code prompt} is present
   * @param prompt when present, the host starts an AI turn with this prompt
   * @param level how far the event travels (a stream filter may override it)
   * @param metadata structured data stored with the event (a JSON object)
   * @param broadcast from an {@code "all"}-bound provider: send to every session it is bound to
   * @throws NullPointerException when {@code level} is null, or {@code event} is null without a
   *     {@code prompt}
   * @throws IllegalArgumentException when {@code event} (when present) or {@code stream} is empty,
   *     or {@code metadata} is not a JSON object
   */
  public Push {
    Require.present(level, "level");
    if (prompt == null) {
      Require.nonEmpty(event, "event");
    } else if (event != null) {
      Require.nonEmpty(event, "event");
    }
    if (stream != null) {
      Require.nonEmpty(stream, "stream");
    }
    if (metadata != null && !metadata.isObject()) {
      throw new IllegalArgumentException("metadata must be a JSON object");
    }
  }

  /**
   * An event at {@code level} on the provider's default stream.
   *
   * @param level how far the event travels
   * @param event the event's text
   * @return the message
   */
  public static Push event(PushLevel level, String event) {
    return new Push(null, null, event, null, level, null, null);
  }

  /**
   * An event at {@code level} on {@code stream}.
   *
   * @param stream the provider's stream to store it in
   * @param level how far the event travels
   * @param event the event's text
   * @return the message
   */
  public static Push event(String stream, PushLevel level, String event) {
    return new Push(stream, null, event, null, level, null, null);
  }

  /** {@return whether this push goes to every session of an {@code "all"}-bound provider} */
  public boolean isBroadcast() {
    return Boolean.TRUE.equals(broadcast);
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.PUSH;
  }
}
