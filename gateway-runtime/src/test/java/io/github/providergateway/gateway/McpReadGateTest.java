package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.Decision.Outcome;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A federated MCP server's resource read and prompt got go through the session's checks and the
 * audit trail as a tool call does (decision 131): the session's {@code onPreToolUse} rules and
 * gates see them as {@code mcp.resources.read} with {@code {"uri"}} and {@code mcp.prompts.get}
 * with {@code {"name", "arguments"}} of the server; a deny keeps the server from being asked; the
 * trail holds one {@code tool_call} record of each, naming its server and what it read.
 */
class McpReadGateTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("reads");
  private final List<Decision> decisions = new CopyOnWriteArrayList<>();

  /** What the server "docs" was asked, by method and what it named. */
  private final List<String> asked = new ArrayList<>();

  {
    f.onDecided(decisions::add);
    f.gateway
        .mcpOffers()
        .offer(
            session,
            "docs",
            (method, params) -> {
              asked.add(
                  method.wireName()
                      + " "
                      + params.path("uri").asText(params.path("name").asText()));
              return CompletableFuture.completedFuture(
                  json(
                      switch (method) {
                        case RESOURCES_LIST ->
                            "{\"resources\":[{\"uri\":\"doc://readme\"},{\"uri\":\"doc://private\"}]}";
                        case RESOURCE_TEMPLATES_LIST -> "{\"resourceTemplates\":[]}";
                        case PROMPTS_LIST -> "{\"prompts\":[{\"name\":\"greet\"}]}";
                        case RESOURCES_READ ->
                            "{\"contents\":[{\"uri\":\""
                                + params.path("uri").asText()
                                + "\",\"text\":\"hello\"}]}";
                        case PROMPTS_GET -> "{\"messages\":[]}";
                        case COMPLETE -> "{\"completion\":{\"values\":[\"x\"]}}";
                      }));
            });
  }

  @AfterEach
  void close() {
    f.close();
  }

  private CompletableFuture<JsonNode> ask(McpFeature method, String params) {
    return f.gateway.mcpFeature(session, method, json(params));
  }

  private List<Decision> of(DecisionKind kind) {
    return decisions.stream().filter(d -> d.kind() == kind).toList();
  }

  private RecordingProviderConnection guarded(HookRule... rules) {
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard").session(session).hooks(new Hooks(List.of(rules), null)).build());
    decisions.clear();
    return guard;
  }

  private static String sha256(String text) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void anAllowedReadIsOneToolCallRecordNamingItsServerAndUri() throws Exception {
    JsonNode read = ask(McpFeature.RESOURCES_READ, "{\"uri\":\"doc://readme\"}").join();

    assertThat(read.at("/contents/0/text").asText()).isEqualTo("hello");
    assertThat(of(DecisionKind.TOOL_CALL)).hasSize(1);
    Decision record = of(DecisionKind.TOOL_CALL).get(0);
    assertThat(record.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(record.tool()).isEqualTo("mcp.resources.read");
    assertThat(record.provider()).isEqualTo("docs");
    assertThat(record.sessionId()).isEqualTo(session);
    assertThat(record.reason()).isEqualTo("resources/read of doc://readme");
    assertThat(record.callId()).startsWith("read-");
    assertThat(record.argsSha256()).isEqualTo(sha256("{\"uri\":\"doc://readme\"}"));
  }

  @Test
  void aRuleOnTheReadPseudoToolDeniesItBeforeTheServerIsAskedAndTheTrailSaysSo() {
    guarded(
        HookRule.deny(
            HookMatch.toolAndArgs("mcp.resources.read", "private"),
            "agents keep out of private notes"));

    HostException refused =
        McpOffersTest.refused(ask(McpFeature.RESOURCES_READ, "{\"uri\":\"doc://private\"}"));

    assertThat(refused.code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT);
    assertThat(refused.getMessage())
        .isEqualTo("resources/read of doc://private was denied: agents keep out of private notes");
    assertThat(asked).doesNotContain("resources/read doc://private");
    assertThat(decisions)
        .extracting(Decision::kind, Decision::outcome, Decision::tool)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                DecisionKind.PRE_TOOL_USE, Outcome.DENY, "mcp.resources.read"),
            org.assertj.core.groups.Tuple.tuple(
                DecisionKind.TOOL_CALL, Outcome.DENIED, "mcp.resources.read"));
    assertThat(decisions.get(0).callId()).isEqualTo(decisions.get(1).callId());
    assertThat(decisions.get(1).reason())
        .isEqualTo("resources/read of doc://private: agents keep out of private notes");
    assertThat(decisions.get(1).provider()).isEqualTo("docs");

    // The rule's arguments do not match the other resource: it is read.
    assertThat(ask(McpFeature.RESOURCES_READ, "{\"uri\":\"doc://readme\"}").join()).isNotNull();
  }

  @Test
  void aGateIsAskedAboutAPromptWithItsNameArgumentsAndServerAndItsAllowLetsItThrough() {
    RecordingProviderConnection guard =
        guarded(HookRule.gate(new HookMatch("mcp.prompts.get", null, "docs", null), "prompts"));

    CompletableFuture<JsonNode> got =
        ask(McpFeature.PROMPTS_GET, "{\"name\":\"greet\",\"arguments\":{\"who\":\"ann\"}}");
    GateCheck check = guard.next(GateCheck.class);
    assertThat(check.tool()).isEqualTo("mcp.prompts.get");
    assertThat(check.args())
        .isEqualTo(json("{\"name\":\"greet\",\"arguments\":{\"who\":\"ann\"}}"));
    assertThat(got).isNotDone();
    assertThat(asked).doesNotContain("prompts/get greet");

    guard.send(new GateResult("prompts", check.callId(), GateDecision.ALLOW, null));

    assertThat(got.join()).isEqualTo(json("{\"messages\":[]}"));
    assertThat(asked).contains("prompts/get greet");
    assertThat(of(DecisionKind.TOOL_CALL))
        .extracting(Decision::outcome, Decision::tool, Decision::provider, Decision::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                Outcome.SUCCESS, "mcp.prompts.get", "docs", "prompts/get of greet"));
  }

  @Test
  void aRuleNamingAnotherServerLeavesTheReadAlone() {
    guarded(
        HookRule.deny(new HookMatch("mcp.resources.read", null, "other", null), "not that one"));

    assertThat(ask(McpFeature.RESOURCES_READ, "{\"uri\":\"doc://readme\"}").join()).isNotNull();
    assertThat(of(DecisionKind.TOOL_CALL))
        .extracting(Decision::outcome)
        .containsExactly(Outcome.SUCCESS);
  }

  @Test
  void listsAndCompletionsAreNeitherCheckedNorRecorded() {
    guarded(HookRule.deny(null, "nothing at all"));

    assertThat(ask(McpFeature.RESOURCES_LIST, "{}").join().path("resources")).hasSize(2);
    assertThat(
            ask(
                    McpFeature.COMPLETE,
                    "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},"
                        + "\"argument\":{\"name\":\"who\",\"value\":\"a\"}}")
                .join())
        .isNotNull();
    assertThat(decisions).isEmpty();
  }
}
