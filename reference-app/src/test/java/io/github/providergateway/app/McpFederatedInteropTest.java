package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.dist.RuntimeCopy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What MCP servers configured as providers offer beyond tools, through {@code gateway mcp} (a stdio
 * window, which asks the shared gateway over the host protocol) to a client nobody here wrote: the
 * TypeScript SDK v2 client, pinned to 2026-07-28 and then in its 2025 era ({@code mode: "legacy"}),
 * decision 123. Two servers on the official TypeScript SDK ({@code mcp-interop/docs-server.mjs}),
 * "docs" and "wiki" (prefix {@code wiki_}), each with its readme; both offer {@code docs://shared}.
 * The script {@code mcp-interop/mcp-federated.mjs} runs the checks and prints what it observed.
 */
@Tag("process")
class McpFederatedInteropTest {

  private static final Duration RUN_WAIT = Duration.ofSeconds(180);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path home;
  private static RpcApp app;
  private static Process client;
  private static ScriptChecks script;

  @BeforeAll
  static void runTheClientScript() throws Exception {
    Path dir = Interop.mcpClient();
    Path config = home.resolveSibling(home.getFileName() + "-federated.json");
    Files.writeString(
        config,
        JSON.writeValueAsString(
            Map.of(
                "providers",
                List.of(
                    Map.of(
                        "name",
                        "docs",
                        "mcp",
                        "stdio",
                        "command",
                        List.of("node", "docs-server.mjs", "docs", "shared"),
                        "cwd",
                        dir.toString()),
                    Map.of(
                        "name",
                        "wiki",
                        "mcp",
                        "stdio",
                        "command",
                        List.of("node", "docs-server.mjs", "wiki", "shared"),
                        "cwd",
                        dir.toString(),
                        "toolPrefix",
                        "wiki_")))));
    app = RpcApp.start(home, "--config", config.toString());
    int port = app.url().getPort();
    List<String> mcp =
        TestJvm.command(
            Main.class,
            List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
    ProcessBuilder node = new ProcessBuilder("node", "mcp-federated.mjs").directory(dir.toFile());
    node.environment().put("MCP_E2E_COMMAND", JSON.writeValueAsString(mcp));
    node.environment().put("MCP_E2E_HOME", home.toString());
    script = ScriptChecks.start(node, dir.resolve("mcp-federated.log"));
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

  @ParameterizedTest
  @ValueSource(strings = {"modern", "legacy"})
  void bothServersResourcesPromptsAndCompletionsReachTheClientInEachEra(String era)
      throws Exception {
    JsonNode seen = script.observed(era);
    assertThat(seen.get("era").asText()).isEqualTo(era);
    assertThat(seen.get("resources").toString())
        .as("each server's readme; docs://shared, which both offer, by neither")
        .isEqualTo("[\"docs://docs/readme\",\"docs://wiki/readme\"]");
    assertThat(seen.get("templates").toString()).isEqualTo("[\"docs://pages/{page}\"]");
    assertThat(seen.get("read").asText()).isEqualTo("wiki says: docs://wiki/readme");
    assertThat(seen.get("page").asText()).isEqualTo("docs says: docs://pages/intro");
    assertThat(seen.get("prompts").toString())
        .isEqualTo("[\"explain\",\"gateway-context\",\"wiki_explain\"]");
    assertThat(seen.get("prompt").toString())
        .isEqualTo("[\"text:Explain gates\",\"resource:docs://wiki/readme\"]");
    assertThat(seen.get("completed").toString()).isEqualTo("[\"gates\",\"gateways\"]");
    assertThat(seen.at("/shared/code").asInt()).isEqualTo(-32602);
    assertThat(seen.at("/shared/message").asText())
        .contains(
            "docs://shared is offered by more than one MCP server of this session (docs, wiki)");
    assertThat(seen.at("/unknown/code").asInt()).isEqualTo(-32602);
  }
}
