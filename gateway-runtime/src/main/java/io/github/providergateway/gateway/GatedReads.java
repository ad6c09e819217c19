package io.github.providergateway.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.event.Decision.Outcome;
import io.github.providergateway.gateway.internal.McpReads;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * A federated server's resource read or prompt got, put through the session's checks before the
 * server is asked and recorded in the audit trail after (decision 131), as {@link McpReads} says. A
 * read the checks deny is refused {@link HostErrorCode#INVALID_ARGUMENT} with their reason and
 * never reaches the server.
 */
final class GatedReads {

  private final LoopRequests requests;
  private final Executor loop;
  private final McpReads reads;

  GatedReads(LoopRequests requests, Executor loop, McpReads reads) {
    this.requests = requests;
    this.loop = loop;
    this.reads = reads;
  }

  /**
   * {@code read} of {@code server}, once the session's checks allow it; {@code method} is {@link
   * McpFeature#RESOURCES_READ} or {@link McpFeature#PROMPTS_GET}, {@code named} its URI or name.
   */
  CompletableFuture<JsonNode> read(
      String sessionId,
      String server,
      McpFeature method,
      JsonNode params,
      String named,
      Supplier<CompletableFuture<JsonNode>> read) {
    boolean resource = method == McpFeature.RESOURCES_READ;
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    if (resource) {
      args.put("uri", named);
    } else {
      args.put("name", named);
      if (params.path("arguments").isObject()) {
        args.set("arguments", params.get("arguments").deepCopy());
      }
    }
    String tool = resource ? McpReads.READ_TOOL : McpReads.PROMPT_TOOL;
    String what = method.wireName() + " of " + named;
    return requests.getAsync(
        () -> {
          McpReads.Checked checked = reads.check(sessionId, tool, server, what, args);
          return checked
              .decision()
              .thenCompose(
                  decision -> {
                    if (!decision.allowed()) {
                      reads.ended(checked.read(), Outcome.DENIED, decision.reason());
                      return CompletableFuture.failedFuture(
                          new HostException(
                              HostErrorCode.INVALID_ARGUMENT,
                              what + " was denied: " + decision.reason()));
                    }
                    // Recorded before the agent is answered, as a tool call is: a host that asks
                    // the trail about a read it has the answer of finds it.
                    CompletableFuture<JsonNode> recorded = new CompletableFuture<>();
                    read.get()
                        .whenComplete(
                            (result, failure) ->
                                loop.execute(
                                    () -> {
                                      reads.ended(
                                          checked.read(),
                                          failure == null ? Outcome.SUCCESS : Outcome.FAILURE,
                                          failure == null ? null : why(failure));
                                      if (failure == null) {
                                        recorded.complete(result);
                                      } else {
                                        recorded.completeExceptionally(
                                            McpOffers.unwrapped(failure));
                                      }
                                    }));
                    return recorded;
                  });
        });
  }

  private static String why(Throwable failure) {
    Throwable cause = McpOffers.unwrapped(failure);
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
