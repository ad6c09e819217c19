package io.github.providergateway.provider;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.CompletionStage;

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
}
