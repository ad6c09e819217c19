package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decision 322, end to end: a gate's question about a call through the HTTP MCP front door ({@code
 * /mcp}) of a real gateway on a free port, with the MCP Java SDK's client as the agent. That client
 * declared elicitation and its form says yes to everything, as a person who is there would; while
 * the person is away (the home's {@code away.json}) the form is never shown, the call is denied at
 * once in the hooks' words, the tool never runs, and {@code gateway back} lists the call. A file
 * that cannot be read is away (fail closed).
 */
class AwayMcpFrontDoorTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String QUESTION = "Deploy to production?";

  @TempDir Path home;
  private RunningGateway running;
  private McpSyncClient agent;
  private WsProvider guard;
  private final List<AutoCloseable> toClose = new ArrayList<>();

  /** What the client's form was asked: never, while the person is away. */
  private final BlockingQueue<McpSchema.ElicitRequest> asked = new LinkedBlockingQueue<>();

  @BeforeEach
  void gatewayAnAgentAndAGateThatAsks() throws Exception {
    running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {});
    String token = ClientTokens.mcpHttp(home).issue("agent-over-http");
    agent =
        McpClient.sync(McpHttpTransports.withToken(running.port(), token))
            .clientInfo(new McpSchema.Implementation("agent-over-http", "1.0"))
            .capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
            .elicitation(
                request -> {
                  asked.add(request);
                  return new McpSchema.ElicitResult(
                      McpSchema.ElicitResult.Action.ACCEPT, Map.of("allow", true));
                })
            .requestTimeout(Duration.ofSeconds(90))
            .initializationTimeout(WAIT)
            .build();
    toClose.add(agent::closeGracefully);
    agent.initialize();
    SessionInfo session =
        Await.value(
            WAIT,
            () ->
                running.gateway().sessions().get(WAIT.toSeconds(), TimeUnit.SECONDS).stream()
                    .filter(s -> "mcp-http:agent-over-http".equals(s.openedBy()))
                    .findFirst()
                    .orElse(null),
            () -> "the agent's session");
    guard =
        WsProvider.bound(
            running.url(),
            running.gateway().credentials().providerToken(),
            session.id(),
            "release-guard",
            WsProvider.tools("deploy")
                + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"deploy\"},"
                + "\"action\":\"gate\",\"gateId\":\"confirm-deploy\"}]},"
                + "\"extensions\":[\"gate.ask\"]");
    toClose.add(guard);
    Await.until(
        WAIT,
        () -> agent.listTools().tools().stream().anyMatch(t -> t.name().equals("deploy")),
        () -> "the agent lists deploy");
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    running.close();
  }

  /** The agent calls deploy and the gate asks {@link #QUESTION}; {@return the call, under way}. */
  private java.util.concurrent.CompletableFuture<McpSchema.CallToolResult> askedAboutDeploy() {
    var call =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () ->
                agent.callTool(new McpSchema.CallToolRequest("deploy", Map.of("name", "prod-eu"))));
    JsonNode check = guard.next("gate.check");
    guard.send(
        "{\"type\":\"gate.result\",\"gateId\":\"confirm-deploy\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\"ask\",\"reason\":\""
            + QUESTION
            + "\"}");
    return call;
  }

  /** {@link #askedAboutDeploy}'s result, within far less than the question's 60 s. */
  private McpSchema.CallToolResult deployAsked() throws Exception {
    try {
      return askedAboutDeploy().get(WAIT.toSeconds(), TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      // The deny this test expects comes at once; a call still open went to the form and on.
      throw new AssertionError(
          "not denied at once: the client's form was asked " + asked.size() + " times", e);
    }
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  private void personAway() throws Exception {
    OffsetDateTime now = OffsetDateTime.now();
    Files.writeString(home.resolve(PersonAway.FILE), PersonAway.text(now, now.plusHours(3)));
  }

  @Test
  void whileAwayTheGatesQuestionIsADenyAtOnceTheFormIsNeverShownAndBackListsTheCall()
      throws Exception {
    personAway();

    McpSchema.CallToolResult result = deployAsked();

    assertThat(result.isError()).as(text(result)).isTrue();
    assertThat(text(result))
        .startsWith("Denied by the provider gateway: the person is away until ")
        .contains("the provider gateway would ask them first: " + QUESTION)
        .contains("kept for their return");
    assertThat(asked).as("nobody is there: the client's form is not shown").isEmpty();
    assertThat(guard.receivedNoneBeforeAnAnswer("tool.call")).as("deploy never ran").isTrue();
    Path trail = home.resolve("logs/audit.jsonl");
    Await.until(
        WAIT,
        () -> Files.exists(trail) && Files.readString(trail).contains(PersonAway.CODE),
        () -> "the held call in the trail");

    AppRun back = AppRun.of(List.of("back", "--home", home.toString()), Map.of());

    assertThat(back.exit()).as(back.err()).isZero();
    assertThat(back.out())
        .contains("1 call was denied (not run) and kept for your return")
        .contains("  deploy  deploy {\"name\":\"prod-eu\"}: asked: " + QUESTION);
  }

  /**
   * Fail closed (FC-58): an away file that cannot be read is away, on this path as on the hooks'
   * (FC-56). Broken by answering the question as though the person were there: the client's form
   * says yes and deploy runs, so this test fails.
   */
  @Test
  void anAwayFileThatCannotBeReadIsAwayAndTheCallIsDeniedNotAllowed() throws Exception {
    Files.writeString(home.resolve(PersonAway.FILE), "{\"since\": torn");

    McpSchema.CallToolResult result = deployAsked();

    assertThat(result.isError()).as(text(result)).isTrue();
    assertThat(text(result))
        .startsWith(
            "Denied by the provider gateway: the person is away (the gateway's away file cannot be read: ")
        .contains(QUESTION);
    assertThat(asked).isEmpty();
    assertThat(guard.receivedNoneBeforeAnAnswer("tool.call")).as("deploy never ran").isTrue();
  }

  /** Not away: the client's form is shown, its yes runs the call, as before. */
  @Test
  void notAwayTheClientsFormIsAskedAndItsYesRunsTheCall() throws Exception {
    var call = askedAboutDeploy();
    guard.result(guard.next("tool.call"), "\"deployed\"");

    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
    assertThat(asked.poll(1, TimeUnit.SECONDS)).isNotNull();
  }
}
