package io.github.providergateway.agent.mcp;

import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProgressListener;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncTool;
import io.modelcontextprotocol.modern.server.feature.McpAsyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;

/**
 * The session's tools as the 2026-07-28 era lists and calls them: the same tools, names and call
 * path as the legacy session's ({@link OfferedTools}, {@link AgentSession#call}), each result
 * carried over field for field. A list is fresh for no time ({@code ttlMs: 0}, {@code cacheScope:
 * "private"}): providers come and go, and a client hears of it through {@code subscriptions/listen}
 * ({@link ModernChanges}).
 */
final class ModernTools implements McpAsyncToolRepository {

  /** What the modern era asks of the agent's session. */
  interface Source {
    /**
     * The tools offered now, once the session has settled (its first list starts its providers).
     *
     * @param client the client's name from the request's {@code _meta}, or null
     */
    Mono<List<HostTool>> tools(String client);

    /** Runs {@code name} as a legacy {@code tools/call} runs it; the legacy result. */
    Mono<io.modelcontextprotocol.spec.McpSchema.CallToolResult> call(
        String client, String name, Map<String, Object> arguments, ProgressListener progress);

    /**
     * The tools offered when a call of {@code name} may look: as {@link #tools}, and when none is
     * named so, after the session's providers still starting have bound (at most {@link
     * AgentSession#CALL_SETTLE_WAIT}), as a legacy call waits.
     */
    Mono<List<HostTool>> toolsForCall(String client, String name);

    /** Why a call of {@code name} cannot run, naming the tools there are; null when it can. */
    String unknownTool(String name);

    /** A client asked {@code server/discover} (its name from {@code _meta}, or null). */
    void discovered(String client);

    /** Where a gate's question goes for a modern call: {@code input_required} rounds. */
    ModernAsks asks();

    /** What the session's {@code subscriptions/listen} streams are told. */
    io.modelcontextprotocol.modern.server.feature.McpChangePublisher changes();
  }

  private final Source source;

  ModernTools(Source source) {
    this.source = source;
  }

  @Override
  public Mono<ToolsPage> list(McpRequestContext context, String cursor) {
    return source
        .tools(clientName(context))
        .map(
            tools -> {
              List<McpSchema.Tool> listed = new ArrayList<>(tools.size());
              for (HostTool tool : tools) {
                listed.add(definition(tool));
              }
              return new ToolsPage(listed, null, 0L, McpSchema.CacheScope.PRIVATE);
            });
  }

  @Override
  public Mono<McpAsyncTool> find(McpRequestContext context, String name) {
    return source
        .toolsForCall(clientName(context), name)
        .flatMap(
            tools -> {
              for (HostTool tool : tools) {
                if (tool.name().equals(name)) {
                  return Mono.just(
                      McpAsyncTool.of(
                          definition(tool), (ctx, request) -> call(ctx, request, tool.provider())));
                }
              }
              return Mono.error(McpException.invalidParams(source.unknownTool(name)));
            });
  }

  /**
   * A call of {@code provider}'s tool. Its provider's lines during the call (its {@code
   * tool.progress}, which the legacy era sends as session-wide {@code notifications/message}) reach
   * this call's response stream only: as {@code notifications/progress} when the request has a
   * progress token, and as {@code notifications/message} (level {@code info}, the provider as
   * logger) when its {@code _meta} asks for a log level of {@code info} or below (decision 131).
   * Neither asked, the call answers with its result alone.
   */
  private Mono<McpAsyncResponse<McpSchema.CallToolOutcome>> call(
      McpRequestContext context, McpSchema.CallToolRequest request, String provider) {
    boolean progressWanted = context.progressToken() != null;
    boolean logsWanted = logsWanted(context);
    if (!progressWanted && !logsWanted) {
      return outcome(context, request, provider, ProgressListener.NONE)
          .map(McpAsyncResponse::result);
    }
    return Mono.just(
        McpAsyncResponse.streaming(
            notifier -> {
              AtomicLong count = new AtomicLong();
              ProgressListener progress =
                  message -> {
                    if (logsWanted) {
                      notifier
                          .notify(
                              McpSchema.METHOD_NOTIFICATION_MESSAGE,
                              new McpSchema.LoggingMessageParams(
                                  McpSchema.LoggingLevel.INFO, provider, message))
                          .onErrorComplete()
                          .subscribe();
                    }
                    if (progressWanted) {
                      notifier
                          .progress(count.incrementAndGet(), null, message)
                          .onErrorComplete()
                          .subscribe();
                    }
                  };
              return outcome(context, request, provider, progress);
            }));
  }

  /**
   * Whether the request asks for log lines a provider's line reaches: its {@code _meta} names a log
   * level (2026-07-28: a client opts in per request) of {@code info} or below, the level of every
   * line the provider interface carries.
   */
  static boolean logsWanted(McpRequestContext context) {
    Object asked = context.meta() == null ? null : context.meta().get(McpSchema.MetaKeys.LOG_LEVEL);
    McpSchema.LoggingLevel level =
        asked instanceof String name ? McpSchema.LoggingLevel.fromValue(name) : null;
    return level != null && McpSchema.LoggingLevel.INFO.level() >= level.level();
  }

  /**
   * What the call answers: its result, or, when a gate asks the person first and the client can be
   * asked, an {@code input_required} naming the question ({@link ModernAsks}); a call brought back
   * with its {@code requestState} carries the person's answer and waits on.
   */
  private Mono<McpSchema.CallToolOutcome> outcome(
      McpRequestContext context,
      McpSchema.CallToolRequest request,
      String provider,
      ProgressListener progress) {
    com.fasterxml.jackson.databind.JsonNode args = Json.tree(arguments(request));
    if (request.requestState() != null) {
      return source
          .asks()
          .resume(request.requestState(), request.name(), args, request.inputResponses());
    }
    Mono<McpSchema.CallToolOutcome> result =
        source
            .call(clientName(context), request.name(), arguments(request), progress)
            .map(ModernTools::modern);
    return source
        .asks()
        .start(request.name(), args, provider, context.clientCapabilities(), result);
  }

  private static Map<String, Object> arguments(McpSchema.CallToolRequest request) {
    return request.arguments() == null ? Map.of() : request.arguments();
  }

  /** A legacy result as the modern era's, through their common JSON. */
  static McpSchema.CallToolOutcome modern(
      io.modelcontextprotocol.spec.McpSchema.CallToolResult legacy) {
    return Json.MCP.convertValue(legacy, McpSchema.CallToolResult.class);
  }

  static McpSchema.Tool definition(HostTool tool) {
    Map<String, Object> schema =
        tool.parameters().isObject()
            ? Json.plainObject(tool.parameters())
            : Map.of("type", "object");
    return McpSchema.Tool.builder(tool.name(), schema).description(tool.description()).build();
  }

  /** The client's name from a modern request's {@code _meta}, or null. */
  static String clientName(McpRequestContext context) {
    McpSchema.Implementation info = context.clientInfo();
    return info == null ? null : info.name();
  }
}
