package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.http.HttpRequest;
import io.modelcontextprotocol.modern.server.transport.McpHeaderDecoder;
import java.util.Optional;

/**
 * What Streamable HTTP adds to a 2026-07-28 request and its error (issue 81): the HTTP status of a
 * JSON-RPC error, and the standard headers that must agree with the body. Both as the MCP Java
 * SDK's own modern servlet transport ({@code HttpServletMcpTransport} 2.2.0) has them, which the
 * official conformance suite's {@code server-stateless} checks (docs/conformance.md X-CONF-3):
 *
 * <ul>
 *   <li>{@code 400 Bad Request} for a request that is itself wrong: parse error, invalid request,
 *       invalid params (a {@code _meta} without its required fields among them), header mismatch
 *       ({@code -32020}), missing client capability ({@code -32021}), unsupported version ({@code
 *       -32022}); {@code 404 Not Found} for a method the server does not have ({@code -32601}, the
 *       legacy era's {@code initialize}, {@code ping}, {@code logging/setLevel} and {@code
 *       resources/subscribe} among them); {@code 200} for the rest (an error inside the server);
 *   <li>a {@code MCP-Protocol-Version}, {@code Mcp-Method} or {@code Mcp-Name} header that names
 *       something else than the body ({@code _meta}'s protocol version, the method, the tool's or
 *       prompt's name or the resource's URI) is refused with {@code -32020} before anything else
 *       (so a mismatched version is a mismatch, not an unsupported version). Unlike the SDK's
 *       transport, a header that is absent is not required: clients of this era that send none (the
 *       shell window's relay, hand-written scripts) keep being served; decision 114.
 * </ul>
 */
final class ModernHttpRules {
  private ModernHttpRules() {}

  /** JSON-RPC's code for a header that disagrees with the body. */
  static final int HEADER_MISMATCH = -32020;

  /** The HTTP status of a modern answer that is the JSON-RPC error {@code code}. */
  static int status(int code) {
    return switch (code) {
      case -32700, -32600, -32602, HEADER_MISMATCH, -32021, -32022 -> 400;
      case -32601 -> 404;
      default -> 200;
    };
  }

  /**
   * Why {@code request}'s standard headers disagree with {@code tree}, its JSON-RPC message, if
   * they do.
   */
  static Optional<String> headerMismatch(HttpRequest request, JsonNode tree) {
    String method = tree.path("method").asText(null);
    Optional<String> named = request.header("Mcp-Method");
    if (named.isPresent() && !named.get().equals(method)) {
      return Optional.of("Mcp-Method header does not match the request's method");
    }
    JsonNode version = tree.path("params").path("_meta").path(ModernEra.PROTOCOL_VERSION_KEY);
    Optional<String> header = request.header(ModernEra.VERSION_HEADER);
    // In a legacy session (a window's request after its initialize) the header is the session's
    // agreed version, not this request's: the two eras share the window's session (decision 112).
    boolean inLegacySession = request.header(McpHttpSession.SESSION_HEADER).isPresent();
    if (version.isTextual()
        && header.isPresent()
        && !inLegacySession
        && !header.get().equals(version.textValue())) {
      return Optional.of("MCP-Protocol-Version header does not match _meta protocol version");
    }
    String field =
        switch (method == null ? "" : method) {
          case "tools/call", "prompts/get" -> "name";
          case "resources/read" -> "uri";
          default -> null;
        };
    Optional<String> name = request.header("Mcp-Name");
    JsonNode value = field == null ? null : tree.path("params").path(field);
    if (value != null && value.isTextual() && name.isPresent()) {
      String decoded;
      try {
        decoded = McpHeaderDecoder.decodeValue(name.get());
      } catch (RuntimeException e) {
        return Optional.of("Mcp-Name header has a malformed value");
      }
      if (!value.textValue().equals(decoded)) {
        return Optional.of("Mcp-Name header does not match the request's " + field);
      }
    }
    return Optional.empty();
  }
}
