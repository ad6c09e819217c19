package io.github.providergateway.federation;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.McpSyncTool;
import io.modelcontextprotocol.modern.server.feature.McpSyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ServerChange;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import io.modelcontextprotocol.modern.server.transport.StdioMcpTransport;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A 2026-07-28-only MCP server on the MCP Java SDK 2.2.0's modern server ({@code
 * io.modelcontextprotocol.modern.server}), for {@link ModernProviderTest}: over stdio in a JVM of
 * its own with the test class path ({@link #main}), or over HTTP in the test's JVM ({@link #server}
 * behind the SDK's servlet in Jetty). Tools: {@code add} (two integers, with progress), {@code
 * hold} (waits until cancelled, at most a minute), {@code grow} (adds {@code grown} and says so to
 * {@code subscriptions/listen}), {@code again} ({@code input_required} with state only, then the
 * result), {@code ask} ({@code input_required} with a form; it requires form elicitation).
 */
public final class ModernJavaServer {

  private ModernJavaServer() {}

  public static void main(String[] args) {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    System.setOut(System.err); // whatever logs, logs to stderr: stdout is the protocol's
    McpJsonMapper json = McpJsonDefaults.getMapper();
    new StdioMcpTransport(server(json), json, System.in, protocol).start().block();
    System.exit(0); // stdin ended: the gateway stopped it
  }

  /** {@return the server, with its tools, for any transport} */
  static McpServer server(McpJsonMapper json) {
    McpChangeFeed changes = new McpChangeFeed();
    Map<String, McpSyncTool> tools = new ConcurrentHashMap<>();
    tools.put(
        "add",
        McpSyncTool.of(
            McpSchema.Tool.builder(
                    "add",
                    Map.of(
                        "type", "object",
                        "properties",
                            Map.of("a", Map.of("type", "integer"), "b", Map.of("type", "integer")),
                        "required", List.of("a", "b")))
                .description("Adds two integers")
                .build(),
            (ctx, request) ->
                McpSyncResponse.streaming(
                    notifier -> {
                      notifier.progress(1, 2.0, "adding");
                      long sum =
                          ((Number) request.arguments().get("a")).longValue()
                              + ((Number) request.arguments().get("b")).longValue();
                      return text(String.valueOf(sum));
                    })));
    tools.put(
        "hold",
        McpSyncTool.of(
            McpSchema.Tool.builder("hold", Map.of("type", "object"))
                .description("Waits until cancelled")
                .build(),
            (ctx, request) ->
                McpSyncResponse.streaming(
                    notifier -> {
                      try {
                        new CountDownLatch(1).await(60, TimeUnit.SECONDS);
                      } catch (InterruptedException cancelled) {
                        Thread.currentThread().interrupt();
                      }
                      return text("held");
                    })));
    tools.put(
        "grow",
        McpSyncTool.of(
            McpSchema.Tool.builder("grow", Map.of("type", "object"))
                .description("Adds the tool 'grown'")
                .build(),
            (ctx, request) -> {
              tools.put(
                  "grown",
                  McpSyncTool.of(
                      McpSchema.Tool.builder("grown", Map.of("type", "object"))
                          .description("Appeared after 'grow' was called")
                          .build(),
                      (c, r) -> McpSyncResponse.result(text("I am new"))));
              changes.broadcast(new ServerChange.ToolsListChanged());
              return McpSyncResponse.result(text("grown is there now"));
            }));
    tools.put(
        "again",
        McpSyncTool.of(
            McpSchema.Tool.builder("again", Map.of("type", "object"))
                .description("Answers input_required with state only, then runs on the retry")
                .build(),
            (ctx, request) ->
                McpSyncResponse.result(
                    request.requestState() == null
                        ? new McpSchema.InputRequiredResult(null, "state-1", null, null)
                        : text("retried with " + request.requestState()))));
    tools.put(
        "ask",
        McpSyncTool.of(
            McpSchema.Tool.builder("ask", Map.of("type", "object"))
                .description("Asks the person before it runs")
                .build(),
            // As the SDK asks of a tool that elicits: the capability required up front (-32021).
            json.convertValue(
                Map.of("elicitation", Map.of("form", Map.of())),
                McpSchema.ClientCapabilities.class),
            (ctx, request) -> {
              if (request.inputResponses() != null) {
                return McpSyncResponse.result(text("answered: " + request.inputResponses()));
              }
              return McpSyncResponse.result(
                  new McpSchema.InputRequiredResult(
                      Map.of(
                          "confirm",
                          new McpSchema.ElicitInputRequest(
                              new McpSchema.ElicitFormRequest(
                                  "Deploy to production?",
                                  Map.of(
                                      "type",
                                      "object",
                                      "properties",
                                      Map.of("confirm", Map.of("type", "boolean"))),
                                  null))),
                      "state-1",
                      null,
                      null));
            }));
    McpSyncToolRepository repository =
        new McpSyncToolRepository() {
          @Override
          public ToolsPage list(
              io.modelcontextprotocol.modern.server.McpRequestContext ctx, String cursor) {
            return ToolsPage.of(
                tools.values().stream()
                    .map(McpSyncTool::definition)
                    .sorted(java.util.Comparator.comparing(McpSchema.Tool::name))
                    .toList());
          }

          @Override
          public McpSyncTool find(
              io.modelcontextprotocol.modern.server.McpRequestContext ctx, String name) {
            return tools.get(name);
          }
        };
    return McpServer.builder()
        .serverInfo(new McpSchema.Implementation("modern-java", null, "1.0.0", null, null, null))
        .jsonMapper(json)
        .feature(ToolsFeature.ofSync(repository))
        .feature(ModernJavaOffers.resources())
        .feature(ModernJavaOffers.prompts())
        .subscriptions(changes)
        .build();
  }

  private static McpSchema.CallToolResult text(String text) {
    return McpSchema.CallToolResult.builder()
        .addContent(McpSchema.TextContent.builder(text).build())
        .build();
  }
}
