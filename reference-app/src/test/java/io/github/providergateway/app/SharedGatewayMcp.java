package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A shared gateway as {@code ./gateway --detached --config} runs it without a terminal, and a
 * script of {@code src/test/resources/mcp-interop} (the TypeScript MCP SDK's client) driving {@code
 * gateway mcp} joined to it: what the MCP interop tests of agent sessions share. The script gets
 * {@code MCP_E2E_COMMAND}, {@code MCP_E2E_HOME} and {@code MCP_E2E_PORT} and prints one JSON line,
 * {@code {"observed": …}} or {@code {"error": …}}. Closing kills every process it started.
 */
final class SharedGatewayMcp implements AutoCloseable {

  private static final Duration RUN_WAIT = Duration.ofSeconds(120);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path tmp;
  private final Path home;
  private final int port;
  private final List<Process> started = new ArrayList<>();

  private SharedGatewayMcp(Path tmp, Path home, int port) {
    this.tmp = tmp;
    this.home = home;
    this.port = port;
  }

  /** Starts the shared gateway in {@code tmp}, its project config {@code configJson}. */
  static SharedGatewayMcp start(Path tmp, String configJson) throws IOException {
    SharedGatewayMcp gateway = new SharedGatewayMcp(tmp, tmp.resolve("home"), FreePorts.pick());
    Path config = tmp.resolve("providers.json");
    Files.writeString(config, configJson);
    gateway.started.add(
        new ProcessBuilder(
                TestJvm.command(
                    Main.class,
                    List.of(
                        "--detached",
                        "--home",
                        gateway.home.toString(),
                        "--port",
                        Integer.toString(gateway.port),
                        "--config",
                        config.toString(),
                        "--idle-exit-grace",
                        "2m")))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectOutput(tmp.resolve("detached.out").toFile())
            .redirectErrorStream(true)
            .start());
    awaitFile(gateway.home.resolve("gateway.port"));
    return gateway;
  }

  /**
   * Runs {@code script} of mcp-interop to its end; {@return what it observed} (fails on its error).
   */
  JsonNode observe(String script) throws Exception {
    return observe(script, List.of());
  }

  /**
   * As {@link #observe(String)}, the script run by {@code runner} ({@code /path/to/claude}, a
   * program that runs its arguments as an agent's tool would): its client is then one an agent's
   * model runs (issue 75).
   */
  JsonNode observe(String script, List<String> runner) throws Exception {
    Path dir = Interop.mcpClient();
    List<String> mcp =
        TestJvm.command(
            Main.class,
            List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
    Path log = tmp.resolve(script + ".log");
    List<String> command = new ArrayList<>(runner);
    command.addAll(List.of("node", script));
    ProcessBuilder node = new ProcessBuilder(command).directory(dir.toFile());
    node.environment().put("MCP_E2E_COMMAND", JSON.writeValueAsString(mcp));
    node.environment().put("MCP_E2E_HOME", home.toString());
    node.environment().put("MCP_E2E_PORT", Integer.toString(port));
    node.redirectError(log.toFile());
    node.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process client = node.start();
    started.add(client);
    String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(client.waitFor(RUN_WAIT.toSeconds(), TimeUnit.SECONDS))
        .as("the script ends; see %s", log)
        .isTrue();
    JsonNode result = JSON.readTree(out.isBlank() ? "{}" : out);
    assertThat(result.path("error").asText(null))
        .as(
            "the script failed; its log:%n%s%ngateway log:%n%s",
            Files.readString(log), gatewayLog())
        .isNull();
    return result.get("observed");
  }

  private String gatewayLog() throws IOException {
    Path log = home.resolve("logs/gateway.log");
    return Files.exists(log) ? Files.readString(log) : "(none)";
  }

  private static void awaitFile(Path file) {
    Await.until(RUN_WAIT, () -> Files.exists(file), () -> file + " is written");
  }

  @Override
  public void close() throws Exception {
    for (Process process : started) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.onExit().get(10, TimeUnit.SECONDS);
    }
  }
}
