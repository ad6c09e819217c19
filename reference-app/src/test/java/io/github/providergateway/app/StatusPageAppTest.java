package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.transport.testing.RawHttp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference gateway's status page, reached the three ways a person gets a link: the console's
 * {@code status}, {@code ./gateway status} against a running gateway, and {@code status.link} over
 * the host protocol. Each link opens the page once, on the gateway's own port. The page itself,
 * live and in a browser: the status-page module's tests.
 */
class StatusPageAppTest {

  @TempDir Path home;

  @Test
  void theConsolesStatusCommandPrintsALinkThatOpensThePageOnce() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      int before = console.lineCount();
      console.type("status");
      URI link = URI.create(console.awaitLineAfter(before, "/status?open=").strip());

      assertThat(link.getPort()).isEqualTo(console.url().getPort());
      assertThat(open(link).status()).isEqualTo(303);
      assertThat(open(link).status()).as("the same link again").isEqualTo(403);
    }
  }

  @Test
  void gatewayStatusPrintsALinkToTheRunningGatewayAndWhatItHolds() throws Exception {
    try (RpcApp app = RpcApp.start(home)) {
      String session = app.startSession();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();

      int exit =
          Main.run(
              new String[] {
                "status", "--home", home.toString(), "--port", String.valueOf(app.url().getPort())
              },
              new ByteArrayInputStream(new byte[0]),
              out,
              new PrintStream(err, true, StandardCharsets.UTF_8),
              Map.of());

      String printed = out.toString(StandardCharsets.UTF_8);
      assertThat(exit).as("stderr: %s", err).isZero();
      assertThat(printed)
          .contains(
              "1 session, 0 providers, 0 calls in flight"); // the guard is a policy (decision 77)
      URI link =
          URI.create(
              printed
                  .lines()
                  .filter(line -> line.contains("/status?open="))
                  .findFirst()
                  .orElseThrow()
                  .strip());
      RawHttp.Answer opened = open(link);
      assertThat(opened.status()).isEqualTo(303);
      assertThat(printed).doesNotContain(app.token());

      String cookie = opened.headers().get("set-cookie").split(";")[0];
      RawHttp.Answer snapshot =
          RawHttp.get(link.getPort(), "/status/snapshot", Map.of("Cookie", cookie));
      assertThat(snapshot.body()).contains("\"sessions\":[{\"id\":\"" + session + "\"");
      app.endInput();
      app.awaitExit();
    }
  }

  /**
   * Issue 61: every attempt on the guard's own ground leaves a record, as any call does (decision
   * 29): the agent's {@code gateway uninstall}, denied by {@code guard.self} through Claude's HTTP
   * hook, is on the status page with its rule, tool and session.
   */
  @Test
  void anAttemptOnTheGuardsOwnGroundIsOnTheStatusPageWithItsRule() throws Exception {
    try (RpcApp app = RpcApp.start(home)) {
      String session = app.startSession();
      String hookToken =
          io.github.providergateway.agent.tokens.ClientTokens.hooks(home).issue("claude");
      String body =
          "{\"session_id\":\"a1\",\"cwd\":\"/code/test\",\"hook_event_name\":\"PreToolUse\","
              + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"gateway uninstall\"}}";
      java.net.http.HttpResponse<String> hook =
          java.net.http.HttpClient.newBuilder()
              .version(java.net.http.HttpClient.Version.HTTP_1_1)
              .build()
              .send(
                  java.net.http.HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + app.url().getPort() + "/hooks/claude"))
                      .header("Content-Type", "application/json")
                      .header("Authorization", "Bearer " + hookToken)
                      .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(hook.body()).contains("\"permissionDecision\":\"deny\"", "guard.self");

      URI link = URI.create(app.request("{\"cmd\":\"status.link\"}").get("url").asText());
      RawHttp.Answer opened = open(link);
      String cookie = opened.headers().get("set-cookie").split(";")[0];
      JsonNode snapshot =
          new com.fasterxml.jackson.databind.ObjectMapper()
              .readTree(
                  RawHttp.get(link.getPort(), "/status/snapshot", Map.of("Cookie", cookie)).body());

      assertThat(snapshot.get("decisions"))
          .anySatisfy(
              decision -> {
                assertThat(decision.path("outcome").asText()).isEqualTo("deny");
                assertThat(decision.path("reason").asText()).contains("guard.self");
                assertThat(decision.path("tool").asText()).isEqualTo("shell");
                assertThat(decision.path("sessionId").asText()).isEqualTo(session);
              });
      app.endInput();
      app.awaitExit();
    }
  }

  @Test
  void statusLinkOverTheHostProtocolGivesANewLinkEachTime() {
    try (RpcApp app = RpcApp.start(home)) {
      JsonNode first = app.request("{\"cmd\":\"status.link\"}");
      JsonNode second = app.request("{\"cmd\":\"status.link\"}");

      assertThat(first.get("url").asText())
          .startsWith("http://127.0.0.1:" + app.url().getPort() + "/status?open=");
      assertThat(second.get("url").asText()).isNotEqualTo(first.get("url").asText());
      app.endInput();
      app.awaitExit();
    }
  }

  @Test
  void gatewayStatusWithNoGatewayRunningSaysSoAndExitsOne() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new String[] {"status", "--home", home.toString(), "--port", "1"},
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("no gateway is answering for " + home)
        .contains("no gateway has run for " + home + " yet")
        .contains("The guard is down: until a gateway runs for this home, agents' command hooks")
        .contains("leave the rest to the built-in guard")
        .contains("Start it with '")
        .as("said at once, from the missing token file, not after a connect timeout")
        .contains("(no token file in " + home + ")");
  }

  /** Issue 43, row 3: a gateway stopped normally is said to be, and its held gates' projects. */
  @Test
  void gatewayStatusAfterANormalStopSaysTheGuardIsDownAndWhatItHeld() throws Exception {
    java.nio.file.Files.createDirectories(home);
    java.nio.file.Path record =
        java.nio.file.Files.writeString(
            home.resolve("hook-gates.json"),
            "{\"version\":2,\"gateway\":{\"state\":\"stopped\",\"pid\":1,"
                + "\"since\":\"2026-11-26T08:00:00Z\"},\"sessions\":[],\"configured\":[],"
                + "\"held\":[{\"provider\":\"ci-guard\",\"project\":\"/code/agent\","
                + "\"since\":\"2026-11-26T08:00:00Z\",\"why\":\"the gateway was stopped\","
                + "\"rules\":[{\"provider\":\"ci-guard\",\"action\":\"gate\",\"gateId\":"
                + "\"ci-green\",\"failOpen\":false}]}]}");
    java.nio.file.Files.setPosixFilePermissions(
        record, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"status", "--home", home.toString()},
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("was stopped at 2026-11-26T08:00:00Z")
        .contains("The guard is down")
        .contains("It had gates in force for /code/agent.");
  }

  private static RawHttp.Answer open(URI link) throws Exception {
    return RawHttp.get(link.getPort(), link.getRawPath() + "?" + link.getRawQuery(), Map.of());
  }
}
