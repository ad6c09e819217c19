package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.loop.testing.ManualClock;
import io.modelcontextprotocol.modern.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * {@link ModernAsks} putting a federated server's round to a 2026-07-28 call (decision 134), with
 * the manual clock: a form goes only to a client that may answer its own session's questions (issue
 * 75, as decision 132 has it for a 2025-era client), and a round goes to no call of another server.
 */
class ModernAsksRoundsTest {

  private final ManualClock clock = new ManualClock();
  private final List<Object> answered = new CopyOnWriteArrayList<>();

  private static final JsonNode ARGS = Json.MAPPER.createObjectNode();

  private static JsonNode form() throws Exception {
    return Json.MAPPER.readTree(
        "{\"q\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Name?\","
            + "\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}}");
  }

  /** A call of {@code fs}'s {@code read} that declared form elicitation, running until the end. */
  private ModernAsks callingFs(boolean clientMayAnswer) {
    ModernAsks asks =
        new ModernAsks(new CompletableFuture<HostApi>(), clock, () -> clientMayAnswer);
    McpSchema.ClientCapabilities form =
        Json.MCP.convertValue(
            Map.of("elicitation", Map.of("form", Map.of())), McpSchema.ClientCapabilities.class);
    asks.<Object>start("read", ARGS, "fs", form, Mono.never()).subscribe(answered::add);
    return asks;
  }

  @Test
  void aFormGoesOnlyToAClientThatMayAnswerItsOwnSessionsQuestions() throws Exception {
    ModernAsks refused = callingFs(false);
    assertThatThrownBy(
            () -> refused.askClient("fs", "read", ARGS, form()).get(10, TimeUnit.SECONDS))
        .hasMessageContaining(
            "elicitation/create from MCP server 'fs' not asked: the agent's client may not answer"
                + " its own session's questions");
    assertThat(answered).isEmpty();

    ModernAsks asked = callingFs(true);
    CompletableFuture<JsonNode> round = asked.askClient("fs", "read", ARGS, form());
    assertThat(round).isNotDone();
    assertThat(answered).hasSize(1);
    assertThat(answered.get(0)).isInstanceOf(McpSchema.InputRequiredResult.class);
  }

  @Test
  void aRoundGoesToNoCallOfAnotherServer() throws Exception {
    ModernAsks asks = callingFs(true);
    assertThatThrownBy(
            () -> asks.askClient("other", "read", ARGS, form()).get(10, TimeUnit.SECONDS))
        .hasMessageContaining("no 2026-07-28 call to it waits for its client");
    assertThat(answered).isEmpty();
  }
}
