package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.SessionHost;
import io.modelcontextprotocol.modern.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A federated MCP server's questions to the agent's client during a call, in either era of either
 * side (decisions 132 and 134): one routing for {@link AgentSession#askClient}. A 2026-07-28 call
 * to that server waiting here ({@link ModernAsks}) gets the server's requests as its next {@code
 * input_required} round, several at once; otherwise the 2025-era session's client is asked each
 * request ({@link ElicitationChannel#forward}). What the client declared ({@link
 * SessionHost#CLIENT_CAPABILITIES}) is the waiting call's {@code _meta}, else the session's {@code
 * initialize}, so the server is asked for nothing the client cannot answer.
 *
 * <p>The gateway's own methods name the call they are about ({@code tool} as the agent named it,
 * its {@code arguments}), so that a server's round goes to the call it came during even while other
 * calls to the same server wait for their client.
 */
final class ClientQuestions {

  private final ElicitationChannel legacy;
  private final ModernAsks modern;

  /** The client's {@code initialize}, once it came; else null. */
  private final Supplier<io.modelcontextprotocol.spec.McpSchema.InitializeRequest> initialize;

  ClientQuestions(
      ElicitationChannel legacy,
      ModernAsks modern,
      Supplier<io.modelcontextprotocol.spec.McpSchema.InitializeRequest> initialize) {
    this.legacy = legacy;
    this.modern = modern;
    this.initialize = initialize;
  }

  /** {@link SessionHost#askClient}, for the session this door serves. */
  CompletableFuture<JsonNode> ask(String server, String method, JsonNode params) {
    String tool = params.path("tool").isTextual() ? params.path("tool").textValue() : null;
    JsonNode args = params.get("arguments");
    McpSchema.ClientCapabilities declared = modern.declared(server, tool, args);
    if (SessionHost.CLIENT_CAPABILITIES.equals(method)) {
      return CompletableFuture.completedFuture(
          declared != null
              ? Json.MAPPER.valueToTree(Json.MCP.convertValue(declared, Map.class))
              : legacyDeclared());
    }
    if (SessionHost.CALL_REFUSED.equals(method)) {
      boolean taken = modern.refused(server, tool, args, params.path("error"));
      return CompletableFuture.completedFuture(Json.MAPPER.getNodeFactory().booleanNode(taken));
    }
    if (SessionHost.INPUT_REQUESTS.equals(method)) {
      JsonNode requests = params.path("inputRequests");
      return declared != null
          ? modern.askClient(server, tool, args, requests)
          : oneByOne(server, requests);
    }
    if (declared == null) {
      return legacy.forward(server, method, params);
    }
    ObjectNode one = Json.MAPPER.createObjectNode();
    ObjectNode request = one.putObject("request");
    request.put("method", method);
    request.set("params", params);
    return modern
        .askClient(server, null, null, one)
        .thenApply(answered -> answered.path("inputResponses").path("request"));
  }

  /** What a 2025-era client declared in {@code initialize}; nothing before it. */
  private JsonNode legacyDeclared() {
    var request = initialize.get();
    return request == null || request.capabilities() == null
        ? Json.MAPPER.createObjectNode()
        : Json.MAPPER.valueToTree(request.capabilities());
  }

  /** A round for a 2025-era client: each request on its session, the answers gathered. */
  private CompletableFuture<JsonNode> oneByOne(String server, JsonNode requests) {
    List<String> keys = new ArrayList<>();
    List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
    requests
        .fields()
        .forEachRemaining(
            entry -> {
              keys.add(entry.getKey());
              answers.add(
                  legacy.forward(
                      server,
                      entry.getValue().path("method").asText(),
                      entry.getValue().path("params")));
            });
    return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
        .thenApply(
            all -> {
              ObjectNode result = Json.MAPPER.createObjectNode();
              ObjectNode given = result.putObject("inputResponses");
              for (int i = 0; i < keys.size(); i++) {
                given.set(keys.get(i), answers.get(i).join());
              }
              return result;
            });
  }
}
