package io.github.providergateway.host.api;

import java.util.List;

/**
 * The host's port for one agent session: how the gateway reaches the agent (architecture: Host
 * SPI). The host passes one to {@link HostApi#startSession}. The gateway calls it on its loop;
 * implementations must return quickly and must not block.
 */
public interface SessionHost {

  /** {@link #askClient}'s method for a round of several requests at once (decision 134). */
  String INPUT_REQUESTS = "gateway/inputRequests";

  /** {@link #askClient}'s method for the capabilities the client declared (decision 134). */
  String CLIENT_CAPABILITIES = "gateway/clientCapabilities";

  /** {@link #askClient}'s method for a server's refusal of a call, as it gave it (decision 134). */
  String CALL_REFUSED = "gateway/callRefused";

  /**
   * Replaces the provider tools registered in the session (the host's {@code registerTools} plus
   * extension reload). Called after the 200 ms debounce, once per batch of changes, and only when
   * the list changed.
   *
   * @param sessionId the session
   * @param tools every provider tool of the session now, replacing the last list
   */
  void registerTools(String sessionId, List<HostTool> tools);

  /**
   * Adds a line to the session's timeline: pairing codes, {@code surface} and {@code inject}
   * pushes, tool progress, warnings.
   *
   * @param sessionId the session
   * @param source the provider's name, or {@code "gateway"}
   * @param message the line
   */
  void log(String sessionId, String source, String message);

  /**
   * Starts an AI turn with {@code prompt} ({@code inject} pushes and {@code push.prompt}).
   *
   * @param sessionId the session
   * @param source the provider's name
   * @param prompt the prompt for the agent
   */
  void send(String sessionId, String source, String prompt);

  /**
   * A provider's push added an event to a stream of the session (the stream named {@code
   * stream@provider}, as {@link HostApi#queryStreams} reads it). Tells a host that shows streams
   * when to read them again; the event itself is read with {@code queryStreams}. Does nothing
   * unless a host needs it.
   *
   * @param sessionId the session
   * @param stream the stream's name, {@code stream@provider}
   */
  default void streamUpdated(String sessionId, String stream) {}

  /**
   * A federated MCP server of the session said its resources or its prompts changed (its {@code
   * notifications/resources/list_changed} or {@code notifications/prompts/list_changed}, or the
   * same change on its {@code subscriptions/listen} stream; decision 131). Tells a host that serves
   * MCP to tell its agent, who lists them again. Does nothing unless a host needs it.
   *
   * @param sessionId the session
   * @param listing {@link McpFeature#RESOURCES_LIST} (its resources or templates changed) or {@link
   *     McpFeature#PROMPTS_LIST}
   */
  default void offersChanged(String sessionId, McpFeature listing) {}

  /**
   * A federated MCP server of the session asks the agent's client, during one of the session's
   * calls to it, {@code method}: {@code elicitation/create} (form mode) or {@code
   * sampling/createMessage} (decision 132). A host that serves MCP forwards it to its agent's
   * client when the client declared that capability; otherwise, and by default, the answer fails
   * naming why, so that the server's request never hangs. Must not block.
   *
   * <p>Two methods are the gateway's own, not MCP's (decision 134): {@value #INPUT_REQUESTS}, a
   * 2026-07-28 server's round of several requests at once ({@code params} {@code {"inputRequests":
   * {key: {"method", "params"}}}}, answered {@code {"inputResponses": {key: result}}}, put to a
   * 2026-07-28 client as one {@code input_required} round), and {@value #CLIENT_CAPABILITIES}, what
   * the client declared it can be asked during the session's call to {@code server} (answered with
   * the capabilities as MCP writes them), which the gateway passes on to the server; and {@value
   * #CALL_REFUSED}, the server's JSON-RPC {@code error} for the call ({@code -32021}: a capability
   * the client did not declare), which a 2026-07-28 client gets in place of the call's result. Each
   * of the three names the call in {@code params}: {@code tool} as the agent named it, its {@code
   * arguments}.
   *
   * @param sessionId the session
   * @param server the server's provider name, which the host shows the person first
   * @param method the MCP method, or {@value #INPUT_REQUESTS}, {@value #CLIENT_CAPABILITIES} or
   *     {@value #CALL_REFUSED}
   * @param params its MCP {@code params}, as the server sent them
   * @return the client's MCP result; fails with {@link HostException} naming why it was not asked
   */
  default java.util.concurrent.CompletableFuture<com.fasterxml.jackson.databind.JsonNode> askClient(
      String sessionId,
      String server,
      String method,
      com.fasterxml.jackson.databind.JsonNode params) {
    return java.util.concurrent.CompletableFuture.failedFuture(
        new HostException(
            HostErrorCode.INVALID_ARGUMENT,
            method + " from MCP server '" + server + "': this host cannot ask its agent's client"));
  }

  /**
   * How this host puts a gate's question to the session's person (extension {@code gate.ask},
   * architecture decision 35), or null when it cannot: then only the gateway-wide channels ({@code
   * Gateway.asks().add}) can. Asked each time a gate asks; the channel is also asked whether it
   * {@linkplain AskChannel#reaches reaches} the session.
   *
   * @return the channel, or null
   */
  default AskChannel askChannel() {
    return null;
  }
}
