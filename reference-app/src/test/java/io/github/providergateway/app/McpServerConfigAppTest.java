package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCP server from the npm registry brought in by a {@code --config} entry (issue 18, X-APP-11):
 * the app (in this JVM; ManyAgentsOneGatewayTest runs an MCP server for a gateway process), its
 * filesystem server started with the session, the server's tools called through {@code --rpc},
 * arguments its schema refuses stopped before it, its stderr and its life in {@code
 * <home>/logs/fs.log}, and the server gone when the app stops.
 */
@Tag("process")
class McpServerConfigAppTest {

  @TempDir Path tmp;

  @Test
  void aFilesystemServerFromTheConfigServesTheSessionThroughTheWholePath() throws Exception {
    Path servers = Interop.mcpServers();
    Path sandbox = Files.createDirectories(tmp.resolve("sandbox")).toRealPath();
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        ("{\"providers\":[{\"name\":\"fs\",\"mcp\":\"stdio\",\"command\":[\"node\",\"%s\",\"%s\"],\"session\":\"first\"}]}")
            .formatted(
                servers.resolve(
                    "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"),
                sandbox));
    Path home = tmp.resolve("home");
    try (RpcApp app = RpcApp.start(home, "--config", config.toString())) {
      String session = app.startSession();
      // node's cold start of the server: seconds at a load of 12 on two cores (a .ci/run beside
      // other builds missed 10 s), the gateway's own answers are bounded elsewhere
      app.awaitEvent(
          "tools.changed",
          event -> event.get("tools").toString().contains("write_file"),
          Duration.ofSeconds(60));

      Path note = sandbox.resolve("note.md");
      JsonNode written =
          app.request(
              call(
                  session,
                  "write_file",
                  "{\"path\":\"" + note + "\",\"content\":\"via the gateway\"}"));
      JsonNode refused = app.request(call(session, "write_file", "{\"path\":\"" + note + "\"}"));
      JsonNode listed = app.request("{\"cmd\":\"providers.list\"}");

      assertThat(written.at("/outcome/status").asText())
          .as(written.toString())
          .isEqualTo("success");
      assertThat(note).hasContent("via the gateway");
      assertThat(refused.at("/outcome/errorCode").asText()).isEqualTo("INVALID_ARGS");
      assertThat(refused.at("/outcome/error").asText())
          .contains("required property 'content' not found");
      assertThat(listed.get("providers").toString())
          .contains("\"name\":\"fs\"")
          .contains("\"trust\":\"project\"");

      app.endInput();
      assertThat(app.awaitExit()).isZero();
    }
    String log = Files.readString(home.resolve("logs").resolve("fs.log"));
    assertThat(log).contains("[provider-gateway").contains("running; its tools are in session");
    assertThat(log)
        .as("the server's own stderr")
        .contains("Secure MCP Filesystem Server running on stdio");
    assertThat(
            ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(sandbox.toString())))
        .as("the server was stopped with the app")
        .isEmpty();
  }

  /**
   * Issue 44: a federated MCP server's tool meets the guard every gateway runs, with the person's
   * plain rule naming the tool and an argument.
   */
  @Test
  void aFederatedServersToolIsDeniedByThePersonsPlainGuardRule() throws Exception {
    Path servers = Interop.mcpServers();
    Path sandbox = Files.createDirectories(tmp.resolve("sandbox")).toRealPath();
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        ("{\"providers\":[{\"name\":\"fs\",\"mcp\":\"stdio\",\"command\":[\"node\",\"%s\",\"%s\"]}],"
                + "\"guard\":{\"rules\":[{\"id\":\"no-env-writes\",\"action\":\"deny\","
                + "\"tool\":\"write_file\",\"arg\":{\"path\":\"*.env\"}}]}}")
            .formatted(
                servers.resolve(
                    "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"),
                sandbox));
    try (RpcApp app = RpcApp.start(tmp.resolve("home"), "--config", config.toString())) {
      String session = app.startSession();
      // node's cold start of the server: seconds at a load of 12 on two cores (a .ci/run beside
      // other builds missed 10 s), the gateway's own answers are bounded elsewhere
      app.awaitEvent(
          "tools.changed",
          event -> event.get("tools").toString().contains("write_file"),
          Duration.ofSeconds(60));

      JsonNode denied =
          app.request(
              call(
                  session,
                  "write_file",
                  "{\"path\":\"" + sandbox.resolve("prod.env") + "\",\"content\":\"K=V\"}"));
      JsonNode written =
          app.request(
              call(
                  session,
                  "write_file",
                  "{\"path\":\"" + sandbox.resolve("note.md") + "\",\"content\":\"ok\"}"));

      assertThat(denied.at("/outcome/status").asText()).as(denied.toString()).isEqualTo("denied");
      assertThat(denied.toString()).contains("guard: no-env-writes");
      assertThat(sandbox.resolve("prod.env")).doesNotExist();
      assertThat(written.at("/outcome/status").asText())
          .as(written.toString())
          .isEqualTo("success");
      app.endInput();
      assertThat(app.awaitExit()).isZero();
    }
  }

  private static String call(String session, String tool, String args) {
    return "{\"cmd\":\"tool.call\",\"sessionId\":\""
        + session
        + "\",\"tool\":\""
        + tool
        + "\",\"args\":"
        + args
        + "}";
  }
}
