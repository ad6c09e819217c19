package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.protocol.ReloadReport;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reloading a config's providers while their session lives (issue 21, item 3; architecture,
 * decision 34; X-RELOAD-06..11): the app with {@code --rpc}, real providers from {@code examples/}
 * (the Node guardrail over WebSocket, the Python greeter over stdio) and an MCP server (the
 * filesystem server from the npm registry); {@code providers.reload} restarts them and the session
 * hears of it once; a changed config starts and stops entries; a broken one changes nothing; {@code
 * --watch} reloads a provider whose file was edited.
 */
@Tag("process")
class ReloadAppTest {

  @TempDir Path tmp;

  private Path config(String... entries) throws IOException {
    Path config = tmp.resolve("providers.json");
    Files.writeString(config, "{\"providers\":[" + String.join(",", entries) + "]}");
    return config;
  }

  private static String quoted(List<String> parts) {
    List<String> quoted = new ArrayList<>();
    parts.forEach(part -> quoted.add("\"" + part + "\""));
    return "[" + String.join(",", quoted) + "]";
  }

  /** The Python greeter of examples/stdio over stdio, run from {@code dir}. */
  private static String greeter(Path dir) {
    return "{\"name\":\"greeter\",\"transport\":\"stdio\",\"cwd\":\""
        + dir
        + "\",\"command\":[\"python3\",\"greet.py\"]}";
  }

  /** The guardrail of examples/node over WebSocket (its tool: ci_status). */
  private static String guard() throws Exception {
    return "{\"name\":\"ci-guard\",\"cwd\":\""
        + Interop.nodeExamples()
        + "\",\"command\":[\"node\",\"guardrail.mjs\"]}";
  }

