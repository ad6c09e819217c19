package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * A federated server's {@code sampling/createMessage} as the agent's client is asked it (decision
 * 133): the server's messages, {@code maxTokens}, preferences and the rest as it wrote them, and
 * who asks said twice, since the agent's client knows only the gateway as its server: a first line
 * of the system prompt, which a client shows the person when it asks them to approve the request
 * (and the model reads as what it is), and {@value #SERVER_META} in {@code _meta}, for a client
 * that reads it.
 */
final class SamplingRequest {

  /** The {@code _meta} key naming the federated server that asks. */
  static final String SERVER_META = "io.github.providergateway/mcpServer";

  private static final ObjectMapper JSON = new ObjectMapper();

  private SamplingRequest() {}

  /**
   * The {@code params} the agent's client gets.
   *
   * @param server the server's name in the person's config
   * @param request the server's request, as the MCP SDK read it
   * @return the params: the request's own, with the server named
   */
  static ObjectNode asked(String server, McpSchema.CreateMessageRequest request) {
    ObjectNode params = JSON.valueToTree(request);
    params.properties().removeIf(field -> field.getValue().isNull());
    String said = firstLine(server);
    String prompt = request.systemPrompt();
    params.put("systemPrompt", prompt == null || prompt.isEmpty() ? said : said + "\n\n" + prompt);
    ObjectNode meta =
        params.get("_meta") instanceof ObjectNode own ? own : params.putObject("_meta");
    meta.put(SERVER_META, server);
    return params;
  }

  /**
   * {@return the system prompt's first line, naming who asks}
   *
   * @param server the server's name
   */
  static String firstLine(String server) {
    return "This request comes from MCP server '" + server + "', through the provider gateway.";
  }
}
