package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Node.js providers, real processes, against the app in {@code --rpc} mode: this repository's
 * example, the core profile's own example as the spec prints it but for the port (the gateway
 * home's), and a provider the app spawns from a {@code --config} file. The app runs in this JVM
 * where the test reads nothing of its process (on a manual clock where a timeout is shown); the
 * core profile's example and the config file's provider meet it as its own {@code java} process
 * (its stderr is part of what they show).
 */
@Tag("process")
class NodeInteropTest {

  @TempDir Path tmp;

  /**
   * The core profile's example, at {@code file} among the examples, with the token it reads and
   * {@code where}: the home it finds its gateway by ({@code TAP_HOME}), or a URL ({@code
   * TAP_GATEWAY_URL}).
   */
  private ProviderProcess coreExample(Path file, String token, Map<String, String> where)
      throws java.io.IOException {
    Map<String, String> env = new java.util.HashMap<>(where);
    env.put("TAP_PROVIDER_TOKEN", token);
    return ProviderProcess.start(
        List.of("node", file.getFileName().toString()),
        file.getParent(),
        env,
        tmp.resolve("node.log"));
  }

  static String call(String session, String tool, String args) {
    return "{\"cmd\":\"tool.call\",\"sessionId\":\""
        + session
        + "\",\"tool\":\""
        + tool
        + "\",\"args\":"
        + args
        + "}";
  }

  /**
   * The {@code tools.changed} of the provider whose {@code provider.connected} the app wrote, once
   * its registration's 200 ms debounce has passed on {@code clock}.
   */
  static JsonNode toolsChanged(RpcApp app, ManualClock clock) {
    app.loopCaughtUp(); // the hello that bound the tools, and set the debounce, is handled
    clock.advance(Duration.ofMillis(200));
    return app.awaitEvent("tools.changed");
  }

  /**
   * A call of the example's {@code wait} tool for 60 s with {@code timeoutMs} 300 ends {@code
   * TIMEOUT} at 300 ms of {@code clock}, with no reply 1 ms before.
   */
  static void aWaitWithTimeoutMsEndsAsTimeoutAtIt(RpcApp app, ManualClock clock, String session) {
    int id =
        app.sendWithId(
            "{\"cmd\":\"tool.call\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"wait\",\"args\":{\"ms\":60000},\"timeoutMs\":300}");
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue(); // and its 300 ms are on the clock

    clock.advance(Duration.ofMillis(299));
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();
    clock.advance(Duration.ofMillis(1));

    assertThat(app.reply(id).at("/outcome/errorCode").asText()).isEqualTo("TIMEOUT");
  }

  @Test
  void ourNodeProviderFindsTheTokenFileAndAnswersToolCallsThroughTheRpcHost() throws Exception {
    Path examples = Interop.nodeExamples();
    // The default home layout, so the provider finds the token file as the core profile says.
    Path copilotHome = tmp.resolve("copilot");
    Path home = copilotHome.resolve("extensions").resolve("tap");
    ManualClock clock = new ManualClock();
    try (RpcApp app = RpcApp.startOnClock(home, clock)) {
      String session = app.startSession();
      try (ProviderProcess provider =
          ProviderProcess.start(
              List.of("node", "provider.mjs"),
              examples,
              Map.of(
                  "TAP_GATEWAY_URL", app.url().toString(), "COPILOT_HOME", copilotHome.toString()),
              tmp.resolve("node.log"))) {
        app.awaitEvent(
            "provider.connected", event -> event.get("name").asText().equals("node-example"));
        assertThat(toolsChanged(app, clock).get("tools").toString())
            .isEqualTo("[\"greet\",\"wait\"]");

        JsonNode greeted = app.request(call(session, "greet", "{\"name\":\"Ada\"}"));
        assertThat(greeted.get("outcome").toString())
            .isEqualTo("{\"status\":\"success\",\"data\":\"Hello, Ada!\"}");
        JsonNode log =
            app.awaitEvent(
                "session.log", event -> event.get("message").asText().equals("Greeted Ada"));
        assertThat(log.get("source").asText()).isEqualTo("node-example");

        aWaitWithTimeoutMsEndsAsTimeoutAtIt(app, clock, session);

        app.endInput();
        assertThat(provider.awaitExit(RpcApp.WAIT)).as(provider.output()).isZero();
        assertThat(provider.output())
            .contains("node-example: binding to session " + session)
            .contains("node-example registered as p-");
        assertThat(app.awaitExit()).isZero();
        List<JsonNode> lines = app.lines();
        assertThat(lines.get(lines.size() - 1).get("event").asText()).isEqualTo("gateway.stopped");
        assertThat(app.tokenFile()).doesNotExist();
      }
    }
  }