  /**
   * The app in this JVM ({@code --rpc --port 0}): a JVM of its own took over 10 s to start on a
   * loaded machine; its providers are processes of their own either way.
   */
  private RpcApp start(Path config, String... more) {
    List<String> args = new ArrayList<>(List.of("--config", config.toString()));
    args.addAll(List.of(more));
    return RpcApp.start(tmp.resolve("home"), args.toArray(String[]::new));
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

  /** The {@code tools.changed} events so far. */
  private static List<JsonNode> toolsChanged(RpcApp app) {
    return app.lines().stream()
        .filter(line -> "tools.changed".equals(line.path("event").asText(null)))
        .toList();
  }

  /**
   * Waits for a {@code tools.changed} with all of {@code tools}, after the first {@code after}
   * ones.
   */
  private static JsonNode awaitTools(RpcApp app, int after, String... tools) {
    app.awaitLine(
        "tools.changed with " + List.of(tools) + " after the first " + after,
        line -> {
          List<JsonNode> changed = toolsChanged(app);
          return changed.size() > after
              && changed.subList(after, changed.size()).stream()
                  .anyMatch(
                      event ->
                          List.of(tools).stream()
                              .allMatch(
                                  tool ->
                                      event.get("tools").toString().contains("\"" + tool + "\"")));
        });
    return toolsChanged(app).get(toolsChanged(app).size() - 1);
  }

  private static String providerIds(RpcApp app) {
    StringBuilder ids = new StringBuilder();
    app.request("{\"cmd\":\"providers.list\"}")
        .get("providers")
        .forEach(
            p -> {
              ids.append(p.get("name").asText())
                  .append('=')
                  .append(p.get("providerId").asText())
                  .append(' ');
            });
    return ids.toString();
  }

  private static Path examples() {
    return Interop.repoRoot().resolve("examples/stdio");
  }

  @Test
  void providersReloadRestartsAWebSocketAStdioProviderAndAnMcpServerAndTheSessionHearsOnce()
      throws Exception {
    Path servers = Interop.mcpServers();
    Path sandbox = Files.createDirectories(tmp.resolve("sandbox")).toRealPath();
    String fs =
        "{\"name\":\"fs\",\"mcp\":\"stdio\",\"toolPrefix\":\"fs_\",\"command\":"
            + quoted(
                List.of(
                    "node",
                    servers
                        .resolve(
                            "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js")
                        .toString(),
                    sandbox.toString()))
            + "}";
    try (RpcApp app = start(config(guard(), greeter(examples()), fs))) {
      String session = app.startSession();
      awaitTools(app, 0, "ci_status", "greet", "fs_list_allowed_directories");
      String before = providerIds(app);
      int heard = toolsChanged(app).size();
      // Sent before the reload, so it is in flight at the greeter when the reload stops it.
      int waiting = app.sendWithId(call(session, "wait", "{\"ms\":60000}"));

      JsonNode reloaded = app.request("{\"cmd\":\"providers.reload\"}");

      assertThat(reloaded.get("ok").asBoolean()).as(reloaded.toString()).isTrue();
      assertThat(reloaded.get("restarted").toString())
          .isEqualTo("[\"ci-guard\",\"greeter\",\"fs\"]");
      assertThat(reloaded.get("started").isEmpty()).isTrue();
      assertThat(reloaded.get("stopped").isEmpty()).isTrue();
      JsonNode inFlight = app.reply(com.fasterxml.jackson.databind.node.IntNode.valueOf(waiting));
      assertThat(inFlight.at("/outcome/errorCode").asText())
          .as(inFlight.toString())
          .isEqualTo("DISCONNECTED");
      awaitTools(app, heard, "ci_status", "greet", "fs_list_allowed_directories");

      JsonNode greeted = app.request(call(session, "greet", "{\"name\":\"Ada\"}"));
      JsonNode guarded = app.request(call(session, "ci_status", "{\"red\":false}"));
      JsonNode listed = app.request(call(session, "fs_list_allowed_directories", "{}"));
      assertThat(greeted.at("/outcome/data").asText())
          .as(greeted.toString())
          .isEqualTo("Hello, Ada!");
      assertThat(guarded.at("/outcome/data").asText())
          .as(guarded.toString())
          .isEqualTo("CI is now green");
      assertThat(listed.at("/outcome/status").asText()).as(listed.toString()).isEqualTo("success");
      assertThat(toolsChanged(app))
          .as("the reload is one change for the session")
          .hasSize(heard + 1);
      assertThat(app.request("{\"cmd\":\"sessions.list\"}").get("sessions").toString())
          .contains(session);
      String after = providerIds(app);
      assertThat(after).contains("ci-guard=", "greeter=", "fs=").isNotEqualTo(before);
      for (String provider : before.split(" ")) {
        assertThat(after).as("a new connection for each").doesNotContain(provider + " ");
      }
    }
  }

  @Test
  void aChangedConfigStartsWhatWasAddedStopsWhatWasRemovedAndLeavesTheRestRunning()
      throws Exception {
    Path config = config(greeter(examples()));
    try (RpcApp app = start(config)) {
      String session = app.startSession();
      awaitTools(app, 0, "greet");
      String greeterId = providerIds(app);
      int heard = toolsChanged(app).size();
      Files.writeString(config, "{\"providers\":[" + greeter(examples()) + "," + guard() + "]}");

      JsonNode added = app.request("{\"cmd\":\"providers.reload\",\"name\":\"ci-guard\"}");

      assertThat(added.get("started").toString()).as(added.toString()).isEqualTo("[\"ci-guard\"]");
      assertThat(added.get("restarted").isEmpty()).isTrue();
      awaitTools(app, heard, "greet", "ci_status");
      assertThat(providerIds(app)).contains(greeterId.strip());

      heard = toolsChanged(app).size();
      Files.writeString(config, "{\"providers\":[" + guard() + "]}");
      JsonNode removed = app.request("{\"cmd\":\"providers.reload\",\"name\":\"greeter\"}");

      assertThat(removed.get("stopped").toString())
          .as(removed.toString())
          .isEqualTo("[\"greeter\"]");
      JsonNode now =
          app.awaitLine(
              "tools.changed without greet",
              line ->
                  "tools.changed".equals(line.path("event").asText(null))
                      && !line.get("tools").toString().contains("\"greet\"")
                      && line.get("tools").toString().contains("ci_status"));
      assertThat(now.get("sessionId").asText()).isEqualTo(session);
      assertThat(
              app.request(call(session, "greet", "{\"name\":\"Ada\"}"))
                  .at("/outcome/errorCode")
                  .asText())
          .isEqualTo("NOT_FOUND");

      JsonNode unknown = app.request("{\"cmd\":\"providers.reload\",\"name\":\"nobody\"}");
      assertThat(unknown.at("/error/code").asText())
          .as(unknown.toString())
          .isEqualTo("INVALID_ARGUMENT");
      assertThat(unknown.at("/error/message").asText())
          .contains("no config entry 'nobody'")
          .contains("ci-guard");
    }
  }

  @Test
  void aConfigThatNoLongerReadsIsReportedAndNothingChanges() throws Exception {
    Path config = config(greeter(examples()));
    try (RpcApp app = start(config)) {
      String session = app.startSession();
      awaitTools(app, 0, "greet");
      String before = providerIds(app);
      int heard = toolsChanged(app).size();
      Files.writeString(config, "{\"providers\":[" + greeter(examples()) + ",]}");

      JsonNode refused = app.request("{\"cmd\":\"providers.reload\"}");

      assertThat(refused.at("/error/code").asText())
          .as(refused.toString())
          .isEqualTo("INVALID_CONFIG");
      assertThat(refused.at("/error/message").asText())
          .contains("not valid JSON at line 1")
          .contains("nothing was reloaded")
          .doesNotContain("[Source");
      assertThat(
              app.request(call(session, "greet", "{\"name\":\"Ada\"}"))
                  .at("/outcome/data")
                  .asText())
          .isEqualTo("Hello, Ada!");
      assertThat(providerIds(app)).isEqualTo(before);
      assertThat(toolsChanged(app)).hasSize(heard);
    }
  }

  @Test
  void withWatchEditingAProvidersScriptRestartsItAloneAndEditingTheConfigStartsAnAddedEntry()
      throws Exception {
    Path mine = Files.createDirectories(tmp.resolve("mine"));
    Files.copy(examples().resolve("greet.py"), mine.resolve("greet.py"));
    String guard = guard();
    Path config = config(greeter(mine), guard);
    try (RpcApp app = start(config, "--watch")) {
      String session = app.startSession();
      awaitTools(app, 0, "greet", "ci_status");
      String before = providerIds(app);
      String guardId = before.replaceAll(".*(ci-guard=\\S+).*", "$1");
      int heard = toolsChanged(app).size();

      Files.writeString(
          mine.resolve("greet.py"), Files.readString(mine.resolve("greet.py")) + "\n# edited\n");

      app.awaitEvent(
          "session.log",
          line ->
              line.path("message")
                  .asText()
                  .equals("Reloaded (files of greeter changed): restarted greeter"));
      awaitTools(app, heard, "greet", "ci_status");
      assertThat(
              app.request(call(session, "greet", "{\"name\":\"Bo\"}")).at("/outcome/data").asText())
          .isEqualTo("Hello, Bo!");
      String after = providerIds(app);
      assertThat(after).as("the guard was not restarted").contains(guardId);
      assertThat(after).doesNotContain(before.replaceAll(".*(greeter=\\S+).*", "$1"));

      // Half-way through an edit the config does not read: nothing changes, the timeline says why.
      Files.writeString(config, "{\"providers\":[" + greeter(mine) + ",");
      app.awaitEvent(
          "session.log",
          line ->
              line.path("message")
                  .asText()
                  .startsWith("Config not reloaded: config file " + config));
      assertThat(providerIds(app)).isEqualTo(after);

      assumeTrue(jq(), "jq is not installed: the added bash provider is not run");
      Files.writeString(
          config,
          "{\"providers\":["
              + greeter(mine)
              + ","
              + guard
              + ","
              + "{\"name\":\"shouter\",\"transport\":\"stdio\",\"cwd\":\""
              + examples()
              + "\",\"command\":[\"bash\",\"shout.sh\"]}]}");

      app.awaitEvent(
          "session.log",
          line ->
              line.path("message")
                  .asText()
                  .equals("Reloaded (the config file changed): started shouter"));
      awaitTools(app, heard + 1, "greet", "ci_status", "shout");
    }
  }

  @Test
  void anotherHostOfTheGatewayReloadsThroughGatewayClient() throws Exception {
    try (RpcApp app = start(config(greeter(examples())))) {
      app.startSession();
      awaitTools(app, 0, "greet");
      int heard = toolsChanged(app).size();
      URI hosts = URI.create(app.url() + "/host");
      try (GatewayClient client = GatewayClient.connect(hosts, app.token())) {
        ReloadReport report = client.reloadProviders("greeter").get(30, TimeUnit.SECONDS);
        CompletableFuture<ReloadReport> unknown = client.reloadProviders("nobody");

        assertThat(report.restarted()).containsExactly("greeter");
        assertThat(unknown)
            .failsWithin(Duration.ofSeconds(30))
            .withThrowableOfType(ExecutionException.class)
            .havingCause()
            .isInstanceOfSatisfying(
                HostException.class,
                e -> assertThat(e.code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT));
      }
      awaitTools(app, heard, "greet");
    }
  }

  private static boolean jq() {
    try {
      Process jq = new ProcessBuilder("jq", "--version").redirectErrorStream(true).start();
      return jq.waitFor(10, TimeUnit.SECONDS) && jq.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
