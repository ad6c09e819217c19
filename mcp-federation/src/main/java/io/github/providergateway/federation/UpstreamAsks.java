package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.McpOffers;
import io.github.providergateway.host.api.SessionHost;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * A 2025-era server's own requests to its client during a call (decision 132): {@code
 * elicitation/create} in form mode goes to the agent's client of the one session whose call it is
 * serving, through {@link McpOffers#askClient}, its message prefixed with the server's name; {@code
 * sampling/createMessage} goes there too when the person allowed it for this server (decision 133),
 * and is refused by name otherwise (a provider does not drive the agent's model unasked); {@code
 * roots/list} is answered by the gateway with the project the server runs in. A request the gateway
 * cannot route fails naming why, never hangs: one that comes while no call or calls of several
 * sessions are in flight, or that the agent's client does not answer within {@link #WAIT}.
 * Thread-safe.
 */
final class UpstreamAsks {

  /** The longest a server's question to the agent's person waits: a gate's most, and a little. */
  static final Duration WAIT =
      io.github.providergateway.protocol.Limits.defaults().asks().maxAskTimeout().plusSeconds(30);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Why a server's sampling is refused where the person did not allow it (decision 133). */
  private static final String SAMPLING_NOT_ALLOWED =
      "the person has not let it drive the agent's model (\"allowSampling\": true in its entry of"
          + " the gateway's config; decision 133)";

  /** Why a sampling request for more than its own context is refused (decision 133). */
  private static final String OTHERS_CONTEXT =
      "includeContext would give it what the agent's other servers said; the gateway declared no"
          + " sampling context";

  private final McpServerConfig config;
  private final Supplier<McpOffers> offers;

  /** The progress tokens of the calls in flight, {@code session/callId}. */
  private final Supplier<Set<Object>> inFlight;

  /** Per session with a question out: told when its last call in flight ends. */
  private final java.util.Map<String, reactor.core.publisher.Sinks.One<Boolean>> callsOver =
      new java.util.concurrent.ConcurrentHashMap<>();

  UpstreamAsks(McpServerConfig config, Supplier<McpOffers> offers, Supplier<Set<Object>> inFlight) {
    this.config = config;
    this.offers = offers;
    this.inFlight = inFlight;
  }

  /** What the gateway declares to the server: roots, form elicitation and sampling. */
  static McpSchema.ClientCapabilities capabilities() {
    return McpSchema.ClientCapabilities.builder()
        .roots(false)
        .elicitation(true, false)
        .sampling()
        .build();
  }

  /** The project the server runs in, as its one root; none when the gateway does not know it. */
  List<McpSchema.Root> roots() {
    return config.cwd() == null
        ? List.of()
        : List.of(
            new McpSchema.Root(
                config.cwd().toAbsolutePath().normalize().toUri().toString(), "project"));
  }

  /** {@code elicitation/create}: asked of the agent's client of the session whose call it is. */
  Mono<McpSchema.ElicitResult> elicit(McpSchema.ElicitFormRequest request) {
    com.fasterxml.jackson.databind.node.ObjectNode params = JSON.createObjectNode();
    params.put("message", "MCP server '" + config.name() + "' asks: " + request.message());
    params.set("requestedSchema", JSON.valueToTree(request.requestedSchema()));
    return asked(McpSchema.METHOD_ELICITATION_CREATE, params).map(UpstreamAsks::elicitResult);
  }

  /** The client's answer as the SDK's record: its action and, when accepted, its content. */
  @SuppressWarnings("unchecked")
  private static McpSchema.ElicitResult elicitResult(JsonNode result) {
    McpSchema.ElicitResult.Action action =
        McpSchema.ElicitResult.Action.valueOf(
            result.path("action").asText("cancel").toUpperCase(java.util.Locale.ROOT));
    JsonNode content = result.get("content");
    return new McpSchema.ElicitResult(
        action,
        content == null || !content.isObject()
            ? null
            : JSON.convertValue(content, java.util.Map.class));
  }

  /**
   * {@code sampling/createMessage}: refused by name unless the person's config allows it for this
   * server ({@code "allowSampling": true}, decision 133); then asked of the agent's client of the
   * session whose call it is, as {@link #elicit} is, with the server's messages as it wrote them,
   * its name on the first line of the system prompt and in {@code _meta}. A request for another
   * server's context ({@code includeContext} other than {@code none}) is refused by name: from the
   * agent's client, the one server is the whole gateway.
   */
  Mono<McpSchema.CreateMessageResult> sample(McpSchema.CreateMessageRequest request) {
    String method = McpSchema.METHOD_SAMPLING_CREATE_MESSAGE;
    String refusal = samplingRefusal(request);
    if (refusal != null) {
      return Mono.error(refused(method, refusal));
    }
    return asked(method, SamplingRequest.asked(config.name(), request))
        .map(result -> JSON.convertValue(result, McpSchema.CreateMessageResult.class));
  }

