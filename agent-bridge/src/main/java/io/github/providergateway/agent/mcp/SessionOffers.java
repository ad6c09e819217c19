package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * What the session's federated MCP servers offer beyond tools, as the agent sees it beside the
 * gateway's own (decision 123): their resources and templates beside the session's streams ({@code
 * gateway://streams/...}), their prompts beside {@value AgentSession#CONTEXT_PROMPT}, and the
 * completions of their prompts' arguments and templates, each asked of the gateway ({@link
 * HostApi#mcpFeature}). The gateway's own names win: a federated server's resource under {@code
 * gateway://} or prompt named {@value AgentSession#CONTEXT_PROMPT} is left out. A request the
 * gateway refuses (nothing offers it, two servers do, the server refused its params) is {@code
 * -32602}; a server that failed or is gone {@code -32603}, with what the gateway said.
 */
final class SessionOffers {

  /** The gateway's own URIs: no federated server's resource is listed under them. */
  static final String OWN_SCHEME = "gateway://";

  private final CompletableFuture<HostApi> gateway;
  private final Supplier<Mono<String>> sessionId;

  SessionOffers(CompletableFuture<HostApi> gateway, Supplier<Mono<String>> sessionId) {
    this.gateway = gateway;
    this.sessionId = sessionId;
  }

  /** The method an MCP request names, when it is one the session's federated servers answer. */
  static McpFeature feature(String method) {
    return io.github.providergateway.protocol.WireEnum.fromWire(McpFeature.class, method);
  }

  /** Whether {@code method} with {@code params} names something of the gateway's own. */
  static boolean own(McpFeature method, JsonNode params) {
    return switch (method) {
      case RESOURCES_READ -> params.path("uri").asText().startsWith(OWN_SCHEME);
      case PROMPTS_GET -> AgentSession.CONTEXT_PROMPT.equals(params.path("name").asText());
      case RESOURCES_LIST, RESOURCE_TEMPLATES_LIST, PROMPTS_LIST, COMPLETE -> false;
    };
  }

  /**
   * The federated servers' answer to {@code method}: a list with {@code ownItems} first and the
   * servers' items that would shadow the gateway's own left out; anything else as the server gave
   * it. Fails with the {@link McpError} the agent is told.
   */
  Mono<JsonNode> ask(McpFeature method, JsonNode params, List<JsonNode> ownItems) {
    return sessionId
        .get()
        .flatMap(id -> Mono.fromFuture(gateway.join().mcpFeature(id, method, params)))
        .map(answer -> method.lists() ? merged(method, ownItems, answer) : answer)
        .onErrorMap(
            failure -> !(failure instanceof McpError), failure -> error(failure, method, params));
  }

  private static JsonNode merged(McpFeature method, List<JsonNode> ownItems, JsonNode answer) {
    ObjectNode result = method.emptyList();
    ArrayNode items = (ArrayNode) result.get(method.listField());
    ownItems.forEach(items::add);
    for (JsonNode item : answer.path(method.listField())) {
      if (!shadows(method, item)) {
        items.add(item);
      }
    }
    return result;
  }

  /** Whether a federated server's list item names one of the gateway's own. */
  private static boolean shadows(McpFeature method, JsonNode item) {
    return switch (method) {
      case RESOURCES_LIST -> item.path("uri").asText().startsWith(OWN_SCHEME);
      case RESOURCE_TEMPLATES_LIST -> item.path("uriTemplate").asText().startsWith(OWN_SCHEME);
      case PROMPTS_LIST -> AgentSession.CONTEXT_PROMPT.equals(item.path("name").asText());
      case RESOURCES_READ, PROMPTS_GET, COMPLETE -> false;
    };
  }

  /**
   * The answer to an agent's {@code method}, with the gateway's own items listed first ({@code
   * streams} as resources, its prompt); null when it names something of the gateway's own, which
   * the gateway's own handler answers.
   */
  Mono<JsonNode> answer(McpFeature method, JsonNode params, List<String> streams) {
    if (own(method, params)) {
      return null;
    }
    List<JsonNode> ownItems =
        switch (method) {
          case RESOURCES_LIST -> streamItems(streams);
          case PROMPTS_LIST -> ownPrompts();
          case RESOURCE_TEMPLATES_LIST, RESOURCES_READ, PROMPTS_GET, COMPLETE -> List.of();
        };
    return ask(method, params, ownItems);
  }

  /**
   * What the gateway's refusal tells the agent: invalid params, or an internal error; a resource
   * nothing offers names its URI in the error's {@code data} (2026-07-28, SEP-2164).
   */
  static McpError error(Throwable failure, McpFeature method, JsonNode params) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    int code =
        cause instanceof HostException refused && refused.code() == HostErrorCode.INVALID_ARGUMENT
            ? McpSchema.ErrorCodes.INVALID_PARAMS
            : McpSchema.ErrorCodes.INTERNAL_ERROR;
    String message = cause.getMessage() != null ? cause.getMessage() : cause.toString();
    Object data =
        method == McpFeature.RESOURCES_READ && code == McpSchema.ErrorCodes.INVALID_PARAMS
            ? java.util.Map.of("uri", params.path("uri").asText())
            : null;
    return new McpError(new McpSchema.JSONRPCResponse.JSONRPCError(code, message, data));
  }

  /** {@code failure} as the 2026-07-28 era tells the agent: its code and message kept. */
  static Throwable modern(Throwable failure) {
    if (!(failure instanceof McpError legacy)) {
      return new io.modelcontextprotocol.modern.McpException(
          McpSchema.ErrorCodes.INTERNAL_ERROR, String.valueOf(failure.getMessage()));
    }
    return new io.modelcontextprotocol.modern.McpException(
        legacy.getJsonRpcError().code(),
        legacy.getJsonRpcError().message(),
        legacy.getJsonRpcError().data());
  }

  /** The session's streams as resources, in the shape a list gives them. */
  static List<JsonNode> streamItems(List<String> streams) {
    return streams.stream()
        .map(stream -> Json.tree(ModernResources.definition(stream)))
        .map(SessionOffers::withoutNulls)
        .toList();
  }

  /** The gateway's own prompt, in the shape a list gives it. */
  static List<JsonNode> ownPrompts() {
    return List.of(withoutNulls(Json.tree(ModernPrompts.CONTEXT)));
  }

  private static JsonNode withoutNulls(JsonNode item) {
    if (item instanceof ObjectNode object) {
      List<String> empty = new java.util.ArrayList<>();
      object
          .fields()
          .forEachRemaining(
              field -> {
                if (field.getValue().isNull()) {
                  empty.add(field.getKey());
                }
              });
      object.remove(empty);
    }
    return item;
  }
}