  /** A second copy of our example is refused (the name is taken): it says why and exits. */
  @Test
  void ourNodeProviderWhoseHelloIsRefusedSaysWhyAndExits() throws Exception {
    Path examples = Interop.nodeExamples();
    try (RpcApp app = RpcApp.start(tmp.resolve("home"))) {
      app.startSession();
      Map<String, String> env =
          Map.of("TAP_GATEWAY_URL", app.url().toString(), "TAP_PROVIDER_TOKEN", app.token());
      try (ProviderProcess first =
          ProviderProcess.start(
              List.of("node", "provider.mjs"), examples, env, tmp.resolve("first.log"))) {
        app.awaitEvent(
            "provider.connected", event -> event.get("name").asText().equals("node-example"));
        try (ProviderProcess second =
            ProviderProcess.start(
                List.of("node", "provider.mjs"), examples, env, tmp.resolve("second.log"))) {

          assertThat(second.awaitExit(RpcApp.WAIT)).as(second.output()).isEqualTo(1);
          assertThat(second.output())
              .contains("node-example: the gateway says [DUPLICATE_INSTANCE] ")
              .contains("node-example: not registered; exiting")
              .doesNotContain("lost the gateway");
        }
        app.endInput();
        assertThat(first.awaitExit(RpcApp.WAIT)).as(first.output()).isZero();
        assertThat(app.awaitExit()).isZero();
      }
    }
  }

  /** The one change is the port, found by the home: the rest is the spec's text, byte for byte. */
  @Test
  void theNodeExampleIsTheCoreProfilesTextButForTheHomesPort() throws Exception {
    Path spec = Interop.repoRoot().resolve("docs/spec/provider-interface-core-profile.md");
    assumeTrue(Files.exists(spec), "the spec is not beside the repository: " + spec);
    String text = Files.readString(spec);
    int heading = text.indexOf("## Complete example — Node.js");
    int start = text.indexOf("```js\n", heading) + "```js\n".length();
    String block = text.substring(start, text.indexOf("```", start));

    assertThat(
            Interop.asTheSpecPrintsIt(
                Interop.repoRoot().resolve("examples/node/core-profile-example.mjs")))
        .isEqualTo(block);
  }

  /** It finds the gateway on a port other than 9400 by its home's gateway.port. */
  @Test
  void theCoreProfilesNodeExampleFindsTheGatewayByItsHome() throws Exception {
    Path examples = Interop.nodeExamples();
    int port = Interop.freePort();
    Path home = tmp.resolve("home");
    try (RpcApp app =
        RpcApp.startProcess(home, tmp.resolve("gateway.log"), "--port", Integer.toString(port))) {
      String session = app.startSession();
      try (ProviderProcess example =
          coreExample(
              examples.resolve("core-profile-example.mjs"),
              app.token(),
              Map.of("TAP_HOME", home.toString()))) {
        app.awaitEvent(
            "tools.changed", event -> event.get("tools").toString().equals("[\"greet\"]"));

        JsonNode greeted = app.request(call(session, "greet", "{\"name\":\"Alice\"}"));

        assertThat(greeted.get("outcome").toString())
            .as(example.output())
            .isEqualTo("{\"status\":\"success\",\"data\":\"Hello, Alice!\"}");
        app.endInput();
        assertThat(app.awaitExit()).isZero();
        // It said goodbye on shutdown.pending, so the stop did not wait for the 10 s deadline.
        assertThat(app.stderr()).doesNotContain("did not finish");
      }
    }
  }

