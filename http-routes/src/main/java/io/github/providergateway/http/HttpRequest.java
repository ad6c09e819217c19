package io.github.providergateway.http;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP request as an {@link HttpRoute} sees it.
 *
 * @param method the method in upper case ({@code GET}, {@code POST}, ...)
 * @param path the path, without the query ({@code /status/events})
 * @param query the raw query string without {@code ?}, empty when there is none
 * @param headers the headers by lower-case name; of a repeated header, the first value
 * @param body the body, empty when there is none; the array is the request's own, not a copy
 * @param peer the far end's address and port as the server's socket sees it, or null when the
 *     carrier cannot say (a Unix socket, a test): a route that acts for the person asks who that is
 *     (issue 75)
 * @param local the server's own address and port of the connection, or null likewise
 */
public record HttpRequest(
    String method,
    String path,
    String query,
    Map<String, String> headers,
    byte[] body,
    InetSocketAddress peer,
    InetSocketAddress local) {

  /**
   * Checks and copies the request.
   *
   * @param method the method; not null
   * @param path the path; not null
   * @param query the query, or null for none
   * @param headers the headers by lower-case name; copied
   * @param body the body, or null for none
   * @param peer the far end's address, or null when unknown
   * @param local the server's own address, or null when unknown
   */
  public HttpRequest {
    requireNonNull(method, "method");
    requireNonNull(path, "path");
    query = query == null ? "" : query;
    headers = Map.copyOf(headers);
    body = body == null ? new byte[0] : body;
  }

  /**
   * A request from a carrier that cannot say who sent it (a Unix socket, a test).
   *
   * @param method the method; not null
   * @param path the path; not null
   * @param query the query, or null for none
   * @param headers the headers by lower-case name; copied
   * @param body the body, or null for none
   */
  public HttpRequest(
      String method, String path, String query, Map<String, String> headers, byte[] body) {
    this(method, path, query, headers, body, null, null);
  }

  /**
   * This request with {@code body}: the head read first, the body after it.
   *
   * @param body the body, or null for none
   * @return the request with it
   */
  public HttpRequest withBody(byte[] body) {
    return new HttpRequest(method, path, query, headers, body, peer, local);
  }

  /**
   * A header's value.
   *
   * @param name its name, in any case
   * @return its first value, or empty when absent
   */
  public Optional<String> header(String name) {
    return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
  }

  /**
   * A query parameter's value, percent-decoded.
   *
   * @param name its name
   * @return its first value (empty text for a bare {@code ?name}), or empty when absent
   */
  public Optional<String> queryParameter(String name) {
    if (query.isEmpty()) {
      return Optional.empty();
    }
    for (String pair : query.split("&")) {
      int equals = pair.indexOf('=');
      String key = decode(equals < 0 ? pair : pair.substring(0, equals));
      if (key.equals(name)) {
        return Optional.of(equals < 0 ? "" : decode(pair.substring(equals + 1)));
      }
    }
    return Optional.empty();
  }

  /**
   * A cookie the client sent.
   *
   * @param name its name
   * @return its value, or empty when the {@code Cookie} header does not carry it
   */
  public Optional<String> cookie(String name) {
    String cookies = headers.get("cookie");
    if (cookies == null) {
      return Optional.empty();
    }
    for (String pair : cookies.split(";")) {
      int equals = pair.indexOf('=');
      if (equals > 0 && pair.substring(0, equals).strip().equals(name)) {
        return Optional.of(pair.substring(equals + 1).strip());
      }
    }
    return Optional.empty();
  }

  /** {@return the body as UTF-8 text} */
  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text; // a malformed %-escape: taken as it stands, which matches no name we issue
    }
  }
}
