package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * An HTTP error of the MCP front door: a status with a JSON-RPC error as its body, as the
 * TypeScript SDK's server answers them. A value, so that the checks that decide it ({@link
 * McpHttpNegotiation}, {@link McpHttpAuthentication}, {@link McpHttpSessions}) are pure and the
 * front door alone sends it.
 *
 * @param status the HTTP status
 * @param id the JSON-RPC id of the request it answers, or null when none is known
 * @param code the JSON-RPC error code
 * @param message the error's message, for the client's user
 * @param headers extra response headers ({@code WWW-Authenticate}, {@code Allow})
 */
record McpHttpError(int status, Object id, int code, String message, Map<String, String> headers) {

  /** JSON-RPC's code for a body that is not JSON. */
  static final int PARSE_ERROR = JsonRpcLineGuard.PARSE_ERROR;

  /** JSON-RPC's code for JSON that is not a request. */
  static final int INVALID_REQUEST = JsonRpcLineGuard.INVALID_REQUEST;

  /** The SDKs' code for a refusal of the transport: a header, a bound, a method. */
  static final int TRANSPORT = -32000;

  /** The SDKs' code for no such session and no credentials. */
  static final int NOT_FOUND = -32001;

  McpHttpError {
    headers = Map.copyOf(headers);
  }

  /** {@return an error of the transport, for a request whose id is not known} */
  static McpHttpError of(int status, String message) {
    return new McpHttpError(status, null, TRANSPORT, message, Map.of());
  }

  /** {@return the answer to a request naming an unknown or ended session, or another's} */
  static McpHttpError sessionNotFound() {
    // MCP: a request with an unknown or ended session's id gets 404; the client starts a new one.
    return new McpHttpError(
        404,
        null,
        NOT_FOUND,
        "Session not found: it ended or expired; send initialize for a new one",
        Map.of());
  }

  /** Sends this error as the reply. */
  void send(HttpReply reply) {
    reply.send(status, McpHttpSession.JSON, headers, body());
  }

  /** {@return this error as a refusal, for a request whose body is not read yet} */
  HttpRefusal refusal() {
    return new HttpRefusal(status, McpHttpSession.JSON, headers, body());
  }

  private byte[] body() {
    ObjectNode body = Json.MAPPER.createObjectNode();
    body.put("jsonrpc", McpSchema.JSONRPC_VERSION);
    body.set("id", Json.tree(id));
    body.putObject("error").put("code", code).put("message", message);
    return Json.text(body).getBytes(StandardCharsets.UTF_8);
  }
}
