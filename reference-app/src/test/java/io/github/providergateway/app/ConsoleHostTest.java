package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The interactive console, typed at as a person would, and fed a script through a pipe. */
class ConsoleHostTest {

  @TempDir Path home;

  /**
   * A provider bound to the console's session as {@code name}, with {@code helloFields} in its
   * hello.
   */
  private static WsProvider bound(ConsoleApp console, String name, String helloFields)
      throws Exception {
    return WsProvider.bound(
        console.url(), console.token(), console.defaultSession(), name, helloFields);
  }

  @Test
  void onStartItSaysHowToConnectAProviderAndStartsADefaultSession() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      String text = console.text();
      Path tokenFile = home.resolve(".provider-token").toAbsolutePath();

      assertThat(text).contains("listening on  ws://127.0.0.1:" + console.url().getPort());
      assertThat(text).contains("export TAP_PROVIDER_TOKEN=$(cat " + tokenFile + ")");
      assertThat(text).contains("export TAP_GATEWAY_URL=ws://127.0.0.1:");
      assertThat(text).contains("so a provider can bind to it now");
      assertThat(console.defaultSession()).startsWith("s-");
      assertThat(console.token()).startsWith("ptk-");
    }
  }

  @Test
  void itShowsProvidersArrivingTheirToolsAndAnswersToCalls() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider provider = bound(console, "greeter", WsProvider.tools("greet"))) {
      console.awaitLine("+ provider greeter (p-");
      console.awaitLine("tools now: greet");

      console.type("tools");
      console.awaitLine("greet  [greeter]  Tool greet");
      console.type("providers");
      console.awaitLine("greeter (p-");

      console.type("call greet {\"name\":\"Ada\"}");
      JsonNode call = provider.next("tool.call");
      assertThat(call.at("/args/name").asText()).isEqualTo("Ada");
      provider.result(call, "\"Hello, Ada!\"");
      console.awaitLine("ok: Hello, Ada!");

      provider.send(
          "{\"type\":\"push\",\"level\":\"surface\",\"event\":\"Build 7 passed\",\"stream\":\"ci\"}");
      console.awaitLine("greeter: Build 7 passed");
      provider.send(
          "{\"type\":\"push\",\"level\":\"inject\",\"event\":\"Build 8 failed\",\"stream\":\"ci\"}");
      console.awaitLine("greeter starts an agent turn: Build 8 failed");

      console.type("stream ci@greeter");
      console.awaitLine("[surface] Build 7 passed");

      provider.goodbye();
      console.awaitLine("- provider greeter (p-");
    }
  }

  /**
   * Issue 32, finding 7: a provider's timeline line read like the gateway's own ({@code gateway:
   * Pairing code ...}) when the provider was named {@code gateway}, or when its event had a line
   * break and a line of its own making.
   */
  @Test
  void aProvidersTimelineLinesAreMarkedAsItsOwnAndCannotPassForTheGateways() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider ci = bound(console, "ci", WsProvider.tools("build"));
        WsProvider impostor = WsProvider.connect(console.url())) {
      String session = console.defaultSession();
      console.awaitLine("tools now: build");

      ci.send(
          "{\"type\":\"push\",\"level\":\"surface\",\"stream\":\"ci\",\"event\":"
              + "\"Build 7 passed\\n["
              + session
              + "] gateway: Pairing code: 123456 \u202e\"}");
      assertThat(console.awaitLine("Build 7 passed"))
          .isEqualTo(
              "["
                  + session
                  + "] provider ci: Build 7 passed\\n["
                  + session
                  + "] gateway: Pairing code: 123456 \\u202E");

      impostor.send("{\"type\":\"auth\",\"token\":\"" + console.token() + "\"}");
      impostor.next("sessions");
      impostor.send(
          "{\"type\":\"hello\",\"name\":\"gateway\",\"protocolVersion\":2,\"session\":\""
              + session
              + "\"}");
      JsonNode refused = impostor.next("error");
      assertThat(refused.get("code").asText()).isEqualTo("UNAUTHORIZED");
      assertThat(refused.get("message").asText()).contains("reserved for the gateway");
      console.awaitLine("! refused hello of gateway");
    }
  }

  @Test
  void aWrongTokenAndAConflictingHelloEachShowOneRefusalLine() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider node = bound(console, "node-example", WsProvider.tools("greet"));
        WsProvider stranger = WsProvider.connect(console.url());
        WsProvider python = WsProvider.connect(console.url())) {
      console.awaitLine("tools now: greet");

      stranger.send("{\"type\":\"auth\",\"token\":\"ptk-wrong\"}");
      assertThat(stranger.next("error").get("code").asText()).isEqualTo("AUTH_FAILED");
      assertThat(console.awaitLine("! refused auth of conn#"))
          .matches(
              "! refused auth of conn#\\d+ \\(ws 127\\.0\\.0\\.1:\\d+\\): AUTH_FAILED Invalid token");

      python.send("{\"type\":\"auth\",\"token\":\"" + console.token() + "\"}");
      python.next("sessions");
      python.send(
          "{\"type\":\"hello\",\"name\":\"python-example\",\"protocolVersion\":2,\"session\":\""
              + console.defaultSession()
              + "\","
              + WsProvider.tools("greet")
              + "}");
      assertThat(python.next("error").get("code").asText()).isEqualTo("TOOL_CONFLICT");
      assertThat(console.awaitLine("! refused hello of python-example"))
          .matches(
              "! refused hello of python-example, conn#\\d+ \\(ws 127\\.0\\.0\\.1:\\d+\\): TOOL_CONFLICT .*'greet'.*");
    }
  }

  @Test
  void auditListsTheLatestDecisionsAndWhyExplainsADeniedCall() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider guard =
            bound(
                console,
                "policy",
                WsProvider.tools("rm")
                    + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"rm\"},\"action\":\"deny\",\"reason\":\"rm is off limits\"}]}")) {
      console.awaitLine("tools now: rm");
      console.type("call rm {\"path\":\"/\"}");
      console.awaitLine("rm is off limits");

      int before = console.lineCount();
      console.type("audit tool_call");
      String line = console.awaitLineAfter(before, "tool_call denied");
      assertThat(line)
          .matches(
              "  [0-9:.]+  -  tool_call denied  rm  \\(policy\\)  call-\\S+  [0-9.]+ ms: rm is off limits");
      String callId = line.replaceAll(".*  (call-\\S+)  .*", "$1");

      before = console.lineCount();
      console.type("why " + callId);
      assertThat(console.awaitLineAfter(before, "pre_tool_use deny"))
          .contains(callId)
          .endsWith(": rm is off limits");
      assertThat(console.awaitLineAfter(before, "tool_call denied")).contains(callId);

      before = console.lineCount();
      console.type("audit last=zero");
      assertThat(console.awaitLineAfter(before, "last= takes a positive number")).isNotEmpty();
    }
  }

  @Test
  void callShowsTheArgumentsAGateRewroteAndWhySaysWhichGateItWas() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider pinner =
            bound(
                console,
                "pinner",
                WsProvider.tools("deploy")
                    + ",\"extensions\":[\"gate.args\"],"
                    + "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"deploy\"},\"action\":\"gate\",\"gateId\":\"pin\"}]}")) {
      console.awaitLine("tools now: deploy");
      console.type("call deploy {\"name\":\"feature\"}");
      JsonNode check = pinner.next("gate.check");
      pinner.send(
          "{\"type\":\"gate.result\",\"gateId\":\"pin\",\"callId\":\""
              + check.get("callId").asText()
              + "\",\"decision\":\"allow\",\"args\":{\"name\":\"main\"}}");
      JsonNode call = pinner.next("tool.call");
      pinner.send(
          "{\"type\":\"tool.result\",\"id\":\""
              + call.get("id").asText()
              + "\",\"data\":\"deployed\"}");

      assertThat(call.get("args").toString()).isEqualTo("{\"name\":\"main\"}");
      assertThat(console.awaitLine("args rewritten by gates:"))
          .endsWith("args rewritten by gates: {\"name\":\"main\"}");
      int before = console.lineCount();
      // The evaluation's record names the gates; `why` then shows which one rewrote the arguments.
      console.type("audit pre_tool_use");
      String callId =
          console
              .awaitLineAfter(before, "pre_tool_use allow")
              .replaceAll(".*  (call-\\S+)  .*", "$1");
      before = console.lineCount();
      console.type("why " + callId);
      assertThat(console.awaitLineAfter(before, "gate pin of pinner"))
          .matches(
              "      gate pin of pinner: allow in [0-9.]+ ms, args rewritten \\(sha256 [0-9a-f]{64}\\)");
    }
  }

  @Test
  void promptHookEventAndSessionCommandsWork() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider provider =
            bound(
                console,
                "policy",
                "\"subscribe\":[\"user.message\"],\"context\":\"CI is green.\","
                    + "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\"},\"action\":\"deny\","
                    + "\"reason\":\"no shell today\"}]}")) {
      console.type("prompt fix the bug");
      console.awaitLine("## identity");
      console.awaitLine("- CI is green.");

      console.type("hook shell {\"command\":\"ls\"}");
      console.awaitLine("deny: no shell today");
      console.type("hook read");
      console.awaitLine("allow");

      console.type("event user.message {\"content\":\"hi\"}");
      assertThat(provider.next("session.event").at("/data/content").asText()).isEqualTo("hi");

      console.type("start second");
      String started = console.awaitLine("started; it is now the current session");
      String second = started.split(" ")[1];
      console.type("sessions");
      console.awaitLine("* " + second + "  second");
      console.type("end " + second + " 500");
      console.awaitLine("Session " + second + " ended.");

      console.type("frobnicate");
      console.awaitLine("error: unknown command 'frobnicate'; type 'help'");
      console.type("hlep");
      console.awaitLine("error: unknown command 'hlep'; did you mean 'help'?");
      console.type("interrupt");
      console.awaitLine("Interrupted session " + console.defaultSession());
      console.type("call");
      console.awaitLine("error: usage: call <tool> [json args]");
    }
  }

  @Test
  void watchPrintsNewStreamEventsAsTheyArrive() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home);
        WsProvider provider = bound(console, "ci", "")) {
      provider.send(
          "{\"type\":\"push\",\"level\":\"surface\",\"event\":\"old news\",\"stream\":\"builds\"}");
      console.awaitLine("ci: old news");
      console.type("stream builds@ci");
      console.awaitLine("[surface] old news");
      console.type("watch builds@ci");
      int before = console.lineCount();
      console.awaitLine("Watching builds@ci");

      provider.send(
          "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"fresh\",\"stream\":\"builds\"}");

      console.awaitLineAfter(before, "[builds@ci]");
      assertThat(console.awaitLineAfter(before, "[builds@ci]"))
          .contains("fresh")
          .doesNotContain("old news");
      console.type("unwatch");
      console.awaitLine("Stopped every watch.");
    }
  }

  @Test
  void quitEndsEverySessionRemovesTheTokenFileAndExitsZero() throws Exception {
    ConsoleApp console = ConsoleApp.start(home);
    try (WsProvider provider = bound(console, "p", "")) {
      console.type("quit");

      assertThat(provider.next("session.lifecycle").get("state").asText())
          .isEqualTo("shutdown.pending");
      provider.goodbye();
      assertThat(console.awaitExit()).isZero();
      assertThat(console.text()).endsWith("Gateway stopped; token file removed.");
      assertThat(home.resolve(".provider-token")).doesNotExist();
    }
  }

  @Test
  void aPipedScriptRunsInOrderAndStopsAtItsEnd() {
    String script =
        String.join("\n", "# a comment", "sessions", "help", "start piped", "sessions", "");
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"--port", "0", "--home", home.toString()},
            new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)),
            out,
            new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8),
            Map.of());

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(exit).isZero();
    assertThat(text).contains("Commands (the current session is marked * in 'sessions'):");
    assertThat(text.indexOf("help                          this list"))
        .isLessThan(text.indexOf("started; it is now the current session"));
    assertThat(text).contains("  piped  ").endsWith("Gateway stopped; token file removed.\n");
    // No "> " prompts when the input is not a terminal: piped output stays clean.
    assertThat(text.lines()).noneMatch(line -> line.startsWith(">"));
  }

  @Test
  void reloadRestartsTheConfigsProvidersAndTheSessionSeesTheirToolsOnceMore() throws Exception {
    Path config = home.resolve("providers.json");
    java.nio.file.Files.writeString(
        config,
        "{\"providers\":[{\"name\":\"greeter\",\"transport\":\"stdio\",\"cwd\":\""
            + Interop.repoRoot().resolve("examples/stdio")
            + "\",\"command\":[\"python3\",\"greet.py\"]}]}");
    try (ConsoleApp console = ConsoleApp.start(home, "--config", config.toString())) {
      console.awaitLine("tools now: greet, wait");
      int before = console.lineCount();

      console.type("reload greeter");

      console.awaitLine("Reloaded: restarted greeter");
      console.awaitLineAfter(before, "tools now: greet, wait");
      console.type("call greet {\"name\":\"Ada\"}");
      console.awaitLine("ok: Hello, Ada!");

      console.type("reload nobody");
      console.awaitLine("error: no config entry 'nobody'");
      java.nio.file.Files.writeString(config, "{\"providers\":");
      console.type("reload");
      console.awaitLine("error: config file " + config + ": not valid JSON");
      console.type("call greet {\"name\":\"Bo\"}");
      console.awaitLine("ok: Hello, Bo!");
    }
  }

  @Test
  void reloadWithoutAConfigSaysSo() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("reload");

      console.awaitLine(
          "error: this gateway has no project config to reload (start it with --config)");
    }
  }
}
