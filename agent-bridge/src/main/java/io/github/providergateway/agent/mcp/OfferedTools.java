package io.github.providergateway.agent.mcp;

import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.loop.base.DaemonThreads;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import reactor.core.publisher.Mono;

/**
 * The tools an {@link AgentSession} offers its agent: the SDK server's tool list kept equal to the
 * gateway's last registration for the session, each change one {@code
 * notifications/tools/list_changed}. Registrations are applied one batch at a time on a thread of
 * their own, so that neither the gateway client's thread nor the SDK's waits for the other; what is
 * offered may be read from any thread.
 */
final class OfferedTools {

  private static final System.Logger LOG = System.getLogger(OfferedTools.class.getName());

  /** Runs a {@code tools/call} of an offered tool. */
  @FunctionalInterface
  interface Calls {
    /** {@return the call's result for the agent} */
    Mono<McpSchema.CallToolResult> call(
        McpAsyncServerExchange exchange, McpSchema.CallToolRequest request, String requestId);
  }

  private final TappedTransport transport;
  private final Calls calls;

  /** Told after each registration is applied (the modern era's list changes). */
  private final Runnable changed;

  /** The tools offered to the agent, by name: changed on {@link #sync}, read by any thread. */
  private final Map<String, HostTool> installed = new ConcurrentHashMap<>();

  private final ExecutorService sync =
      Executors.newSingleThreadExecutor(DaemonThreads.factory("mcp-tool-sync"));

  /** Counted down once the SDK server is attached: registrations wait for it. */
  private final CountDownLatch attached = new CountDownLatch(1);

  private volatile McpAsyncServer server;

  OfferedTools(TappedTransport transport, Calls calls, Runnable changed) {
    this.transport = transport;
    this.calls = calls;
    this.changed = changed;
  }

  /** The SDK server is built: registrations queued so far, and all later ones, go to it. */
  void attach(McpAsyncServer server) {
    this.server = server;
    attached.countDown();
  }

  /** Runs {@code then} once the registrations queued before now are applied (now, once closed). */
  void afterQueued(Runnable then) {
    try {
      sync.execute(then);
    } catch (RejectedExecutionException closedAlready) {
      then.run();
    }
  }

  /** {@return whether the agent is offered a tool of this name} */
  /** {@return the tools offered now, as the gateway registered them, by name} */
  List<HostTool> offeredTools() {
    List<HostTool> tools = new ArrayList<>(installed.values());
    tools.sort(java.util.Comparator.comparing(HostTool::name));
    return tools;
  }

  boolean offers(String name) {
    return installed.containsKey(name);
  }

  /** {@return the names of the tools offered, in no order} */
  List<String> names() {
    return new ArrayList<>(installed.keySet());
  }

  /** The agent has gone: no registration is applied any more. */
  void close() {
    sync.shutdownNow();
  }

  /**
   * Offers {@code tools} to the agent in place of what it was offered, once the SDK server is
   * attached; one batch at a time, in order, on the tool-sync thread.
   */
  void register(List<HostTool> tools) {
    try {
      sync.execute(
          () -> {
            try {
              attached.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
            // Every registration is one notification: the gateway registers when the list changed,
            // and once when providers it restarted are back (decision 34), even with the same
            // tools, so that the agent hears that the reload is over.
            transport.batchToolChanges(() -> replaceTools(tools), true);
            changed.run();
          });
    } catch (RejectedExecutionException closedAlready) {
      // stdin has closed: no agent is left to show tools to (and this runs on the gateway
      // client's thread, which must not see the exception)
    }
  }

  /** Makes the SDK's tool list {@code tools}: removes what went or changed, adds what is new. */
  private void replaceTools(List<HostTool> tools) {
    Map<String, HostTool> wanted = new HashMap<>();
    for (HostTool tool : tools) {
      wanted.put(tool.name(), tool);
    }
    for (String name : new ArrayList<>(installed.keySet())) {
      if (!installed.get(name).equals(wanted.get(name))) {
        installed.remove(name);
        server.removeTool(name).onErrorComplete().block();
      }
    }
    for (HostTool tool : tools) {
      if (!installed.containsKey(tool.name())) {
        try {
          server.addTool(specification(tool)).block();
          installed.put(tool.name(), tool);
        } catch (RuntimeException refused) {
          LOG.log(
              System.Logger.Level.WARNING,
              "gateway mcp: tool "
                  + tool.name()
                  + " of "
                  + tool.provider()
                  + " not offered to the agent: "
                  + refused.getMessage());
        }
      }
    }
  }

  private McpServerFeatures.AsyncToolSpecification specification(HostTool tool) {
    Map<String, Object> schema =
        tool.parameters().isObject()
            ? Json.plainObject(tool.parameters())
            : Map.of("type", "object");
    McpSchema.Tool mcpTool =
        McpSchema.Tool.builder()
            .name(tool.name())
            .description(tool.description())
            .inputSchema(schema)
            .build();
    return McpServerFeatures.AsyncToolSpecification.builder()
        .tool(mcpTool)
        .callHandler(
            (exchange, request) ->
                Mono.deferContextual(
                    context ->
                        calls.call(
                            exchange, request, context.getOrDefault(SessionTap.REQUEST_ID, null))))
        .build();
  }
}
