package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.console.AuditCommands;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46, "a window that costs almost nothing": an agent's MCP connection on the gateway's own
 * {@code /mcp}, with a token of the agent's kind ({@link ClientTokens.Kind#AGENT}, as {@code
 * gateway setup} issues it), is the agent's own session: Claude Code's HTTP hook ({@code POST
 * /hooks/claude}) takes it for the agent's and its provider's gate decides the call, and providers
 * are told {@code "openedBy": "agent"}. A front-door client's token, the same client otherwise,
 * keeps a stranger's treatment; and a session whose client names no root has no project. All on a
 * real gateway, its real port, the MCP Java SDK's Streamable HTTP client and a provider on a
 * WebSocket.
 */
class AgentTokenSessionTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = RpcApp.WAIT;
  private static final String AGENT_CWD = "/home/dev/project";
  private static final String CI_RED = "CI is red on this branch. Fix the tests first.";

  @TempDir Path home;
  private RunningGateway running;
  private String hookToken;
  private final Map<String, CompletableFuture<SessionInfo>> started = new ConcurrentHashMap<>();
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeEach
  void gateway() throws Exception {
    running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {});
    running
        .gateway()
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo session) {
                startedBy(session.openedBy()).complete(session);
              }
            });
    hookToken = ClientTokens.hooks(home).issue("claude");
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    running.close();
  }

  @Test
  void anAgentTokensSessionIsTheAgentsForTheHttpHookAndItsProvidersGateDecides() throws Exception {
    String token = ClientTokens.mcpHttp(home).issue("setup-claude", ClientTokens.Kind.AGENT);
    window(token, AGENT_CWD);
    SessionInfo session = session("agent:setup-claude");
    assertThat(session.cwd()).isEqualTo(AGENT_CWD);
    assertThat(session.openedByTokenHolder()).isTrue();

    Guard guard = guard(session.id());
    assertThat(guard.told.get("openedBy").asText())
        .as("what the provider is told of the session")
        .isEqualTo("agent");

    CompletableFuture<HttpResponse<String>> response = hook("claude-bash-git-push.json");
    JsonNode check = guard.provider.next("gate.check");
    guard.provider.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\"deny\",\"reason\":\""
            + CI_RED
            + "\"}");
    JsonNode out = decision(response);

    assertThat(out.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.path("permissionDecisionReason").asText()).isEqualTo(CI_RED);
    // Issue 77: the console's audit names the agent whose session it was, as the trail does: these
    // decisions name none themselves (no hook of the agent's took them on its own).
    List<io.github.providergateway.gateway.event.Decision> decided =
        running
            .decisions()
            .query(
                new io.github.providergateway.host.api.AuditFilter(
                    session.id(), null, null, null, null, null, 10));
    assertThat(decided).isNotEmpty();
    for (io.github.providergateway.gateway.event.Decision d : decided) {
      assertThat(AuditCommands.line(running.decisionJson(d))).matches("\\S+  claude  .*");
    }
  }

  @Test
  void aClientTokensSessionIsNotTheAgentsAndItsProviderIsNeverAsked() throws Exception {
    String token = ClientTokens.mcpHttp(home).issue("inspector");
    window(token, AGENT_CWD);
    SessionInfo session = session("mcp-http:inspector");
    assertThat(session.openedByTokenHolder()).isFalse();

    Guard guard = guard(session.id());
    assertThat(guard.told.get("openedBy").asText()).isEqualTo("client");

    JsonNode out = decision(hook("claude-bash-git-push.json"));

    assertThat(out.path("permissionDecision").asText()).isNotEqualTo("allow");
    assertThat(out.path("permissionDecisionReason").asText()).doesNotContain(CI_RED);
    assertThat(guard.provider.receivedNoneBeforeAnAnswer("gate.check")).isTrue();
  }

  @Test
  void aSessionWhoseClientNamesNoRootHasNoProjectNotTheGatewaysFolder() throws Exception {
    String token = ClientTokens.mcpHttp(home).issue("setup-claude", ClientTokens.Kind.AGENT);
    window(token, null);

    SessionInfo session = session("agent:setup-claude");

    assertThat(session.cwd()).as("the session's project").isNull();
    Guard guard = guard(session.id());
    assertThat(guard.told.has("cwd")).as("what the provider is told: %s", guard.told).isFalse();
    // And no hook call's folder is inside it: the gateway's own folder is not the agent's project.
    JsonNode out = decision(hook("claude-bash-git-push.json"));
    assertThat(out.path("permissionDecisionReason").asText()).doesNotContain(CI_RED);
    assertThat(guard.provider.receivedNoneBeforeAnAnswer("gate.check")).isTrue();
  }

  // ---- the parts ----

  private CompletableFuture<SessionInfo> startedBy(String openedBy) {
    return started.computeIfAbsent(String.valueOf(openedBy), k -> new CompletableFuture<>());
  }

  private SessionInfo session(String openedBy) throws Exception {
    return startedBy(openedBy).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * An agent's window over HTTP: the SDK's Streamable HTTP client named {@code claude} with {@code
   * token}, offering {@code root} as its one root (none, and no roots capability, when null).
   */
  private void window(String token, String root) {
    McpClient.SyncSpec spec =
        McpClient.sync(McpHttpTransports.withToken(running.port(), token))
            .clientInfo(new McpSchema.Implementation("claude", "1.0"))
            .requestTimeout(WAIT)
            .initializationTimeout(WAIT);
    if (root != null) {
      spec.capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
          .roots(new McpSchema.Root("file://" + root, "project"));
    }
    McpSyncClient client = spec.build();
    toClose.add(client::closeGracefully);
    client.initialize();
  }

  /** A provider bound to {@code sessionId}, gating {@code git push}, and what it was told of it. */
  private record Guard(WsProvider provider, JsonNode told) {}

  private Guard guard(String sessionId) {
    WsProvider provider = WsProvider.connect(running.url());
    toClose.add(provider);
    provider.send(
        "{\"type\":\"auth\",\"token\":\""
            + running.gateway().credentials().providerToken()
            + "\"}");
    JsonNode told = null;
    for (JsonNode one : provider.next("sessions").path("active")) {
      if (one.path("id").asText().equals(sessionId)) {
        told = one;
      }
    }
    assertThat(told).as("the session among those the provider is told of").isNotNull();
    provider.send(
        "{\"type\":\"hello\",\"name\":\"ci-guard\",\"protocolVersion\":2,\"session\":\""
            + sessionId
            + "\",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\",\"args\":\"git push\"},"
            + "\"action\":\"gate\",\"gateId\":\"ci-green\"}]}}");
    provider.next("hello.ack");
    assertThat(provider.next("session.lifecycle").get("state").asText()).isEqualTo("started");
    return new Guard(provider, told);
  }

  /** Claude Code's HTTP hook request with a recorded payload, as Claude Code sends it. */
  private CompletableFuture<HttpResponse<String>> hook(String payloadName) throws IOException {
    String body;
    try (InputStream in =
        AgentTokenSessionTest.class.getResourceAsStream("/hooks/" + payloadName)) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    return http.sendAsync(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.port() + "/hooks/claude"))
            .timeout(WAIT)
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + hookToken)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode decision(CompletableFuture<HttpResponse<String>> response)
      throws Exception {
    HttpResponse<String> done = response.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
    return JSON.readTree(done.body()).path("hookSpecificOutput");
  }
}
