package io.github.providergateway.agent.mcp;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A gate's question to the person for a 2026-07-28 client (issue 81): the MCP Java SDK's modern
 * client, written by others, with a form elicitation handler, calls a tool a gate asks about; the
 * call is answered {@code input_required} naming the question, the SDK asks its handler and sends
 * the call again with the answer and the sealed {@code requestState}, and the person's yes runs the
 * call, a no denies it.
 */
class ModernAskTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final GatewayFixture f = GatewayFixture.create();
  private final CompletableFuture<SessionInfo> started = new CompletableFuture<>();
  private final BlockingQueue<McpSchema.ElicitFormRequest> asked = new LinkedBlockingQueue<>();
  private StdioMcpClientTransport transport;
  private McpSyncClient client;
  private RecordingProviderConnection worker;
  private RecordingProviderConnection guard;

  @AfterEach
  void close() throws Exception {
    if (transport != null) {
      transport.close();
    }
    f.close();
  }

  @Test
  void aYesGivenThroughInputRequiredRunsTheCall() throws Exception {
    connect(true);
    CompletableFuture<McpSchema.CallToolResult> call = deploy();
    gateAsks("Deploy main to production?");

    McpSchema.ElicitFormRequest form = asked.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(form).as("the SDK's handler is asked").isNotNull();
    assertThat(form.message())
        .startsWith(
            "provider 'guard', gate 'confirm-deploy', asks before deploy runs: Deploy main to"
                + " production?");
    assertThat(form.requestedSchema()).isEqualTo(ElicitationChannel.ALLOW_SCHEMA);

    worker.await(1, WAIT);
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("\"deployed\"")));
    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).as(result.toString()).isFalse();
  }

  @Test
  void aNoGivenThroughInputRequiredDeniesTheCallAndTheToolNeverRuns() throws Exception {
    connect(false);
    CompletableFuture<McpSchema.CallToolResult> call = deploy();
    gateAsks("Deploy main to production?");

    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isTrue();
    assertThat(result.toString()).contains("The person said no", "mcp input_required");
    worker.assertNoMoreMessages();
  }

  /**
   * The state a call is brought back with is the gateway's, sealed: a tampered one is refused by
   * the seal, one given with other arguments or brought back twice by name, each {@code -32602},
   * and none of them answers the question; the untouched one, once, does.
   */
  @Test
  void aTamperedReplayedOrMovedRequestStateIsRefusedAndOnlyTheRealOneAnswers() throws Exception {
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    f.onSessionStarted(started::complete);
    RawModernClient raw =
        new RawModernClient(
            piped.agentWrites,
            new BufferedReader(new InputStreamReader(piped.agentReads, StandardCharsets.UTF_8)),
            RawModernClient.FORM);
    raw.ask(1, "tools/list", "");
    bindProviders(started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id());
    for (int id = 2; raw.ask(id, "tools/list", "").at("/result/tools").isEmpty(); id++) {
      Thread.onSpinWait();
    }

    String call = "\"name\":\"deploy\",\"arguments\":{\"branch\":\"main\"},";
    raw.send(100, "tools/call", call);
    gateAsks("Deploy?");
    JsonNode required = raw.next();
    assertThat(required.at("/result/resultType").asText())
        .as(required.toString())
        .isEqualTo("input_required");
    String askId = required.at("/result/inputRequests").fieldNames().next();
    String state = required.at("/result/requestState").asText();
    String yes =
        "\"inputResponses\":{\""
            + askId
            + "\":{\"action\":\"accept\",\"content\":{\"allow\":true}}},";

    assertThat(
            raw.ask(101, "tools/call", call + yes + RawModernClient.stated(state + "x"))
                .at("/error/code")
                .asInt())
        .as("tampered")
        .isEqualTo(-32602);
    String moved = "\"name\":\"deploy\",\"arguments\":{\"branch\":\"other\"},";
    assertThat(
            raw.ask(102, "tools/call", moved + yes + RawModernClient.stated(state))
                .at("/error/message")
                .asText())
        .contains("another call's arguments");
    worker.assertNoMoreMessages();

    raw.send(103, "tools/call", call + yes + RawModernClient.stated(state));
    worker.await(1, WAIT);
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("\"deployed\"")));
    JsonNode ran = raw.next();
    assertThat(ran.at("/result/isError").asBoolean(true)).as(ran.toString()).isFalse();

    assertThat(
            raw.ask(104, "tools/call", call + yes + RawModernClient.stated(state))
                .at("/error/code")
                .asInt())
        .as("replayed")
        .isEqualTo(-32602);
    worker.assertNoMoreMessages();
    piped.agentWrites.close();
  }

  private void connect(boolean allow) throws Exception {
    f.onSessionStarted(started::complete);
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    transport =
        StdioMcpClientTransport.builder(piped.agentReads, piped.agentWrites)
            .jsonMapper(Json.MCP)
            .start();
    client =
        McpClient.sync(transport)
            .jsonMapper(Json.MCP)
            .clientInfo(McpSchema.Implementation.builder("modern-agent", "1.0").build())
            .callTimeout(WAIT)
            .formElicitation(
                request -> {
                  asked.add(request);
                  return new McpSchema.ElicitResult(
                      McpSchema.ElicitResult.Action.ACCEPT,
                      Map.of(ElicitationChannel.ALLOW_FIELD, allow));
                })
            .build();
    assertThat(client.listTools().skipCache().list().tools()).isEmpty();
    bindProviders(started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id());
    for (long until = System.nanoTime() + WAIT.toNanos();
        client.listTools().skipCache().list().tools().isEmpty() && System.nanoTime() < until; ) {
      Thread.onSpinWait();
    }
  }

  /**
   * A worker with {@code deploy}, and a guard whose gate asks about every call, in {@code session}.
   */
  private void bindProviders(String session) {
    worker =
        ModernFrontDoorTest.bind(
            f, Hello.builder("worker").session(session).tools(tool("deploy")).build());
    guard =
        ModernFrontDoorTest.bind(
            f,
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "confirm-deploy")), null))
                .extensions(ProtocolExtension.GATE_ASK)
                .build());
    f.settle();
  }

  private CompletableFuture<McpSchema.CallToolResult> deploy() {
    return CompletableFuture.supplyAsync(
        () -> client.tool("deploy").arguments(Map.of("branch", "main")).call(),
        PipedFrontDoor::onItsOwnThread);
  }

  /** The guard's gate, checked about the call, asks the person {@code question}. */
  private void gateAsks(String question) {
    guard.await(1, WAIT);
    GateCheck check = guard.next(GateCheck.class);
    guard.send(GateResult.ask(check.gateId(), check.callId(), question, null));
  }
}
