package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP front door driven by a client nobody here wrote: the official TypeScript MCP SDK's
 * {@code StreamableHTTPClientTransport}, configured with what {@code gateway mcp --print-config
 * http} printed, against the app's gateway ({@code --rpc}, in this JVM), with providers over
 * WebSocket. The script {@code mcp-interop/mcp-http.mjs} runs every scenario once, in order, and
 * prints what it observed per check; each test here asserts one check. docs/conformance.md,
 * X-MCPHTTP-12..15.
 */
@Tag("process")
class McpHttpInteropTest {

  private static final Duration RUN_WAIT = Duration.ofSeconds(150);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path home;
  private static RpcApp app;
  private static String token;

  /** What the script observed, by check name. */
  private static ScriptChecks script;

  @BeforeAll
  static void runTheClientScript() throws Exception {
    Path dir = Interop.mcpClient();
    app = RpcApp.start(home);
    int port = app.url().getPort();
    JsonNode config = Interop.printedHttpConfig(home, port, "ts-sdk");
    token = config.at("/headers/Authorization").asText().substring("Bearer ".length());

    ProcessBuilder node = new ProcessBuilder("node", "mcp-http.mjs").directory(dir.toFile());
    node.environment().put("MCP_HTTP_CONFIG", JSON.writeValueAsString(config));
    node.environment().put("MCP_HTTP_TOKEN_FILE", app.tokenFile().toString());
    node.environment().put("MCP_HTTP_WS", app.url().toString());
    script = ScriptChecks.start(node, dir.resolve("mcp-http.log")).await(RUN_WAIT);
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  private static JsonNode observed(String name) throws IOException {
    return script.observed(name);
  }

  @Test
  void thePrintedConfigNamesTheLoopbackUrlAndATokenWhoseHashAloneTheHomeKeeps() throws IOException {
    String file = Files.readString(home.resolve(ClientTokens.MCP_HTTP_FILE));
    assertThat(file).contains("\"ts-sdk\"").doesNotContain(token);
    assertThat(token).startsWith("mcp-");
  }

  @Test
  void theSdkInitializesASessionAndListsNoToolsYet() throws IOException {
    JsonNode init = observed("initialize");
    assertThat(init.get("sessionId").asText()).matches("[A-Za-z0-9_-]{43}");
    assertThat(init.at("/serverInfo/name").asText()).isEqualTo("provider-gateway");
    assertThat(init.at("/capabilities/tools/listChanged").asBoolean()).isTrue();
    assertThat(init.get("tools")).isEmpty();
  }

  @Test
  void aProviderJoiningIsHeardAsToolsListChangedOnTheGetStream() throws IOException {
    JsonNode changed = observed("listChangedOverGet");
    assertThat(JSON.convertValue(changed.get("tools"), List.class)).containsExactly("lookup");
    assertThat(changed.get("gets").asInt()).isPositive();
  }

  @Test
  void aCallIsAnsweredByTheRealProvider() throws IOException {
    JsonNode result = observed("callAnsweredByProvider");
    assertThat(result.get("isError").asBoolean()).isFalse();
    assertThat(result.get("structuredContent"))
        .isEqualTo(JSON.readTree("{\"answer\":42,\"asked\":\"meaning\"}"));
  }

  @Test
  void aDroppedGetStreamIsResumedByTheTransportWithLastEventIdAndTheMissedNotificationArrives()
      throws IOException {
    JsonNode resumed = observed("droppedGetResumedByTheTransport");
    assertThat(resumed.get("dropped").asInt()).isEqualTo(1);
    assertThat(JSON.convertValue(resumed.get("resumedWith"), List.class))
        .isNotEmpty()
        .allSatisfy(id -> assertThat(id).isNotNull());
    assertThat(resumed.at("/resumeStatus/0").asInt()).isEqualTo(200);
    assertThat(resumed.get("missed").asText()).isEqualTo("notifications/tools/list_changed");
    assertThat(JSON.convertValue(resumed.get("tools"), List.class))
        .containsExactly("lookup", "while_dropped");
  }

  @Test
  void aClientThatWentAwayComesBackToItsSessionWithLastEventIdAndSeesWhatItMissed()
      throws IOException {
    JsonNode again = observed("closedClientReconnectsWithSessionIdAndLastEventId");
    assertThat(again.get("sameSession").asBoolean()).isTrue();
    assertThat(again.at("/resumedWith/0").asText()).isEqualTo(again.get("lastEventId").asText());
    assertThat(again.get("missed").asText()).isEqualTo("notifications/tools/list_changed");
    assertThat(JSON.convertValue(again.get("tools"), List.class)).containsExactly("lookup");
    assertThat(again.at("/result/structuredContent/asked").asText()).isEqualTo("again");
  }

  @Test
  void deleteEndsTheSessionAndItsIdIsThen404() throws IOException {
    JsonNode deleted = observed("deleteEndsTheSession");
    assertThat(deleted.at("/deleteStatus/0").asInt()).isEqualTo(204);
    assertThat(deleted.get("afterDelete").asInt()).isEqualTo(404);
    assertThat(deleted.get("body").asText()).contains("Session not found");
  }

  @Test
  void aWrongTokenCannotConnect() throws IOException {
    JsonNode refused = observed("wrongTokenIs401");
    assertThat(refused.get("connected").asBoolean()).isFalse();
    assertThat(refused.get("code").asInt()).isEqualTo(401);
  }

  /**
   * A gate that asks the person (extension gate.ask) reaches an HTTP client that declared
   * elicitation: the SDK client's handler sees the gate's question, its yes runs the call, its no
   * denies it (X-ASK rows; the same over stdio is McpAskInteropTest, where the question travels
   * through {@code gateway mcp}'s host connection and is answered "on host (mcp elicitation)"; here
   * the front door is in the gateway and the channel is its own).
   */
  @Test
  void aGatesQuestionReachesTheHttpClientAsElicitationAndItsAnswerDecides() throws IOException {
    JsonNode elicited = observed("elicitationOverHttp");
    assertThat(elicited.get("asked")).hasSize(2);
    assertThat(elicited.at("/asked/0").asText())
        .isEqualTo(
            "provider 'confirm-over-ws', gate 'ask-first', asks before deploy runs: Deploy main?\nArguments:\n{\n  \"q\" : \"main\"\n}");
    assertThat(elicited.at("/results/0/isError").asBoolean())
        .as("yes: %s", elicited.get("results"))
        .isFalse();
    assertThat(elicited.at("/results/0/text").asText()).isEqualTo("deployed main");
    assertThat(elicited.at("/results/1/isError").asBoolean()).as("no").isTrue();
    assertThat(elicited.at("/results/1/text").asText())
        .isEqualTo(
            "Denied by the provider gateway: The person said no (on mcp elicitation) to gate"
                + " 'ask-first' of provider 'confirm-over-ws': Deploy feature?");
    assertThat(elicited.get("errors")).isEmpty();
  }

  @Test
  void theOnlyClientErrorsAreTheDropsTheTestMade() throws IOException {
    JsonNode errors = observed("clientErrors");
    List<String> unexpected = new ArrayList<>();
    errors.forEach(
        e -> {
          if (!e.asText().contains("SSE stream disconnected")) {
            unexpected.add(e.asText());
          }
        });
    assertThat(unexpected).isEmpty();
  }
}
