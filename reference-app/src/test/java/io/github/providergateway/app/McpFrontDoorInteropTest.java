package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway mcp} driven by a client nobody here wrote: the official TypeScript MCP SDK
 * ({@code @modelcontextprotocol/sdk}, installed under {@code target/} by this test like {@code ws}),
 * in {@code src/test/resources/mcp-interop/agents.mjs}. Two agents spawn {@code gateway mcp} on
 * one home; they share one detached gateway, and Node providers bind to each agent's session. The
 * script runs every step once and prints one line per check; each test here asserts one check.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpFrontDoorInteropTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path home;
  private final Map<String, JsonNode> checks = new LinkedHashMap<>();
  private final List<String> stdout = new ArrayList<>();

  @BeforeAll
  void runTheAgents() throws Exception {
    Path dir = installClient();
    int port = freePort();
    List<String> gateway = TestJvm.command(Main.class, List.of());
    ProcessBuilder builder = new ProcessBuilder("node", dir.resolve("agents.mjs").toString()).directory(dir.toFile());
    builder.environment().put("GATEWAY_CMD", JSON.writeValueAsString(gateway));
    builder.environment().put("GATEWAY_HOME", home.toString());
    builder.environment().put("GATEWAY_PORT", Integer.toString(port));
    builder.redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("agents.stderr.log").toFile()));
    Process agents = builder.start();
    try (var lines = agents.inputReader().lines()) {
      lines.forEach(stdout::add);
    }
    assertThat(agents.waitFor(90, TimeUnit.SECONDS)).as("agents.mjs finished").isTrue();
    for (String line : stdout) {
      JsonNode check = JSON.readTree(line);
      checks.put(check.path("check").asText(), check);
    }
  }

  @AfterAll
  void stopTheGateway() {
    SharedGatewayTest.gatewaysOf(home).forEach(ProcessHandle::destroyForcibly);
  }

  private void assertCheck(String name) {
    assertThat(checks.get("error")).as("the script failed: %s", checks.get("error")).isNull();
    JsonNode check = checks.get(name);
    assertThat(check).as("check '%s' ran; script output: %s", name, stdout).isNotNull();
    assertThat(check.path("ok").asBoolean()).as("check '%s': %s", name, check.path("detail")).isTrue();
  }

  @Test
  void initializeNamesTheServerAndItsCapabilities() {
    assertCheck("initialize");
    assertCheck("empty tools before a provider");
  }

  @Test
  void aProviderBindingToTheAgentsSessionIsAnnouncedWithListChanged() {
    assertCheck("list_changed on connect");
  }

  @Test
  void aSuccessfulCallIsTextAndStructuredContent() {
    assertCheck("call succeeds");
  }

  @Test
  void aCallAGateDeniesIsAnErrorWithTheGatesReason() {
    assertCheck("gate denies");
  }

  @Test
  void toolProgressReachesTheClientsOnProgress() {
    assertCheck("progress");
  }

  @Test
  void abortingACallSendsToolCancelToTheProvider() {
    assertCheck("cancel reaches the provider");
  }

  @Test
  void anInjectPushRidesOnTheNextResultAndShowsAsALogMessage() {
    assertCheck("inject rides on the next result");
    assertCheck("timeline as log messages");
  }

  @Test
  void aStreamIsAResourceThatNotifiesItsSubscribers() {
    assertCheck("stream as resource");
    assertCheck("resource updated");
  }

  @Test
  void twoAgentsShareOneGatewayAndSeeOnlyTheirOwnSessionsTools() {
    assertCheck("two agents see only their own tools");
    assertThat(checks.get("done")).as("the script ran to its end: %s", stdout).isNotNull();
  }

  @Test
  void aProviderLeavingIsAnnouncedWithListChanged() {
    assertCheck("list_changed on leave");
  }

  /** The TypeScript SDK and ws, installed once under target/ from the test's package.json. */
  private static Path installClient() throws IOException, InterruptedException {
    Path examples = Interop.nodeExamples(); // skips without Node
    Path dir = examples.getParent().resolve("mcp-interop");
    Files.createDirectories(dir);
    for (String file : List.of("package.json", "agents.mjs")) {
      try (var in = McpFrontDoorInteropTest.class.getResourceAsStream("/mcp-interop/" + file)) {
        Files.copy(in, dir.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    if (!Files.exists(dir.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))) {
      Process npm =
          new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-package-lock")
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("npm-install.log").toFile())
              .start();
      assertThat(npm.waitFor(300, TimeUnit.SECONDS) && npm.exitValue() == 0)
          .as("npm install of @modelcontextprotocol/sdk in %s; see npm-install.log there", dir)
          .isTrue();
    }
    return dir;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
