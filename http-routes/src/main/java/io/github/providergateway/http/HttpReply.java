package io.github.providergateway.http;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * Where an {@link HttpRoute} answers one request: once, with {@link #send} or {@link #openEvents},
 * from any thread, at once or later. A second answer is a programming error and throws {@link
 * IllegalStateException}.
 *
 * <p>Every answer carries {@code Cache-Control: no-store} and {@code X-Content-Type-Options:
 * nosniff}, whatever the route adds.
 */
public interface HttpReply {

  /**
   * Answers with a whole body. Never blocks: the bytes go to the socket or its write queue.
   *
   * @param status the HTTP status
   * @param contentType the body's media type, such as {@code text/html; charset=utf-8}; null for
   *     none (an empty body)
   * @param headers further headers, by name
   * @param body the body
   * @throws IllegalStateException when the request was already answered
   */
  void send(int status, String contentType, Map<String, String> headers, byte[] body);

  /**
   * Answers with UTF-8 text and no further headers.
   *
   * @param status the HTTP status
   * @param contentType the media type, such as {@code text/plain; charset=utf-8}
   * @param text the body
   * @throws IllegalStateException when the request was already answered
   */
  default void send(int status, String contentType, String text) {
    send(status, contentType, Map.of(), text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Answers with a refusal's status, headers and body: what a route's {@link HttpRoute#handle}
   * sends when it finds again what its {@link HttpRoute#admit} would have refused.
   *
   * @param refusal the answer
   * @throws IllegalStateException when the request was already answered
   */
  default void send(HttpRefusal refusal) {
    send(refusal.status(), refusal.contentType(), refusal.headers(), refusal.body());
  }

  /**
   * Lets this request be answered after the server's handshake deadline (5 s from the accept),
   * which otherwise closes a connection whose answer has not come: for a request the route has
   * admitted with credentials and will answer within a bound of its own (a hook waiting for gates
   * that may take 5 s each). The connection then no longer counts among the pending handshakes; the
   * route must answer it (the client may still leave first), and should bound how many it holds so.
   * Does nothing once answered. The default does nothing, for replies with no deadline.
   */
  default void holdPastDeadline() {}

  /**
   * Answers 200 with an event stream ({@code text/event-stream}) that stays open until either side
   * closes it. The connection then no longer counts as a pending handshake: the server's cap on
   * event streams bounds it instead, and it gets a comment every 15 s so a dead client is noticed.
   *
   * @param headers further headers, by name
   * @return the stream, or empty when the server already holds its most event streams (the client
   *     then got 503)
   * @throws IllegalStateException when the request was already answered
   */
  Optional<ServerSentEvents> openEvents(Map<String, String> headers);
}
