package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.http.HttpRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What MCP's Streamable HTTP asks of a request before a session sees it: the path and method,
 * {@code Accept} and {@code Content-Type}, a body that is one JSON-RPC message, {@code
 * Mcp-Session-Id} where one is needed and a {@code MCP-Protocol-Version} we speak. Pure: a request
 * in, the error it gets (or its message) out; nothing here knows tokens or sessions.
 *
 * <p>{@code Host} and {@code Origin} are not here: the server checks them before any route sees a
 * request.
 */
final class McpHttpNegotiation {

  static final String PROTOCOL_HEADER = "MCP-Protocol-Version";
  static final String EVENT_STREAM = "text/event-stream";

  /**
   * The protocol a client that sends no {@code MCP-Protocol-Version} is taken to speak (MCP
   * 2025-06-18).
   */
  static final String ASSUMED_PROTOCOL = "2025-03-26";

  private McpHttpNegotiation() {}

  /** A POSTed body read: its message, or the error it gets; exactly one is not null. */
  record Body(JsonNode tree, McpSchema.JSONRPCMessage message, McpHttpError error) {

    /** {@return whether the message is {@code initialize}, which opens a session} */
    boolean isInitialize() {
      return message instanceof McpSchema.JSONRPCRequest r
          && McpSchema.METHOD_INITIALIZE.equals(r.method());
    }
  }

  /** {@return 404 for a request off {@link McpHttpFrontDoor#PATH}} */
  static Optional<McpHttpError> offPath(HttpRequest request) {
    if (request.path().equals(McpHttpFrontDoor.PATH)) {
      return Optional.empty();
    }
    return Optional.of(
        new McpHttpError(
            404,
            null,
            McpHttpError.TRANSPORT,
            "Not Found: the MCP endpoint is " + McpHttpFrontDoor.PATH,
            Map.of()));
  }

  /** {@return 405 for a method other than {@code POST}, {@code GET} and {@code DELETE}} */
  static Optional<McpHttpError> unknownMethod(HttpRequest request) {
    return switch (request.method()) {
      case "POST", "GET", "DELETE" -> Optional.empty();
      default ->
          Optional.of(
              new McpHttpError(
                  405,
                  null,
                  McpHttpError.TRANSPORT,
                  "Method Not Allowed: POST, GET or DELETE",
                  Map.of("Allow", "GET, POST, DELETE")));
    };
  }

  /**
   * {@return 406 for a {@code POST} that does not take both JSON and an event stream, 415 for a
   * body that is not JSON by its {@code Content-Type}}
   */
  static Optional<McpHttpError> postHeaders(HttpRequest request) {
    // The client must take both: the server chooses per request (MCP: Sending messages, item 2).
    if (!accepts(request, McpHttpSession.JSON) || !accepts(request, EVENT_STREAM)) {
      return Optional.of(
          McpHttpError.of(
              406, "Not Acceptable: Accept must list application/json and text/event-stream"));
    }
    String type = request.header("Content-Type").map(McpHttpNegotiation::essence).orElse("");
    if (!type.equals(McpHttpSession.JSON)) {
      return Optional.of(
          McpHttpError.of(415, "Unsupported Media Type: the body must be application/json"));
    }
    return Optional.empty();
  }

  /** {@return 406 for a {@code GET} that does not take an event stream} */
  static Optional<McpHttpError> getHeaders(HttpRequest request) {
    if (accepts(request, EVENT_STREAM)) {
      return Optional.empty();
    }
    return Optional.of(McpHttpError.of(406, "Not Acceptable: GET opens a text/event-stream"));
  }

