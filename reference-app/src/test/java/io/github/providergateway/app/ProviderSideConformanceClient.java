package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The provider side as the official conformance runner's client under test ({@code conformance
 * client --command ...}, {@link McpProviderSideConformanceTest}, reached through {@code
 * mcp-conformance/provider-side-client.mjs}): the whole app, in-process, with the runner's scenario
 * server (the last argument, a URL) configured as an MCP server provider over Streamable HTTP
 * ({@code "mcp": "http"}, docs/mcp-servers.md), one session started so that the gateway connects to
 * it, and every tool it registers called once with arguments made from its schema (a number for
 * each number, text for each string), as an agent would call it. What the scenario checks is what
 * {@code mcp-federation} sent on the way: its handshake, its headers, its {@code _meta}, its calls.
 */
final class ProviderSideConformanceClient {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ProviderSideConformanceClient() {}

  /**
   * Runs the app against the scenario server at {@code url} as described above, in a fresh home
   * under {@code dir}; what it saw, line by line.
   */
  static String run(String url, Path dir) throws Exception {
    Path config = dir.resolve("providers.json");
    Files.writeString(
        config,
        JSON.writeValueAsString(
            Map.of(
                "providers",
                List.of(
                    Map.of(
                        "name", "conformance", "mcp", "http", "url", url, "session", "first")))));
    StringBuilder seen = new StringBuilder();
    try (RpcApp app = RpcApp.start(dir.resolve("home"), "--config", config.toString())) {
      String session = app.startSession();
      JsonNode tools = settledTools(app, session);
      seen.append("tools: ").append(tools).append('\n');
      for (JsonNode tool : tools) {
        JsonNode called =
            app.request(
                "{\"cmd\":\"tool.call\",\"sessionId\":\""
                    + session
                    + "\",\"tool\":"
                    + JSON.writeValueAsString(tool.path("name").asText())
                    + ",\"args\":"
                    + arguments(tool.path("parameters"))
                    + "}");
        seen.append("called ").append(tool.path("name").asText()).append(": ").append(called);
        seen.append('\n');
      }
      seen.append("providers: ").append(app.request("{\"cmd\":\"providers.list\"}"));
      seen.append('\n').append("the app's stderr:\n").append(app.stderr());
    }
    return seen.toString();
  }

  /**
   * The session's tools once its provider has settled: {@code session.settle} answered (the entry
   * bound), or the session's timeline saying the server did not start (a server the provider side
   * cannot speak to is retried with backoff, and {@code session.settle} would wait out its 30 s).
   * None when the server registered none or could not be reached.
   */
  private static JsonNode settledTools(RpcApp app, String session) {
    int settle = app.sendWithId("{\"cmd\":\"session.settle\",\"sessionId\":\"" + session + "\"}");
    app.awaitLine(
        "the session settled, or its server refused",
        line ->
            (line.has("ok") && line.path("id").asInt() == settle)
                || ("session.log".equals(line.path("event").asText())
                    && line.path("message").asText().contains("did not start")));
    return app.request("{\"cmd\":\"tools.list\",\"sessionId\":\"" + session + "\"}").path("tools");
  }

  /** Arguments for {@code schema}'s properties: 1, 2, ... for numbers, text for strings. */
  static String arguments(JsonNode schema) throws Exception {
    ObjectNode args = JSON.createObjectNode();
    int next = 1;
    for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
      switch (property.getValue().path("type").asText()) {
        case "number", "integer" -> args.put(property.getKey(), next++);
        case "boolean" -> args.put(property.getKey(), true);
        case "string" -> args.put(property.getKey(), "conformance");
        default -> {}
      }
    }
    return JSON.writeValueAsString(args);
  }
}
