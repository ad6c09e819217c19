package io.github.providergateway.provider;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tool written as a plain method that returns its result: the blocking twin of {@link
 * ToolHandler}, for code that would rather wait than chain stages (as the MCP Java SDK's
 * synchronous tool specifications are of its asynchronous ones). {@link ToolHandler#blocking} runs
 * it on an executor of yours, so that its waiting never holds up the provider's other messages.
 *
 * <pre>{@code
 * ExecutorService work = Executors.newFixedThreadPool(4);
 * JavaProvider.builder("files")
 *     .tool(LIST, ToolHandler.blocking(work, (args, call) -> listFolder(args.path("dir").asText())))
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface BlockingToolHandler {

  /**
   * Runs the tool, on the executor given to {@link ToolHandler#blocking}. A long run checks {@link
   * ToolCallContext#isCancelled()} between steps: after a {@code tool.cancel} the gateway has its
   * answer already, and whatever this returns is dropped.
   *
   * @param args the call's arguments (a JSON object; treat as read-only)
   * @param call the call's id, session, progress and cancellation signal
   * @return the result ({@code null} becomes JSON {@code null})
   * @throws Exception when the tool fails: a {@link ToolException} with its code, anything else
   *     with code {@code INTERNAL}
   */
  JsonNode call(JsonNode args, ToolCallContext call) throws Exception;
}
