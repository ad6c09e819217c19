package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's provider side as the client the official MCP conformance suite's client scenarios
 * drive ({@code conformance client --command …}, {@link ConformanceClientScenariosTest}): the
 * scenario's server URL, the last argument, becomes an MCP server federated into a session of a
 * real gateway, which probes it, lists its tools and calls them ({@link #calls}) through the
 * gateway's whole path, as an agent's calls would go. Prints what it did on stderr; exits 1 when
 * the server never became a provider.
 */
public final class ConformanceClient {

  private ConformanceClient() {}

  /**
   * The calls to make, as an agent would: the scenario's own ({@code toolCalls} in {@code
   * MCP_CONFORMANCE_CONTEXT}), else one of each tool in the session with arguments its schema takes
   * — and for {@code json_schema_echo}, the schema the session holds for the other tool, to show
   * what the gateway kept of it.
   */
  private static List<Map.Entry<String, JsonNode>> calls(List<HostTool> tools, ObjectMapper json)
      throws java.io.IOException {
    String context = System.getenv("MCP_CONFORMANCE_CONTEXT");
    JsonNode scenario = json.readTree(context == null ? "{}" : context);
    List<Map.Entry<String, JsonNode>> calls = new ArrayList<>();
    if (scenario.path("toolCalls").isArray()) {
      for (JsonNode call : scenario.path("toolCalls")) {
        calls.add(Map.entry(call.path("name").asText(), call.path("arguments")));
      }
      return calls;
    }
    for (HostTool tool : tools) {
      if (tool.name().equals("json_schema_echo")) {
        JsonNode other =
            tools.stream()
                .filter(focal -> !focal.name().equals("json_schema_echo"))
                .findFirst()
                .map(HostTool::parameters)
                .orElse(json.createObjectNode());
        calls.add(Map.entry(tool.name(), json.createObjectNode().set("schema", other)));
      } else {
        calls.add(Map.entry(tool.name(), arguments(tool.parameters(), json)));
      }
    }
    return calls;
  }

  /** A value for each required property, of its type. */
  private static JsonNode arguments(JsonNode schema, ObjectMapper json) {
    ObjectNode arguments = json.createObjectNode();
    for (JsonNode name : schema.path("required")) {
      switch (schema.path("properties").path(name.asText()).path("type").asText()) {
        case "integer" -> arguments.put(name.asText(), 2);
        case "number" -> arguments.put(name.asText(), 3);
        case "boolean" -> arguments.put(name.asText(), true);
        case "object" -> arguments.putObject(name.asText());
        case "array" -> arguments.putArray(name.asText());
        default -> arguments.put(name.asText(), "x");
      }
    }
    return arguments;
  }

  /**
   * The session's host as a person behind an agent's client that declared form elicitation and
   * accepts every form (decision 134): what a server asks during a call is answered, so the
   * scenario's rounds run to their end.
   */
  private static final class Person implements SessionHost {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {}

    @Override
    public void log(String sessionId, String source, String message) {}

    @Override
    public void send(String sessionId, String source, String prompt) {}

    @Override
    public java.util.concurrent.CompletableFuture<JsonNode> askClient(
        String sessionId, String server, String method, JsonNode params) {
      ObjectNode answer = JSON.createObjectNode();
      if (CLIENT_CAPABILITIES.equals(method)) {
        answer.putObject("elicitation").putObject("form");
      } else if (INPUT_REQUESTS.equals(method)) {
        ObjectNode responses = answer.putObject("inputResponses");
        params
            .path("inputRequests")
            .fieldNames()
            .forEachRemaining(
                key -> responses.putObject(key).put("action", "accept").putObject("content"));
      } else {
        answer.put("action", "accept").putObject("content");
      }
      return java.util.concurrent.CompletableFuture.completedFuture(answer);
    }
  }

  public static void main(String[] args) throws Exception {
    ObjectMapper json = new ObjectMapper();
    URI url = URI.create(args[args.length - 1]);
    int status = 0;
    try (Gateway gateway = Gateway.builder().build()) {
      String session =
          gateway
              .startSession(
                  SessionSpec.of(
                      "conformance", Files.createTempDirectory("conformance").toString()),
                  new Person())
              .get(10, TimeUnit.SECONDS)
              .id();
      FederatedMcpServer server =
          FederatedMcpServer.start(
              gateway, session, McpServerConfig.http("scenario", url), gateway.scheduler());
      try {
        server.started().get(30, TimeUnit.SECONDS);
        System.err.println("era: " + server.era());
        List<HostTool> tools = gateway.tools(session).get(10, TimeUnit.SECONDS);
        for (Map.Entry<String, JsonNode> call : calls(tools, json)) {
          CallResult result =
              gateway
                  .callTool(session, call.getKey(), call.getValue(), Duration.ofSeconds(20))
                  .get(30, TimeUnit.SECONDS);
          System.err.println(call.getKey() + ": " + result.outcome());
        }
      } catch (java.util.concurrent.ExecutionException notStarted) {
        System.err.println("not started: " + server.status());
        status = 1;
      } finally {
        server.stop(Duration.ofSeconds(2));
      }
    }
    System.exit(status);
  }
}