  /**
   * What docs/providers.md says of the core profile's Node example, as it is (it must stay the
   * spec's text): 5 s after its connection drops it connects again and binds; when nothing listens
   * at that moment (the gateway has stopped), it dies of an unhandled ECONNREFUSED. The copy run
   * here waits 0.2 s instead of 5 ({@link Interop#reconnectingFaster}).
   */
  @Test
  void theCoreProfilesNodeExampleReconnectsAfterADropAndDiesOfEconnrefusedWhenNothingListens()
      throws Exception {
    Path examples = Interop.nodeExamples();
    int port = Interop.freePort();
    Path exampleFile =
        Interop.reconnectingFaster(
            examples.resolve("core-profile-example.mjs"),
            "setTimeout(connect, 5000)",
            "setTimeout(connect, 200)");
    try (RpcApp app = RpcApp.start(tmp.resolve("home"));
        DroppingProxy proxy = DroppingProxy.start(port, app.url().getPort())) {
      String session = app.startSession();
      try (ProviderProcess example =
          coreExample(
              exampleFile, app.token(), Map.of("TAP_GATEWAY_URL", "ws://127.0.0.1:" + port))) {
        String first = Interop.connected(app, "example-provider", null);

        proxy.drop();

        Interop.connected(app, "example-provider", first);
        JsonNode greeted = app.request(call(session, "greet", "{\"name\":\"again\"}"));
        assertThat(greeted.at("/outcome/data").asText())
            .as(example.output())
            .isEqualTo("Hello, again!");

        proxy.close(); // as if the gateway had stopped: nothing listens on its port
        assertThat(example.awaitExit(RpcApp.WAIT)).as(example.output()).isNotZero();
        assertThat(example.output()).contains("ECONNREFUSED");
      }
    }
  }

  @Test
  void aConfigFileSpawnsTheNodeProviderForTheSessionAndReportsBadEntries() throws Exception {
    Path examples = Interop.nodeExamples();
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        ("{\"providers\":["
                + "{\"name\":\"node-example\",\"command\":[\"node\",\"provider.mjs\"],\"cwd\":\"%s\",\"session\":\"first\"},"
                + "{\"name\":\"broken\",\"command\":\"node provider.mjs\"}]}")
            .formatted(examples));
    Path home = tmp.resolve("home");
    try (RpcApp app =
        RpcApp.startProcess(
            home, tmp.resolve("gateway.log"), "--port", "0", "--config", config.toString())) {
      String session = app.startSession();

      JsonNode problem =
          app.awaitEvent(
              "session.log",
              event ->
                  event.get("source").asText().equals("gateway")
                      && event.get("message").asText().contains("broken"));
      assertThat(problem.get("sessionId").asText()).isEqualTo(session);
      app.awaitStderr("broken");
      app.awaitEvent("tools.changed", event -> event.get("tools").toString().contains("greet"));
      JsonNode greeted = app.request(call(session, "greet", "{\"name\":\"Config\"}"));
      assertThat(greeted.at("/outcome/data").asText()).isEqualTo("Hello, Config!");

      app.endInput();
      assertThat(app.awaitExit()).isZero();
      Path log = home.resolve("logs").resolve("node-example.log");
      awaitContains(log, "node-example: binding to session " + session);
    }
  }

  /** The spawned provider's log is written by its own process: poll it, boundedly. */
  private static void awaitContains(Path file, String text) {
    Await.until(
        RpcApp.WAIT,
        () -> Files.exists(file) && Files.readString(file).contains(text),
        () -> file + " contains " + text);
  }
}