  /**
   * Why the server's sampling request may not go to the agent's client (the person did not allow
   * it; it asks for more context than its own), or null when it may.
   */
  private String samplingRefusal(McpSchema.CreateMessageRequest request) {
    if (!config.allowSampling()) {
      return SAMPLING_NOT_ALLOWED;
    }
    if (request.includeContext() != null
        && request.includeContext()
            != McpSchema.CreateMessageRequest.ContextInclusionStrategy.NONE) {
      return OTHERS_CONTEXT;
    }
    return null;
  }

  /**
   * What the agent's client declared it can be asked during session {@code sessionId}'s call to
   * this server ({@code clientCapabilities} as MCP writes them), and so what the gateway declares
   * to a 2026-07-28 server for the call (decision 134): form elicitation where the client declared
   * it, sampling where it did and this server's config allows it, roots always (the gateway answers
   * with the project where the client cannot). A host that cannot say is taken to declare nothing.
   *
   * @param tool the call's key ({@link #callKey}, {@link #promptKey})
   * @param args its arguments
   */
  Mono<Declared> declared(String sessionId, String tool, JsonNode args) {
    return Mono.fromFuture(
            () ->
                offers
                    .get()
                    .askClient(
                        sessionId,
                        config.name(),
                        SessionHost.CLIENT_CAPABILITIES,
                        aboutCall(tool, args),
                        WAIT))
        .onErrorResume(unknown -> Mono.just(JSON.createObjectNode()))
        .map(
            agent -> {
              java.util.Map<String, Object> upstream = new java.util.LinkedHashMap<>();
              upstream.put("roots", java.util.Map.of());
              if (agent.has("elicitation")) {
                upstream.put("elicitation", java.util.Map.of("form", java.util.Map.of()));
              }
              if (agent.has("sampling") && config.allowSampling()) {
                upstream.put("sampling", java.util.Map.of());
              }
              return new Declared(agent, upstream);
            });
  }

  /**
   * What the gateway declared for one call: the agent's client's own capabilities, and what went to
   * the server.
   */
  record Declared(JsonNode agent, java.util.Map<String, Object> upstream) {}

  /** {@return the key of a call of {@code tool} (as the server names it), as the agent names it} */
  String callKey(String tool) {
    return config.toolPrefix() + tool;
  }

  /**
   * {@return the key of a {@code prompts/get} of {@code prompt} (as the server names it), as the
   * agent's side knows it} ({@code prompts/get <name>}: no tool's name has a space).
   */
  String promptKey(String prompt) {
    return McpSchema.METHOD_PROMPT_GET + " " + config.toolPrefix() + prompt;
  }

  /** The call a gateway's own request is about: its key ({@link #callKey}), its arguments. */
  private com.fasterxml.jackson.databind.node.ObjectNode aboutCall(String tool, JsonNode args) {
    com.fasterxml.jackson.databind.node.ObjectNode about = JSON.createObjectNode();
    about.put("tool", tool);
    about.set("arguments", args == null ? JSON.createObjectNode() : args);
    return about;
  }

  /**
   * A 2026-07-28 server's round of input requests during session {@code sessionId}'s call (decision
   * 134): {@code roots/list} answered by the agent's client when it declared roots, else by the
   * gateway with the project; {@code sampling/createMessage} refused by name unless this server's
   * config allows it; {@code elicitation/create} with the server named first. The requests for the
   * client go to it together ({@link SessionHost#INPUT_REQUESTS}); {@return the responses by the
   * server's keys}, or a failure naming why the round could not be answered.
   *
   * @param tool the call's key ({@link #callKey}, {@link #promptKey})
   * @param args its arguments
   * @param requests each request as MCP writes it, {@code {"method", "params"}}, by its key
   */
  Mono<java.util.Map<String, Object>> round(
      String sessionId,
      String tool,
      JsonNode args,
      java.util.Map<String, JsonNode> requests,
      Declared declared) {
    java.util.Map<String, Object> responses = new java.util.LinkedHashMap<>();
    com.fasterxml.jackson.databind.node.ObjectNode forClient = JSON.createObjectNode();
    for (java.util.Map.Entry<String, JsonNode> entry : requests.entrySet()) {
      JsonNode request = entry.getValue();
      String method = request.path("method").asText();
      switch (method) {
        case McpSchema.METHOD_ROOTS_LIST -> {
          if (declared.agent().has("roots")) {
            forClient.set(entry.getKey(), request);
          } else {
            responses.put(entry.getKey(), java.util.Map.of("roots", roots()));
          }
        }
        case McpSchema.METHOD_SAMPLING_CREATE_MESSAGE -> {
          if (!config.allowSampling()) {
            return Mono.error(refused(method, SAMPLING_NOT_ALLOWED));
          }
          McpSchema.CreateMessageRequest typed;
          try {
            typed = JSON.convertValue(request.path("params"), McpSchema.CreateMessageRequest.class);
          } catch (IllegalArgumentException unreadable) {
            return Mono.error(refused(method, "its params are not a sampling request"));
          }
          String refusal = samplingRefusal(typed);
          if (refusal != null) {
            return Mono.error(refused(method, refusal));
          }
          com.fasterxml.jackson.databind.node.ObjectNode named = JSON.createObjectNode();
          named.put("method", method);
          named.set("params", SamplingRequest.asked(config.name(), typed));
          forClient.set(entry.getKey(), named);
        }
        case McpSchema.METHOD_ELICITATION_CREATE -> {
          com.fasterxml.jackson.databind.node.ObjectNode named = request.deepCopy();
          com.fasterxml.jackson.databind.node.ObjectNode params =
              named.path("params").isObject()
                  ? (com.fasterxml.jackson.databind.node.ObjectNode) named.get("params")
                  : named.putObject("params");
          params.put(
              "message",
              "MCP server '" + config.name() + "' asks: " + params.path("message").asText(""));
          forClient.set(entry.getKey(), named);
        }
        default -> {
          return Mono.error(refused(method, "the gateway routes no such request to a client"));
        }
      }
    }
    if (forClient.isEmpty()) {
      return Mono.just(responses);
    }
    com.fasterxml.jackson.databind.node.ObjectNode params = aboutCall(tool, args);
    params.set("inputRequests", forClient);
    return askSession(sessionId, SessionHost.INPUT_REQUESTS, params)
        .map(
            answered -> {
              answered
                  .path("inputResponses")
                  .fields()
                  .forEachRemaining(
                      field ->
                          responses.put(
                              field.getKey(), JSON.convertValue(field.getValue(), Object.class)));
              return responses;
            });
  }

