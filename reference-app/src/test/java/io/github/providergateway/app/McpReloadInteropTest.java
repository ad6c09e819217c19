package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.testing.FreePorts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reload while an agent session is live (issue 21, item 3; X-RELOAD-13): the shared gateway runs
 * with a {@code --config} whose Python greeter (examples/stdio) it spawns for each session; the
 * official TypeScript MCP SDK's client is connected through {@code gateway mcp}, calls {@code
 * greet}, a host sends {@code providers.reload} over {@code /host}, and the client hears exactly one
 * {@code notifications/tools/list_changed} and calls {@code greet} again on the same session. The
 * script is {@code mcp-interop/mcp-reload.mjs}.
 */
class McpReloadInteropTest {

  private static final Duration RUN_WAIT = Duration.ofSeconds(120);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path tmp;
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void killEverything() throws Exception {
    for (Process process : started) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.onExit().get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aReloadIsOneToolListChangeForTheAgentAndItsSessionGoesOn() throws Exception {
    Path dir = Interop.mcpClient();
    Path home = tmp.resolve("home");
    int port = FreePorts.pick();
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        "{\"providers\":[{\"name\":\"greeter\",\"transport\":\"stdio\",\"cwd\":\""
            + Interop.repoRoot().resolve("examples/stdio") + "\",\"command\":[\"python3\",\"greet.py\"]}]}");
    // The shared gateway, as `./gateway --detached --config` runs it without a terminal.
    started.add(
        new ProcessBuilder(
                TestJvm.command(
                    Main.class,
                    List.of("--detached", "--home", home.toString(), "--port", Integer.toString(port),
                        "--config", config.toString(), "--idle-exit-grace", "2m")))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectOutput(tmp.resolve("detached.out").toFile())
            .redirectErrorStream(true)
            .start());
    awaitFile(home.resolve("gateway.port"));

    List<String> mcp = TestJvm.command(Main.class, List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
    Path log = tmp.resolve("mcp-reload.log");
    ProcessBuilder node = new ProcessBuilder("node", "mcp-reload.mjs").directory(dir.toFile());
    node.environment().put("MCP_E2E_COMMAND", JSON.writeValueAsString(mcp));
    node.environment().put("MCP_E2E_HOME", home.toString());
    node.environment().put("MCP_E2E_PORT", Integer.toString(port));
    node.redirectError(log.toFile());
    node.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process client = node.start();
    started.add(client);
    String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(client.waitFor(RUN_WAIT.toSeconds(), TimeUnit.SECONDS)).as("the script ends; see %s", log).isTrue();
    JsonNode result = JSON.readTree(out.isBlank() ? "{}" : out);
    assertThat(result.path("error").asText(null))
        .as("the script failed; its log:%n%s%ngateway log:%n%s", Files.readString(log), gatewayLog(home))
        .isNull();
    JsonNode observed = result.get("observed");

    assertThat(observed.at("/callBefore/content/0/text").asText()).isEqualTo("Hello, Ada!");
    assertThat(observed.at("/reloaded/restarted").toString()).isEqualTo("[\"greeter\"]");
    assertThat(observed.get("listChanged").asInt()).as("one tools/list_changed for the reload").isEqualTo(1);
    assertThat(observed.get("after")).isEqualTo(observed.get("before"));
    assertThat(observed.at("/callAfter/content/0/text").asText()).isEqualTo("Hello, Bo!");
    assertThat(observed.at("/callAfter/isError").asBoolean()).isFalse();
  }

  private static String gatewayLog(Path home) throws java.io.IOException {
    Path log = home.resolve("logs/gateway.log");
    return Files.exists(log) ? Files.readString(log) : "(none)";
  }

  private static void awaitFile(Path file) {
    long deadline = System.nanoTime() + RUN_WAIT.toNanos();
    while (!Files.exists(file)) {
      assertThat(System.nanoTime()).as("%s is written", file).isLessThan(deadline);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }
  }
}
