package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gates that ask the person through MCP elicitation (issue 21, item 4; X-ASK rows): the shared
 * gateway runs examples/stdio/confirm.mjs for each session, a gate that asks before {@code deploy}
 * runs; the official TypeScript MCP SDK's client declares the elicitation capability and is
 * connected through {@code gateway mcp}; it calls {@code deploy} four times and its elicitation
 * handler answers yes, no, declines, and never answers. Each question shows the call's arguments
 * whole, a right-to-left override in them (the third branch's) as its escape. The script is {@code
 * mcp-interop/mcp-ask.mjs}. The gate gives the person 3 s ({@code askTimeoutMs}): the gateway runs
 * in a process of its own, where no manual clock can reach, so "never" waits that long.
 */
@Tag("process")
class McpAskInteropTest {

  private static final int ASK_TIMEOUT_MS = 3_000;

  @TempDir Path tmp;

  @Test
  void theAgentsClientIsAskedAndAYesRunsTheCallWhileNoDeclineAndSilenceDenyIt() throws Exception {
    try (SharedGatewayMcp gateway = confirmingGateway()) {
      JsonNode observed = gateway.observe("mcp-ask.mjs");

      JsonNode asked = observed.get("elicitations");
      assertThat(asked).hasSize(4);
      assertThat(asked.get(0).get("message").asText())
          .isEqualTo(
              "provider 'confirm', gate 'confirm-deploy', asks before deploy runs: Deploy main to production?\n"
                  + "Arguments:\n{\n  \"branch\" : \"main\"\n}");
      // What will run, every character, and a right-to-left override only as its escape (issue 32).
      assertThat(asked.get(2).get("message").asText())
          .contains(
              "Deploy hotfix\\u202Etxt.exe to production?", "\"branch\" : \"hotfix\\u202Etxt.exe\"")
          .doesNotContain("\u202E");
      assertThat(asked.get(0).at("/requestedSchema/properties/allow/type").asText())
          .isEqualTo("boolean");
      assertThat(asked.get(0).at("/requestedSchema/required/0").asText()).isEqualTo("allow");

      JsonNode results = observed.get("results");
      assertThat(results.get(0).get("isError").asBoolean()).as("yes: %s", results.get(0)).isFalse();
      assertThat(results.get(0).get("text").asText()).isEqualTo("deployed main");
      assertThat(results.get(1).get("text").asText())
          .isEqualTo(
              "Denied by the provider gateway: The person said no (on host (mcp elicitation)) to gate"
                  + " 'confirm-deploy' of provider 'confirm': Deploy feature to production?");
      assertThat(results.get(2).get("isError").asBoolean()).as("declined").isTrue();
      assertThat(results.get(2).get("text").asText())
          .contains("The person said no", "Deploy hotfix");
      assertThat(results.get(3).get("isError").asBoolean()).as("never answered").isTrue();
      assertThat(results.get(3).get("text").asText())
          .contains(
              "Nobody answered the question of gate 'confirm-deploy' of provider 'confirm' within 3 s");
      assertThat(results.get(3).get("ms").asLong()).isGreaterThanOrEqualTo(ASK_TIMEOUT_MS);

      List<String> audit = new ArrayList<>();
      observed
          .get("audit")
          .forEach(
              d -> audit.add(d.get("outcome").asText() + " " + d.path("answeredBy").asText("-")));
      assertThat(audit)
          .containsExactly(
              "asked -", "allow host (mcp elicitation)",
              "asked -", "deny host (mcp elicitation)",
              "asked -", "deny host (mcp elicitation)",
              "asked -", "timeout -");
    }
  }

  /**
   * Issue 75: the same client run by a program that marks what it runs as Claude Code does (an
   * agent's model driving an MCP client of its own from its tools, not the agent's own MCP server):
   * its answers are refused by the gateway, so no yes of its runs the call; the gate's questions
   * end unanswered, and deny.
   */
  @Test
  void aClientAnAgentsModelRunsFromItsToolsCannotAnswerTheGatesQuestions() throws Exception {
    Path agent = FakeAgent.claude(tmp);
    try (SharedGatewayMcp gateway = confirmingGateway()) {
      JsonNode observed = gateway.observe("mcp-ask.mjs", List.of(agent.toString()));

      JsonNode results = observed.get("results");
      assertThat(results.get(0).get("isError").asBoolean())
          .as("its yes ran nothing: %s", results.get(0))
          .isTrue();
      assertThat(results.get(0).get("text").asText()).contains("Nobody answered");
      List<String> audit = new ArrayList<>();
      observed
          .get("audit")
          .forEach(
              d -> audit.add(d.get("outcome").asText() + " " + d.path("answeredBy").asText("-")));
      assertThat(audit).doesNotContain("allow host (mcp elicitation)");
    }
  }

  /** The shared gateway with the gate that asks before {@code deploy} runs. */
  private SharedGatewayMcp confirmingGateway() throws java.io.IOException {
    return SharedGatewayMcp.start(
        tmp,
        "{\"providers\":[{\"name\":\"confirm\",\"transport\":\"stdio\",\"cwd\":\""
            + Interop.repoRoot().resolve("examples/stdio")
            + "\",\"command\":[\"node\",\"confirm.mjs\"],"
            + "\"env\":{\"CONFIRM_ASK_TIMEOUT_MS\":\""
            + ASK_TIMEOUT_MS
            + "\"}}]}");
  }
}
