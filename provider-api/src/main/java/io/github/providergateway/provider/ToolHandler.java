package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Runs one tool of a {@link JavaProvider}.
 *
 * <p>The runtime calls it on the provider's executor, never on a transport I/O thread or the
 * gateway loop, one message at a time: a handler that blocks delays every later message to this
 * provider (including the {@code tool.cancel} for its own call). Return a stage at once and do slow
 * work elsewhere.
 *
 * <p>Outcomes: a stage completed with a value is a success ({@code null} becomes JSON {@code
 * null}); a {@link ToolException}, thrown or completing the stage, is a failure with its code; any
 * other exception is a failure with code {@code INTERNAL} and the exception's message. Whatever
 * happens, the gateway gets exactly one {@code tool.result}; after a {@code tool.cancel} that is
 * {@code CANCELLED} and whatever the stage does later is dropped.
 *
 * <p>A tool that would rather block than return a stage is written as a {@link BlockingToolHandler}
 * and given with {@link #blocking}, which runs it on an executor of yours.
 */
@FunctionalInterface
public interface ToolHandler {

  /**
   * Runs the tool.
   *
   * @param args the call's arguments (a JSON object; treat as read-only)
   * @param call the call's id, session and cancellation signal
   * @return the result, when it is ready
   * @throws Exception when the tool fails: a {@link ToolException} with its code, anything else
   *     with code {@code INTERNAL}
   */
  CompletionStage<? extends JsonNode> call(JsonNode args, ToolCallContext call) throws Exception;

  /**
   * A handler that runs {@code body}, which may block, on {@code executor}, and completes with what
   * it returns or throws. The provider's own executor only hands the call over, so a slow body
   * delays no other message (the {@code tool.cancel} for its own call among them). An executor that
   * refuses the task fails the call with code {@code INTERNAL}; whatever the body throws, errors
   * included, completes the call, so none is left waiting.
   *
   * @param executor where the body runs: a pool sized for the calls you let run at once
   * @param body the tool
   * @return the handler
   */
  static ToolHandler blocking(Executor executor, BlockingToolHandler body) {
    requireNonNull(executor, "executor");
    requireNonNull(body, "body");
    return (args, call) -> {
      CompletableFuture<JsonNode> result = new CompletableFuture<>();
      executor.execute(
          () -> {
            try {
              result.complete(body.call(args, call));
            } catch (Throwable e) { // an Error too: the call must still end
              result.completeExceptionally(e);
            }
          });
      return result;
    };
  }
}
