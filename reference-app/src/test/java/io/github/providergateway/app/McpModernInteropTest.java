package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.dist.RuntimeCopy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway mcp} in MCP's 2026-07-28 era, driven by a client nobody here wrote: the TypeScript
 * SDK v2 client ({@code @modelcontextprotocol/client}, pinned in {@code mcp-interop/package.json}),
 * pinned to the revision and in {@code auto}, which probes with {@code server/discover} on a
 * sibling process and keeps the era it finds (issue 81, decision 112). The script {@code
 * mcp-interop/mcp-modern.mjs} runs every check once and prints what it observed.
 */
@Tag("process")
class McpModernInteropTest {

  private static final Duration RUN_WAIT = Duration.ofSeconds(180);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path home;
  private static RpcApp app;
  private static Process client;
  private static ScriptChecks script;

  @BeforeAll
  static void runTheClientScript() throws Exception {
    Path dir = Interop.mcpClient();
    app = RpcApp.start(home);
    int port = app.url().getPort();
    List<String> mcp =
        TestJvm.command(
            Main.class,
            List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
    ProcessBuilder node = new ProcessBuilder("node", "mcp-modern.mjs").directory(dir.toFile());
    node.environment().put("MCP_E2E_COMMAND", JSON.writeValueAsString(mcp));
    node.environment().put("MCP_E2E_HOME", home.toString());
    node.environment()
        .put(
            "MCP_HTTP_CONFIG",
            JSON.writeValueAsString(Interop.printedHttpConfig(home, port, "ts-sdk-v2")));
    script = ScriptChecks.start(node, dir.resolve("mcp-modern.log"));
    client = script.process();
    script.await(RUN_WAIT);
  }

  @AfterAll
  static void killEverything() throws Exception {
    if (app != null) {
      app.close();
    }
    if (client != null) {
      client.descendants().forEach(ProcessHandle::destroyForcibly);
      client.destroyForcibly();
    }
    List<ProcessHandle> ours =
        ProcessHandle.allProcesses()
            .filter(p -> RuntimeCopy.argumentsOf(p).contains(home.toString()))
            .toList();
    ours.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle process : ours) {
      process.onExit().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void pinnedTo20260728TheClientConnectsInTheModernEra() throws Exception {
    JsonNode pinned = script.observed("pinned");
    assertThat(pinned.get("era").asText()).isEqualTo("modern");
    assertThat(pinned.get("version").asText()).isEqualTo("2026-07-28");
  }

  @Test
  void inTheModernEraTheSessionsToolsAreListedCalledAndGated() throws Exception {
    JsonNode call = script.observed("callInModernEra");
    assertThat(call.get("tools").toString()).isEqualTo("[\"deploy\",\"lookup\"]");
    assertThat(call.get("ttlMs").asInt()).isZero();
    assertThat(call.get("cacheScope").asText()).isEqualTo("private");
    assertThat(call.at("/called/isError").asBoolean()).isFalse();
    assertThat(call.at("/called/structuredContent"))
        .isEqualTo(JSON.readTree("{\"answer\":42,\"asked\":\"meaning\"}"));
    assertThat(call.at("/denied/isError").asBoolean()).isTrue();
    assertThat(call.at("/denied/content/0/text").asText())
        .isEqualTo("Denied by the provider gateway: Deploys are frozen.");
  }

  @Test
  void overHttpTheClientIsServedInTheModernEraWithNoSessionIdAndSeesTheSameSessionsTools()
      throws Exception {
    JsonNode http = script.observed("httpPinned");
    assertThat(http.get("era").asText()).isEqualTo("modern");
    assertThat(http.get("sessionId").isNull()).isTrue();
    assertThat(http.get("tools").toString()).isEqualTo("[\"lookup\"]");
    assertThat(http.at("/called/structuredContent"))
        .isEqualTo(JSON.readTree("{\"answer\":42,\"asked\":\"again\"}"));
    assertThat(http.get("sessionsOpened").asInt())
        .as("two requests of one token and project: one gateway session")
        .isEqualTo(1);
  }

  @Test
  void inAutoTheClientFindsTheModernEraAndKeepsIt() throws Exception {
    JsonNode auto = script.observed("auto");
    assertThat(auto.get("era").asText()).isEqualTo("modern");
    assertThat(auto.get("version").asText()).isEqualTo("2026-07-28");
  }
}