  /**
   * The server refused session {@code sessionId}'s call with {@code error} ({@code -32021}, a
   * capability the agent's client did not declare): the agent's client is told it as the server
   * gave it, where its era has a way ({@link SessionHost#CALL_REFUSED}); {@return done either way}
   */
  Mono<Void> callRefused(
      String sessionId,
      String tool,
      JsonNode args,
      io.modelcontextprotocol.modern.JsonRpc.JSONRPCResponse.JSONRPCError error) {
    com.fasterxml.jackson.databind.node.ObjectNode params = aboutCall(tool, args);
    com.fasterxml.jackson.databind.node.ObjectNode refusal = params.putObject("error");
    refusal.put("code", error.code());
    refusal.put("message", error.message());
    if (error.data() != null) {
      refusal.set("data", JSON.valueToTree(error.data()));
    }
    return Mono.fromFuture(
            () ->
                offers
                    .get()
                    .askClient(sessionId, config.name(), SessionHost.CALL_REFUSED, params, WAIT))
        .onErrorResume(untold -> Mono.empty())
        .then();
  }

  private Mono<JsonNode> asked(String method, JsonNode params) {
    Set<String> sessions = new TreeSet<>();
    for (Object token : inFlight.get()) {
      String text = String.valueOf(token);
      int slash = text.indexOf('/');
      sessions.add(slash < 0 ? text : text.substring(0, slash));
    }
    if (sessions.size() != 1) {
      return Mono.error(
          refused(
              method,
              sessions.isEmpty()
                  ? "it came during none of the gateway's calls, so no agent is there to ask"
                  : "calls of several sessions are in flight, so the gateway cannot tell whose"
                      + " agent to ask"));
    }
    return askSession(sessions.iterator().next(), method, params);
  }

  private Mono<JsonNode> askSession(String sessionId, String method, JsonNode params) {
    reactor.core.publisher.Sinks.One<Boolean> over =
        callsOver.computeIfAbsent(sessionId, id -> reactor.core.publisher.Sinks.one());
    Mono<JsonNode> answered =
        Mono.fromFuture(
            () -> offers.get().askClient(sessionId, config.name(), method, params, WAIT));
    Mono<JsonNode> givenUp =
        over.asMono()
            .then(
                Mono.error(
                    () -> refused(method, "the call it came during was cancelled or ended")));
    return Mono.firstWithSignal(answered, givenUp)
        .onErrorMap(
            failure -> !(failure instanceof McpError), failure -> refused(method, why(failure)));
  }

  /**
   * The call of {@code token} ended or was cancelled: when it was its session's last in flight, a
   * question that session's calls asked is given up, and the server hears why.
   *
   * @param token the call's progress token, {@code session/callId}
   * @param still the tokens of the calls still in flight
   */
  void callOver(Object token, Set<Object> still) {
    String text = String.valueOf(token);
    String session = text.substring(0, Math.max(0, text.indexOf('/')));
    if (still.stream().noneMatch(other -> String.valueOf(other).startsWith(session + "/"))) {
      reactor.core.publisher.Sinks.One<Boolean> over = callsOver.remove(session);
      if (over != null) {
        over.tryEmitValue(true);
      }
    }
  }

  private McpError refused(String method, String why) {
    return McpError.builder(McpSchema.ErrorCodes.INVALID_REQUEST)
        .message(method + " from MCP server '" + config.name() + "' not routed: " + why)
        .build();
  }

  private static String why(Throwable failure) {
    Throwable cause = failure;
    while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
