package io.github.providergateway.agent.internal;

import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The bearer token of an HTTP request (RFC 6750) and the challenge that refuses one: shared by the
 * doors on the gateway's port that admit named clients (the MCP front door, the HTTP hooks).
 */
public final class BearerTokens {

  /** More than any token issued here; a longer one is no token of ours and is not hashed. */
  private static final int MAX_TOKEN_CHARS = 256;

  private BearerTokens() {}

  /**
   * The token of the request's {@code Authorization: Bearer <token>} header.
   *
   * @param request the request
   * @return the token, or empty when there is none (or it is empty or too long to be one of ours)
   */
  public static Optional<String> of(HttpRequest request) {
    return request
        .header("Authorization")
        .map(String::strip)
        .filter(value -> value.regionMatches(true, 0, "Bearer ", 0, 7))
        .map(value -> value.substring(7).strip())
        .filter(token -> !token.isEmpty() && token.length() <= MAX_TOKEN_CHARS);
  }

  /**
   * The {@code WWW-Authenticate} value for a request that has no admitted token: the challenge
   * alone without credentials, with {@code invalid_token} for a token that is unknown or revoked.
   *
   * @param request the request refused
   * @return the header's value
   */
  public static String challenge(HttpRequest request) {
    return of(request).isEmpty()
        ? "Bearer realm=\"provider-gateway\""
        : "Bearer realm=\"provider-gateway\", error=\"invalid_token\", error_description=\"unknown or revoked token\"";
  }

  /**
   * A 401 refusal with the challenge and a line of text saying how to get a token.
   *
   * @param request the request refused
   * @param howToGetOne what the client's person runs for a token
   * @return the refusal
   */
  public static HttpRefusal unauthorized(HttpRequest request, String howToGetOne) {
    return new HttpRefusal(
        401,
        "text/plain; charset=utf-8",
        Map.of("WWW-Authenticate", challenge(request)),
        ("Unauthorized: send Authorization: Bearer <token>; get a token with: "
                + howToGetOne
                + "\n")
            .getBytes(StandardCharsets.UTF_8));
  }
}
