package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43: hand-run providers find the gateway by its home and follow it. A gateway of one home is
 * killed with SIGKILL (its token file and gateway.port stay behind, naming a dead gateway), and a
 * new one of the same home starts on another port with a new token; the providers started by hand
 * against the first, told nothing but the home, are bound in the new gateway's session within a few
 * seconds of its listening, and answer calls there. Real processes: the two gateways are {@code
 * java} processes, the Node and Python examples their own, the Java client runs here.
 */
@Tag("process")
class HomeFollowingInteropTest {

  /** How soon after the new gateway listens a provider must be back: 2 s backoff and a margin. */
  private static final Duration BACK_WITHIN = Duration.ofSeconds(5);

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  @TempDir Path tmp;

  @Test
  void handRunNodeAndJavaProvidersFollowTheirHomesGatewayAcrossAKillAndARestartOnAnotherPort()
      throws Exception {
    Path examples = Interop.nodeExamples();
    Path home = tmp.resolve("home");
    int firstPort = Interop.freePort();
    RpcApp first = gateway(home, firstPort, tmp.resolve("gateway-1.log"));
    ProviderSession java = null;
    try (first;
        ProviderProcess node =
            ProviderProcess.start(
                List.of("node", "provider.mjs"),
                examples,
                Map.of("TAP_HOME", home.toString()),
                tmp.resolve("node.log"))) {
      first.startSession();
      java = WebSocketProviderClient.fromEnvironment(pinger(), Map.of("TAP_HOME", home.toString()));
      Interop.connected(first, "node-example", null);
      Interop.connected(first, "java-pinger", null);
      String firstToken = first.token();

      first.kill();
      int secondPort = Interop.freePort();
      assertThat(secondPort).isNotEqualTo(firstPort);
      try (RpcApp second = gateway(home, secondPort, tmp.resolve("gateway-2.log"))) {
        long listening = System.nanoTime();
        String session = second.startSession();

        Interop.connected(second, "node-example", null);
        Interop.connected(second, "java-pinger", null);
        Duration back = Duration.ofNanos(System.nanoTime() - listening);

        assertThat(second.token()).isNotEqualTo(firstToken);
        assertThat(back).as(node.output()).isLessThan(BACK_WITHIN);
        JsonNode greeted =
            second.request(NodeInteropTest.call(session, "greet", "{\"name\":\"again\"}"));
        assertThat(greeted.at("/outcome/data").asText())
            .as(node.output())
            .isEqualTo("Hello, again!");
        JsonNode pinged = second.request(NodeInteropTest.call(session, "ping", "{}"));
        assertThat(pinged.at("/outcome/data").asText()).isEqualTo("pong");
        // Said once, not at every retry: the gateway is away (lost, or not there when the drop
        // came before the hello.ack), then where it was found again.
        assertThat(Interop.linesWith(node, "lost the gateway at", "no gateway at")).hasSize(1);
        assertThat(node.output()).contains("found the gateway at ws://127.0.0.1:" + secondPort);

        java.close();
        java = null;
      }
    } finally {
      if (java != null) {
        java.close();
      }
    }
  }

  /**
   * The gateway of {@code home} on {@code port}, in {@code --rpc} mode as its own {@code java}
   * process (so that it can be killed), its stderr to {@code log}. Waits up to 30 s for it to
   * listen: two test JVMs starting gateways on a busy two-core machine can take longer than {@link
   * RpcApp#WAIT}.
   */
  static RpcApp gateway(Path home, int port, Path log) throws java.io.IOException {
    return RpcApp.startCommand(
        TestJvm.command(
            Main.class,
            List.of("--rpc", "--home", home.toString(), "--port", Integer.toString(port))),
        home,
        log,
        Map.of(),
        Duration.ofSeconds(30));
  }

  private static JavaProvider pinger() {
    return JavaProvider.builder("java-pinger")
        .tool(
            ToolDefinition.of("ping", "Answers pong", CODEC.parseJson("{\"type\":\"object\"}")),
            (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("pong")))
        .build();
  }
}
