package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.http.HttpRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The front door's header and body rules, without a server, a token or a session. */
class McpHttpNegotiationTest {

  private static final String BOTH = "application/json, text/event-stream";

  @Test
  void aRequestOffTheMcpPathIs404AndOnItGoesOn() {
    assertThat(McpHttpNegotiation.offPath(request("POST", "/other", Map.of(), "")))
        .get()
        .extracting(McpHttpError::status)
        .isEqualTo(404);
    assertThat(McpHttpNegotiation.offPath(request("POST", "/mcp", Map.of(), ""))).isEmpty();
  }

  @Test
  void onlyPostGetAndDeletePassAndAnotherMethodIs405WithAllow() {
    for (String method : new String[] {"POST", "GET", "DELETE"}) {
      assertThat(McpHttpNegotiation.unknownMethod(request(method, "/mcp", Map.of(), ""))).isEmpty();
    }
    McpHttpError put =
        McpHttpNegotiation.unknownMethod(request("PUT", "/mcp", Map.of(), "")).orElseThrow();
    assertThat(put.status()).isEqualTo(405);
    assertThat(put.headers()).containsEntry("Allow", "GET, POST, DELETE");
  }

  @Test
  void aPostMustTakeJsonAndAnEventStreamAndSendJson() {
    assertThat(status(McpHttpNegotiation.postHeaders(post(Map.of("accept", BOTH))))).isEmpty();
    assertThat(status(McpHttpNegotiation.postHeaders(post(Map.of("accept", "application/json")))))
        .contains(406);
    assertThat(
            status(
                McpHttpNegotiation.postHeaders(
                    request(
                        "POST",
                        "/mcp",
                        Map.of("accept", BOTH, "content-type", "text/plain"),
                        "{}"))))
        .contains(415);
    assertThat(
            status(
                McpHttpNegotiation.postHeaders(
                    request(
                        "POST",
                        "/mcp",
                        Map.of("accept", BOTH, "content-type", "Application/JSON; charset=utf-8"),
                        "{}"))))
        .isEmpty();
  }

  @Test
  void acceptTakesFamiliesAndWildcardsButNotQZeroAndNoAcceptTakesAnything() {
    assertThat(accepts("text/*", "text/event-stream")).isTrue();
    assertThat(accepts("*/*", "application/json")).isTrue();
    assertThat(accepts("application/json;q=0", "application/json")).isFalse();
    assertThat(accepts("application/json; q=0.5", "application/json")).isTrue();
    assertThat(accepts("application/json;q=nonsense", "application/json")).isTrue();
    assertThat(accepts("text/html", "application/json")).isFalse();
    assertThat(McpHttpNegotiation.accepts(request("GET", "/mcp", Map.of(), ""), "text/html"))
        .isTrue();
  }

  @Test
  void aGetMustTakeAnEventStream() {
    assertThat(
            status(
                McpHttpNegotiation.getHeaders(
                    request("GET", "/mcp", Map.of("accept", "application/json"), ""))))
        .contains(406);
    assertThat(
            McpHttpNegotiation.getHeaders(
                request("GET", "/mcp", Map.of("accept", "text/event-stream"), "")))
        .isEmpty();
  }

  @Test
  void aBodyThatIsNotJsonIsAParseErrorAndJsonThatIsNoMessageIsAnInvalidRequest() {
    McpHttpError notJson = McpHttpNegotiation.body(post(Map.of(), "{")).error();
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(notJson.code()).isEqualTo(McpHttpError.PARSE_ERROR);
    McpHttpError noMessage = McpHttpNegotiation.body(post(Map.of(), "[1, 2]")).error();
    assertThat(noMessage.code()).isEqualTo(McpHttpError.INVALID_REQUEST);
  }

  @Test
  void aBodyPastTheLineGuardIsAnInvalidRequestWithItsId() {
    int depth = JsonRpcLineGuard.MAX_DEPTH + 2;
    String deep = "[".repeat(depth) + "]".repeat(depth);
    McpHttpError error =
        McpHttpNegotiation.body(
                post(
                    Map.of(),
                    "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"x\",\"params\":{\"a\":"
                        + deep
                        + "}}"))
            .error();
    assertThat(error.code()).isEqualTo(McpHttpError.INVALID_REQUEST);
    assertThat(error.id()).isEqualTo(7);
  }

  @Test
  void anInitializeIsToldFromOtherMessages() {
    McpHttpNegotiation.Body initialize =
        McpHttpNegotiation.body(
            post(Map.of(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}"));
    assertThat(initialize.error()).isNull();
    assertThat(initialize.isInitialize()).isTrue();
    McpHttpNegotiation.Body list =
        McpHttpNegotiation.body(
            post(Map.of(), "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"));
    assertThat(list.isInitialize()).isFalse();
    McpHttpNegotiation.Body note =
        McpHttpNegotiation.body(
            post(Map.of(), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
    assertThat(note.message()).isInstanceOf(McpSchema.JSONRPCNotification.class);
    assertThat(note.isInitialize()).isFalse();
  }

  @Test
  void anInitializeNamingASessionIs400WithItsId() {
    McpSchema.JSONRPCRequest initialize =
        new McpSchema.JSONRPCRequest("2.0", McpSchema.METHOD_INITIALIZE, 5, null);
    McpHttpError error =
        McpHttpNegotiation.initializeHeaders(post(Map.of("mcp-session-id", "s")), initialize)
            .orElseThrow();
    assertThat(error.status()).isEqualTo(400);
    assertThat(error.id()).isEqualTo(5);
    assertThat(McpHttpNegotiation.initializeHeaders(post(Map.of()), initialize)).isEmpty();
  }

  @Test
  void aSessionRequestNeedsItsIdAndASupportedVersionAndNoVersionIsTheAssumedOne() {
    assertThat(status(McpHttpNegotiation.sessionHeaders(post(Map.of())))).contains(400);
    assertThat(McpHttpNegotiation.sessionHeaders(post(Map.of("mcp-session-id", "s")))).isEmpty();
    assertThat(HttpSessionTransport.PROTOCOL_VERSIONS)
        .contains(McpHttpNegotiation.ASSUMED_PROTOCOL);
    McpHttpError unknown =
        McpHttpNegotiation.sessionHeaders(
                post(
                    Map.of(
                        "mcp-session-id", "s", "mcp-protocol-version", "1999-" + "9".repeat(60))))
            .orElseThrow();
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.message())
        .contains("1999-" + "9".repeat(35) + "…")
        .doesNotContain("9".repeat(36));
    for (String version : HttpSessionTransport.PROTOCOL_VERSIONS) {
      assertThat(
              McpHttpNegotiation.sessionHeaders(
                  post(Map.of("mcp-session-id", "s", "mcp-protocol-version", version))))
          .isEmpty();
    }
  }

  private static boolean accepts(String accept, String type) {
    return McpHttpNegotiation.accepts(request("GET", "/mcp", Map.of("accept", accept), ""), type);
  }

  private static Optional<Integer> status(Optional<McpHttpError> error) {
    return error.map(McpHttpError::status);
  }

  private static HttpRequest post(Map<String, String> headers) {
    return post(headers, "{}");
  }

  private static HttpRequest post(Map<String, String> headers, String body) {
    Map<String, String> all = new HashMap<>(headers);
    all.putIfAbsent("content-type", "application/json");
    return request("POST", "/mcp", all, body);
  }

  private static HttpRequest request(
      String method, String path, Map<String, String> headers, String body) {
    return new HttpRequest(method, path, null, headers, body.getBytes(StandardCharsets.UTF_8));
  }
}
