package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A federated MCP server's round of requests to a 2026-07-28 agent's client during its call
 * (decision 134): put to the client as one {@code input_required} result ({@link ModernAsks}), the
 * server's keys kept, and answered by the client's retry's {@code inputResponses}. Never sent with
 * a request of a kind the client did not declare in its call's {@code _meta}: such a round fails by
 * name before anything is asked.
 */
final class ClientRound {

  /** The server's requests, {@code {key: {"method", "params"}}}. */
  private final JsonNode requests;

  private final CompletableFuture<JsonNode> answer = new CompletableFuture<>();

  ClientRound(JsonNode requests) {
    this.requests = requests;
  }

  /** {@return the round's answer, {@code {"inputResponses": …}}, or why there is none} */
  CompletableFuture<JsonNode> answer() {
    return answer;
  }

  /**
   * Why {@code server}'s round may not go to a client that declared {@code declared}, naming the
   * first request of a kind it did not declare, or a form for a client that may not answer its own
   * session's questions (issue 75, as decision 132 has it); null when every one may.
   */
  String undeclared(String server, McpSchema.ClientCapabilities declared, boolean clientMayAnswer) {
    for (var entry : (Iterable<Map.Entry<String, JsonNode>>) requests::fields) {
      String method = entry.getValue().path("method").asText();
      if (method.equals("elicitation/create") && !clientMayAnswer) {
        return method
            + " from MCP server '"
            + server
            + "' not asked: the agent's client may not answer its own session's questions";
      }
      boolean may =
          switch (method) {
            case "elicitation/create" -> declared.supportsElicitationForm();
            case "sampling/createMessage" -> declared.supportsSampling();
            case "roots/list" -> declared.supportsRoots();
            default -> false;
          };
      if (!may) {
        return method
            + " from MCP server '"
            + server
            + "' not asked: the agent's client did not declare "
            + (method.startsWith("elicitation") ? "form elicitation" : method.split("/")[0])
            + " in this call's _meta";
      }
    }
    return null;
  }

  /** The requests as the SDK's {@code input_required} carries them. */
  Map<String, McpSchema.InputRequest> inputRequests() {
    Map<String, McpSchema.InputRequest> asked = new LinkedHashMap<>();
    requests
        .fields()
        .forEachRemaining(
            entry ->
                asked.put(
                    entry.getKey(),
                    Json.MCP.convertValue(
                        Json.plainObject(entry.getValue()), McpSchema.InputRequest.class)));
    return asked;
  }

  /**
   * The client's retry answered the round: its responses to this round's keys go to the server (an
   * answer it left out, the server asks again), others are ignored.
   *
   * @throws McpException -32602 for a response that is not an object
   */
  void answered(Map<String, Object> responses) {
    ObjectNode given = Json.MAPPER.createObjectNode();
    if (responses != null) {
      for (var entry : responses.entrySet()) {
        if (!requests.has(entry.getKey())) {
          continue;
        }
        if (!(entry.getValue() instanceof Map<?, ?>)) {
          throw McpException.invalidParams(
              "inputResponses." + entry.getKey() + " must be an object");
        }
        given.set(entry.getKey(), Json.MAPPER.valueToTree(entry.getValue()));
      }
    }
    ObjectNode result = Json.MAPPER.createObjectNode();
    result.set("inputResponses", given);
    answer.complete(result);
  }

  /** The call ended or was given up before the client answered: the server hears why. */
  void givenUp(String why) {
    answer.completeExceptionally(new HostException(HostErrorCode.INVALID_ARGUMENT, why));
  }
}