  /**
   * A POSTed body as one MCP message: 400 with JSON-RPC's parse error for a body that is not JSON,
   * 400 Invalid Request (with the id, when it has one) for JSON past the line guard's bounds or not
   * an MCP message.
   */
  static Body body(HttpRequest request) {
    JsonNode tree;
    try {
      tree = Json.MAPPER.readTree(request.body());
    } catch (IOException e) {
      return refused(
          new McpHttpError(
              400, null, McpHttpError.PARSE_ERROR, "Parse error: the body is not JSON", Map.of()));
    }
    String problem = JsonRpcLineGuard.problemOf(tree);
    if (problem != null) {
      JsonNode id = tree != null && tree.isObject() ? tree.get("id") : null;
      return refused(
          new McpHttpError(
              400,
              id == null ? null : Json.plain(id),
              McpHttpError.INVALID_REQUEST,
              "Invalid Request: " + problem,
              Map.of()));
    }
    try {
      // The body as it came (valid UTF-8: it parsed), as the stdio path hands the SDK its line:
      // not the tree written out again for the SDK to parse a third time.
      return new Body(
          tree, McpSchema.deserializeJsonRpcMessage(Json.MCP, request.bodyText()), null);
    } catch (IOException | RuntimeException e) {
      return refused(
          new McpHttpError(
              400,
              null,
              McpHttpError.INVALID_REQUEST,
              "Invalid Request: not an MCP message",
              Map.of()));
    }
  }

  private static Body refused(McpHttpError error) {
    return new Body(null, null, error);
  }

  /**
   * {@return 400 for an {@code initialize} that names a session: it opens a new one}
   *
   * @param initialize the {@code initialize} request
   */
  static Optional<McpHttpError> initializeHeaders(
      HttpRequest request, McpSchema.JSONRPCRequest initialize) {
    if (request.header(McpHttpSession.SESSION_HEADER).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new McpHttpError(
            400,
            initialize.id(),
            McpHttpError.INVALID_REQUEST,
            "Invalid Request: initialize opens a new session and is sent without Mcp-Session-Id",
            Map.of()));
  }

  /**
   * {@return 400 for a request to a session without {@code Mcp-Session-Id} or with a protocol
   * version we do not speak (none is taken as {@link #ASSUMED_PROTOCOL})}
   */
  static Optional<McpHttpError> sessionHeaders(HttpRequest request) {
    if (request.header(McpHttpSession.SESSION_HEADER).isEmpty()) {
      return Optional.of(
          McpHttpError.of(
              400, "Bad Request: Mcp-Session-Id is required (send initialize first to get one)"));
    }
    String version = request.header(PROTOCOL_HEADER).orElse(ASSUMED_PROTOCOL);
    if (!HttpSessionTransport.PROTOCOL_VERSIONS.contains(version)) {
      return Optional.of(
          McpHttpError.of(
              400,
              "Bad Request: unsupported MCP-Protocol-Version "
                  + shorten(version)
                  + "; supported: "
                  + String.join(", ", HttpSessionTransport.PROTOCOL_VERSIONS)));
    }
    return Optional.empty();
  }

  /**
   * Whether the request's {@code Accept} takes {@code type}: a range naming it, its family or
   * {@code *}{@code /*}, without {@code q=0}. A request without {@code Accept} takes anything (RFC
   * 9110).
   */
  static boolean accepts(HttpRequest request, String type) {
    Optional<String> accept = request.header("Accept");
    if (accept.isEmpty()) {
      return true;
    }
    String family = type.substring(0, type.indexOf('/')) + "/*";
    for (String range : accept.get().split(",")) {
      String media = essence(range);
      if ((media.equals(type) || media.equals(family) || media.equals("*/*")) && !refused(range)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a media range carries {@code q=0}: "not acceptable". */
  private static boolean refused(String range) {
    String[] parameters = range.split(";");
    for (int i = 1; i < parameters.length; i++) {
      String parameter = parameters[i].strip().toLowerCase(Locale.ROOT);
      if (parameter.startsWith("q=")) {
        try {
          return Double.parseDouble(parameter.substring(2)) == 0;
        } catch (NumberFormatException e) {
          return false;
        }
      }
    }
    return false;
  }

  /** A media type without its parameters, lower case. */
  static String essence(String mediaType) {
    int semicolon = mediaType.indexOf(';');
    return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon))
        .strip()
        .toLowerCase(Locale.ROOT);
  }

  private static String shorten(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }
}
