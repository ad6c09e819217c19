package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.await;
import static io.github.providergateway.transport.ws.ServerFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import io.github.providergateway.transport.testing.JdkProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gates that rewrite arguments (extension {@code gate.args}, decision 33) with every part real: a
 * Java gate through the provider client, a tool provider on the JDK's WebSocket, and a host of the
 * gateway through {@link GatewayClient} on {@code /host}.
 */
class ArgsRewriteOverWebSocketTest {

  private static final ToolDefinition DEPLOY =
      ToolDefinition.of(
          "deploy",
          "Deploy a branch",
          json(
              """
          {"type":"object","properties":{"branch":{"type":"string"}},"required":["branch"],
           "additionalProperties":false}"""));

  @TempDir Path home;
  private Gateway gateway;
  private HostService hosts;
  private WebSocketServer server;

  @BeforeEach
  void start() throws IOException {
    gateway = Gateway.builder().home(home).limits(ServerFixture.PATIENT_LIMITS).build();
    hosts = HostService.builder(gateway).backend(Backend.system()).build();
    server = WebSocketServer.builder(gateway).port(0).hosts(hosts).build().start();
  }

  @AfterEach
  void stop() {
    server.close();
    hosts.close();
    gateway.close();
  }

  /**
   * Pins every deploy to {@code main}, except that a branch named {@code sloppy} becomes a number
   * (which the tool's schema refuses), and adds {@code --dry-run} to every shell command.
   */
  private static GateVerdict pin(GateCheck check) {
    ObjectNode args = check.args().deepCopy();
    if (check.tool().equals("shell")) {
      args.put("command", args.path("command").asText() + " --dry-run");
    } else if (args.path("branch").asText().equals("sloppy")) {
      args.put("branch", 5);
    } else {
      args.put("branch", "main");
    }
    return GateVerdict.rewrite(args);
  }

  private JdkProvider deployer(String session) throws InterruptedException {
    JdkProvider deployer = JdkProvider.connect(server.url());
    deployer.send(Auth.withToken(gateway.credentials().providerToken()));
    deployer.next(Sessions.class);
    deployer.send(Hello.builder("deployer").session(session).tools(DEPLOY).build());
    deployer.next(HelloAck.class);
    deployer.next(SessionLifecycle.class);
    return deployer;
  }

  @Test
  void aJavaGatesRewriteCrossesTheSocketsAndTheRemoteHostIsToldTheFinalArguments()
      throws Exception {
    try (GatewayClient client =
        GatewayClient.connect(server.hostUrl(), gateway.credentials().providerToken())) {
      String session =
          await(client.startSession(SessionSpec.of("remote", "/code"), new RecordingSessionHost()))
              .id();
      JavaProvider guard =
          JavaProvider.builder("pinner")
              .session(session)
              .extension(ProtocolExtension.GATE_ARGS)
              .gate(null, "pin-branch", check -> CompletableFuture.completedFuture(pin(check)))
              .build();
      ProviderSession guardSession =
          WebSocketProviderClient.connect(
              URI.create("ws://127.0.0.1:" + server.port() + "/"),
              gateway.credentials().providerToken(),
              guard);
      try (JdkProvider deployer = deployer(session)) {
        assertThat(
                await(guardSession.bound().toCompletableFuture())
                    .accepted(ProtocolExtension.GATE_ARGS))
            .isTrue();

        CompletableFuture<CallResult> call =
            client.callTool(
                session, "deploy", json("{\"branch\":\"feature\"}"), Duration.ofSeconds(10));
        ToolCall sent = deployer.next(ToolCall.class);
        deployer.send(ToolResult.success(sent.id(), json("\"deployed\"")));
        CallResult result = await(call);
        HookDecision shell =
            await(client.preToolUse(session, "shell", json("{\"command\":\"git push\"}")));
        CallResult refused =
            await(
                client.callTool(
                    session, "deploy", json("{\"branch\":\"sloppy\"}"), Duration.ofSeconds(10)));

        assertThat(sent.args()).isEqualTo(json("{\"branch\":\"main\"}"));
        assertThat(result.outcome()).isEqualTo(ToolOutcome.success(json("\"deployed\"")));
        assertThat(result.updatedArgs()).isEqualTo(json("{\"branch\":\"main\"}"));
        assertThat(shell)
            .isEqualTo(HookDecision.allow(List.of(), json("{\"command\":\"git push --dry-run\"}")));
        assertThat(((ToolOutcome.Denied) refused.outcome()).reason())
            .contains("gate 'pin-branch' of provider 'pinner'")
            .contains("do not match its schema")
            .contains("/branch");
        // The refused call never reached the tool: the next message it gets is the next call.
        CompletableFuture<CallResult> next =
            client.callTool(session, "deploy", json("{\"branch\":\"x\"}"), Duration.ofSeconds(10));
        ToolCall probe = deployer.next(ToolCall.class);
        deployer.send(ToolResult.success(probe.id(), json("1")));
        assertThat(await(next).updatedArgs()).isEqualTo(json("{\"branch\":\"main\"}"));
      } finally {
        guardSession.close();
      }
    }
  }
}
