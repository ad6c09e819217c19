package io.github.providergateway.http;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The answer with which an {@link HttpRoute} turns a request away from its request line and headers
 * alone ({@link HttpRoute#admit}), before the server has read or held any of its body. The server
 * sends it as it sends a route's answers ({@code Cache-Control: no-store}, {@code
 * X-Content-Type-Options: nosniff}), adds {@code Connection: close}, and closes the connection once
 * it is written and what the client still sends of its body has been dropped: that body is never
 * held, charged to a budget or shown to the route.
 *
 * @param status the HTTP status, 400 to 599
 * @param contentType the body's media type, such as {@code text/plain; charset=utf-8}; null for an
 *     empty body
 * @param headers further headers, by name (a challenge such as {@code WWW-Authenticate})
 * @param body the body; the array is the refusal's own, not a copy
 */
public record HttpRefusal(
    int status, String contentType, Map<String, String> headers, byte[] body) {

  /**
   * Checks and copies the refusal.
   *
   * @param status 400 to 599: a refusal is a client or server error
   * @param contentType the media type, or null when {@code body} is empty
   * @param headers further headers; copied
   * @param body the body, or null for none
   * @throws IllegalArgumentException for a status outside 400 to 599, or a body without a type
   */
  public HttpRefusal {
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("a refusal's status is 400 to 599, was " + status);
    }
    headers = Map.copyOf(requireNonNull(headers, "headers"));
    body = body == null ? new byte[0] : body;
    if (contentType == null && body.length > 0) {
      throw new IllegalArgumentException("a refusal with a body needs its content type");
    }
  }

  /**
   * A refusal with a line of UTF-8 text and no further headers.
   *
   * @param status 400 to 599
   * @param text the body, sent as {@code text/plain; charset=utf-8}
   * @return the refusal
   */
  public static HttpRefusal text(int status, String text) {
    return new HttpRefusal(
        status, "text/plain; charset=utf-8", Map.of(), text.getBytes(StandardCharsets.UTF_8));
  }
}
