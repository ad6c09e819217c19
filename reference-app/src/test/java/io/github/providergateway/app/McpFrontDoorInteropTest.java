package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.gateway.testing.FreePorts;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway mcp} driven by a client nobody here wrote: the official TypeScript MCP SDK ({@code
 * Client} + {@code StdioClientTransport}), which spawns {@code Main mcp --home --port} in a child
 * JVM as an agent would, with providers over WebSocket bound to the MCP server's session (by the
 * session label, which is the client's name). The script {@code mcp-interop/mcp-e2e.mjs} runs every
 * scenario once, in order, and prints what it observed per check (about 10 s, most of it starting
 * the JVMs and the gateway); each test here asserts one check. Every process of the test's home
 * (the MCP servers and the detached gateway they started) is killed in {@link #killEverything()}.
 */
@Tag("process")
class McpFrontDoorInteropTest {

  private static final Duration RUN_WAIT = Duration.ofSeconds(120);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path home;
  private static Process client;

  /** What the script observed, by check name. */
  private static ScriptChecks script;

  @BeforeAll
  static void runTheClientScript() throws Exception {
    Path dir = Interop.mcpClient();
    List<String> mcp =
        TestJvm.command(
            Main.class,
            List.of(
                "mcp", "--home", home.toString(), "--port", Integer.toString(FreePorts.pick())));
    ProcessBuilder node = new ProcessBuilder("node", "mcp-e2e.mjs").directory(dir.toFile());
    node.environment().put("MCP_E2E_COMMAND", JSON.writeValueAsString(mcp));
    node.environment().put("MCP_E2E_HOME", home.toString());
    script = ScriptChecks.start(node, dir.resolve("mcp-e2e.log"));
    client = script.process();
    script.await(RUN_WAIT);
  }

  @AfterAll
  static void killEverything() throws Exception {
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

  private static JsonNode observed(String name) throws IOException {
    return script.observed(name);
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(each -> texts.add(each.isTextual() ? each.asText() : each.toString()));
    return texts;
  }

  @Test
  void initializeNamesTheServerAndOffersToolListChangesAndResourceSubscriptions()
      throws IOException {
    JsonNode init = observed("initialize");
    assertThat(init.at("/serverInfo/name").asText()).isEqualTo("provider-gateway");
    assertThat(init.at("/capabilities/tools/listChanged").asBoolean()).isTrue();
    assertThat(init.at("/capabilities/resources/subscribe").asBoolean()).isTrue();
    assertThat(init.get("instructions").asText()).contains("Denied by the provider gateway:");
    assertThat(init.get("tools")).isEmpty();
  }

  @Test
  void theToolListChangesWhenAProviderJoinsTheSessionAndWhenItLeaves() throws IOException {
    // The script waits for notifications/tools/list_changed before each tools/list.
    JsonNode changes = observed("listChanged");
    assertThat(texts(changes.get("afterJoin"))).containsExactly("transient");
    assertThat(changes.get("afterLeave")).isEmpty();
  }

  @Test
  void aSuccessfulCallGivesTheDataAsTextAndAsStructuredContent() throws IOException {
    JsonNode result = observed("callSucceeds");
    assertThat(result.get("isError").asBoolean()).isFalse();
    assertThat(result.at("/content/0/type").asText()).isEqualTo("text");
    assertThat(JSON.readTree(result.at("/content/0/text").asText()))
        .isEqualTo(JSON.readTree("{\"answer\":42,\"asked\":\"meaning\"}"));
    assertThat(result.get("structuredContent"))
        .isEqualTo(JSON.readTree("{\"answer\":42,\"asked\":\"meaning\"}"));
  }

  @Test
  void aCallAGateDeniesIsAnErrorGivingTheGatesReasonAndNeverReachesTheTool() throws IOException {
    JsonNode denied = observed("gateDenies");
    assertThat(denied.at("/result/isError").asBoolean()).isTrue();
    assertThat(denied.at("/result/content/0/text").asText())
        .isEqualTo("Denied by the provider gateway: Deploys are frozen during the e2e test.");
    assertThat(denied.get("gateChecks").asInt()).isEqualTo(1);
    assertThat(denied.get("deployCalls").asInt()).isZero();
  }

  @Test
  void toolProgressReachesTheClientsOnprogressAndAStringResultIsText() throws IOException {
    JsonNode progress = observed("progress");
    assertThat(progress.get("progress").findValuesAsText("message"))
        .containsExactly("compiling", "testing");
    assertThat(progress.get("progress").findValues("progress").stream().map(JsonNode::asInt))
        .containsExactly(1, 2);
    assertThat(progress.at("/result/isError").asBoolean()).isFalse();
    assertThat(progress.at("/result/content/0/text").asText()).isEqualTo("built");
    assertThat(progress.at("/result/structuredContent").isMissingNode()).isTrue();
  }

  @Test
  void abortingACallSendsItsProviderToolCancelAndTheServerDoesNotAnswerIt() throws IOException {
    JsonNode cancel = observed("cancel");
    assertThat(cancel.at("/cancel/reason").asText()).isEqualTo("interrupted");
    assertThat(cancel.get("clientSaw").asText()).contains("the user pressed Esc");
    // A response to the cancelled request would reach the client as an unknown id: an error.
    assertThat(cancel.get("clientErrors")).isEmpty();
  }

  @Test
  void aStreamAProviderPushedToIsAResourceToListReadAndSubscribeTo() throws IOException {
    JsonNode stream = observed("streamResource");
    String uri = "gateway://streams/ci@e2e-tools";
    assertThat(stream.get("resources").findValuesAsText("uri")).containsExactly(uri);
    JsonNode events = JSON.readTree(stream.at("/read/contents/0/text").asText());
    assertThat(events.findValuesAsText("event")).containsExactly("build 7 passed");
    assertThat(events.at("/0/metadata")).isEqualTo(JSON.readTree("{\"run\":7}"));
    // A surface push also shows in the agent's log, from its provider.
    assertThat(stream.at("/logged/params/logger").asText()).isEqualTo("e2e-tools");
    // Subscribed: the next push (keep) is announced, and reading again shows it first.
    assertThat(stream.at("/updated/params/uri").asText()).isEqualTo(uri);
    assertThat(
            JSON.readTree(stream.at("/reread/contents/0/text").asText()).findValuesAsText("event"))
        .containsExactly("build 8 failed", "build 7 passed");
  }

  @Test
  void anInjectPushRidesOnTheNextToolResultOnceAsAMarkedBlock() throws IOException {
    JsonNode inject = observed("injectRidesOnNextResult");
    List<String> next = inject.at("/next/content").findValuesAsText("text");
    assertThat(next.get(next.size() - 1))
        .startsWith("[provider-gateway: events pushed by providers since the last tool result]")
        .contains("- e2e-tools: CI failed on main");
    assertThat(inject.at("/after/content").findValuesAsText("text"))
        .as("delivered once: the result after carries no block")
        .noneMatch(text -> text.startsWith("[provider-gateway"));
  }

  @Test
  void twoAgentsShareOneGatewayAndEachSeesOnlyItsOwnSessionsTools() throws IOException {
    JsonNode two = observed("twoAgents");
    assertThat(two.get("gatewayPids")).hasSize(1);
    assertThat(two.at("/gatewayPids/0").asText()).isEqualTo(two.get("gatewayPidFile").asText());
    assertThat(texts(two.get("sessionLabelsOneProviderSees")))
        .containsExactly("e2e-agent-a", "e2e-agent-b");
    assertThat(two.at("/sessionsOfProviders/a").asText())
        .isNotEqualTo(two.at("/sessionsOfProviders/b").asText());
    assertThat(texts(two.get("toolsOfA"))).containsExactly("build", "deploy", "hang", "lookup");
    assertThat(texts(two.get("toolsOfB"))).containsExactly("b_only");
  }

  @Test
  void theServersStdoutCarriesNothingButJsonRpc() throws IOException {
    // The SDK's stdio transport reports any line that is not a JSON-RPC message as an error.
    JsonNode errors = observed("clientErrors");
    assertThat(errors.get("e2e-agent-a")).isEmpty();
    assertThat(errors.get("e2e-agent-b")).isEmpty();
  }

  @Test
  void eachServerEndsOnItsOwnWhenTheClientClosesItsStdin() throws IOException {
    // Under 2 s: the SDK's client sends SIGTERM only after waiting that long.
    JsonNode closes = observed("close");
    assertThat(closes.get("e2e-agent-a").asLong()).isLessThan(2000);
    assertThat(closes.get("e2e-agent-b").asLong()).isLessThan(2000);
  }
}
