package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python providers, real processes, against the app in {@code --rpc} mode, on the Debian Python
 * with {@code websockets} (skipped, saying why, where it is missing). The app runs in this JVM (on
 * a manual clock where a timeout is shown), but for the core profile's example, which finds it by
 * its home's port and meets it as its own {@code java} process, and the gateways a provider follows
 * across a kill. The examples run from a copy ({@link Interop#pythonExamples}).
 */
@Tag("process")
class PythonInteropTest {

  @TempDir Path tmp;

  @BeforeEach
  void needsPythonWithWebsockets() throws Exception {
    Interop.assumePythonWebsockets();
  }

  /**
   * The core profile's example, at {@code file}, with the token it reads and {@code where}: the
   * home it finds its gateway by ({@code TAP_HOME}), or a URL ({@code TAP_GATEWAY_URL}).
   */
  private ProviderProcess coreExample(Path file, String token, Map<String, String> where)
      throws java.io.IOException {
    Map<String, String> env = new java.util.HashMap<>(where);
    env.put("TAP_PROVIDER_TOKEN", token);
    return ProviderProcess.start(
        List.of(Interop.PYTHON, "-u", file.toString()), tmp, env, tmp.resolve("python.log"));
  }

  /** The example {@code name}, in a copy of the examples. */
  private Path example(String name) throws java.io.IOException {
    return Interop.pythonExamples(tmp).resolve(name);
  }

  /**
   * Every package the Python examples import that is not in Python's standard library is named in
   * examples/python/requirements.txt, so `pip install -r` gets a person what the examples need.
   */
  @Test
  void thePythonExamplesRequirementsNameEveryPackageTheyImport() throws Exception {
    Path examples = Interop.repoRoot().resolve("examples/python");
    java.util.Set<String> imported = new java.util.TreeSet<>();
    java.util.regex.Pattern importLine =
        java.util.regex.Pattern.compile(
            "(?m)^\\s*(?:import|from)\\s+([\\w., ]+?)(?:\\s+import\\b.*)?$");
    try (var files = java.nio.file.Files.list(examples)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".py")).toList()) {
        java.util.regex.Matcher line = importLine.matcher(java.nio.file.Files.readString(file));
        while (line.find()) {
          for (String module : line.group(1).split(",")) {
            imported.add(module.strip().split("[ .]")[0]);
          }
        }
      }
    }
    Process stdlib =
        new ProcessBuilder(
                Interop.PYTHON,
                "-c",
                "import sys; print('\\n'.join(sorted(sys.stdlib_module_names)))")
            .redirectErrorStream(true)
            .start();
    java.util.Set<String> standard = new java.util.HashSet<>(stdlib.inputReader().lines().toList());
    assertThat(stdlib.waitFor()).isZero();
    imported.removeAll(standard);
    try (var files = java.nio.file.Files.list(examples)) {
      // The examples' own modules (gateway_home.py), imported from their folder.
      files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".py"))
          .forEach(n -> imported.remove(n.substring(0, n.length() - 3)));
    }
    List<String> required =
        java.nio.file.Files.readAllLines(examples.resolve("requirements.txt")).stream()
            .map(String::strip)
            .filter(l -> !l.isEmpty() && !l.startsWith("#"))
            .map(l -> l.split("[<>=!~ ;\\[]")[0])
            .toList();
    assertThat(imported).as("third-party imports of examples/python").isNotEmpty();
    assertThat(required).containsAll(imported);
  }

  @Test
  void ourPythonProviderAnswersToolCallsAndLeavesOnShutdown() throws Exception {
    ManualClock clock = new ManualClock();
    try (RpcApp app = RpcApp.startOnClock(tmp.resolve("home"), clock)) {
      String session = app.startSession();
      try (ProviderProcess provider =
          ProviderProcess.start(
              List.of(Interop.PYTHON, "-u", example("provider.py").toString()),
              tmp,
              Map.of("TAP_GATEWAY_URL", app.url().toString(), "TAP_PROVIDER_TOKEN", app.token()),
              tmp.resolve("python.log"))) {
        app.awaitEvent(
            "provider.connected", event -> event.get("name").asText().equals("python-example"));
        assertThat(NodeInteropTest.toolsChanged(app, clock).get("tools").toString())
            .isEqualTo("[\"greet\",\"wait\"]");

        JsonNode greeted =
            app.request(NodeInteropTest.call(session, "greet", "{\"name\":\"Grace\"}"));
        assertThat(greeted.get("outcome").toString())
            .as(provider.output())
            .isEqualTo("{\"status\":\"success\",\"data\":\"Hello, Grace!\"}");
        assertThat(
                app.awaitEvent(
                        "session.log",
                        event -> event.get("message").asText().equals("Greeted Grace"))
                    .get("source")
                    .asText())
            .isEqualTo("python-example");
        NodeInteropTest.aWaitWithTimeoutMsEndsAsTimeoutAtIt(app, clock, session);

        app.endInput();
        assertThat(provider.awaitExit(RpcApp.WAIT)).as(provider.output()).isZero();
        assertThat(app.awaitExit()).isZero();
        assertThat(app.tokenFile()).doesNotExist();
      }
    }
  }

  /**
   * Issue 17: the Node example first, then the Python one with the same tools. The gateway refuses
   * the second hello with TOOL_CONFLICT and, as the spec says, keeps the connection open for a
   * corrected hello; the example has none to send, so it says why and exits.
   */
  @Test
  void ourPythonProviderWhoseHelloIsRefusedSaysWhyAndExits() throws Exception {
    Path nodeExamples = Interop.nodeExamples();
    try (RpcApp app = RpcApp.start(tmp.resolve("home"))) {
      app.startSession();
      Map<String, String> env =
          Map.of("TAP_GATEWAY_URL", app.url().toString(), "TAP_PROVIDER_TOKEN", app.token());
      try (ProviderProcess node =
          ProviderProcess.start(
              List.of("node", "provider.mjs"), nodeExamples, env, tmp.resolve("node.log"))) {
        app.awaitEvent(
            "tools.changed", event -> event.get("tools").toString().equals("[\"greet\",\"wait\"]"));
        try (ProviderProcess python =
            ProviderProcess.start(
                List.of(Interop.PYTHON, "-u", example("provider.py").toString()),
                tmp,
                env,
                tmp.resolve("python.log"))) {

          assertThat(python.awaitExit(RpcApp.WAIT)).as(python.output()).isEqualTo(1);
          assertThat(python.output())
              .contains("Gateway error [TOOL_CONFLICT]: ")
              .contains("The gateway refused our hello (TOOL_CONFLICT); exiting.");
        }
        app.endInput();
        assertThat(node.awaitExit(RpcApp.WAIT)).as(node.output()).isZero();
        assertThat(app.awaitExit()).isZero();
      }
    }
  }

  /**
   * Issue 43: our Python provider, started by hand with nothing but the home, follows the home's
   * gateway across a SIGKILL and a restart on another port with a new token, and answers there.
   */
  @Test
  void ourPythonProviderFollowsItsHomesGatewayAcrossAKillAndARestartOnAnotherPort()
      throws Exception {
    Path home = tmp.resolve("home");
    int firstPort = Interop.freePort();
    RpcApp first = HomeFollowingInteropTest.gateway(home, firstPort, tmp.resolve("gateway-1.log"));
    try (first;
        ProviderProcess provider =
            ProviderProcess.start(
                List.of(Interop.PYTHON, "-u", example("provider.py").toString()),
                tmp,
                Map.of("TAP_HOME", home.toString()),
                tmp.resolve("python.log"))) {
      first.startSession();
      Interop.connected(first, "python-example", null);

      first.kill();
      int secondPort = Interop.freePort();
      try (RpcApp second =
          HomeFollowingInteropTest.gateway(home, secondPort, tmp.resolve("gateway-2.log"))) {
        String session = second.startSession();
        Interop.connected(second, "python-example", null);

        JsonNode greeted =
            second.request(NodeInteropTest.call(session, "greet", "{\"name\":\"again\"}"));
        assertThat(greeted.at("/outcome/data").asText())
            .as(provider.output())
            .isEqualTo("Hello, again!");
        // Said once, not at every retry: the gateway is away (lost, or not there when the drop
        // came before the hello.ack), then where it was found again.
        assertThat(Interop.linesWith(provider, "lost the gateway at", "no gateway at")).hasSize(1);
        assertThat(provider.output()).contains("found the gateway at ws://127.0.0.1:" + secondPort);
      }
    }
  }

  /**
   * What docs/providers.md says of the core profile's Python example: after its connection drops it
   * connects again, every 5 s until something answers, and binds; on shutdown.pending it says
   * goodbye and exits. The copy run here waits 0.2 s instead of 5 ({@link
   * Interop#reconnectingFaster}).
   */
  @Test
  void theCoreProfilesPythonExampleReconnectsAfterADropAndLeavesOnShutdown() throws Exception {
    int port = Interop.freePort();
    Path exampleFile =
        Interop.reconnectingFaster(
            example("core_profile_example.py"),
            "await asyncio.sleep(5)",
            "await asyncio.sleep(0.2)");
    try (RpcApp app = RpcApp.start(tmp.resolve("home"))) {
      String session = app.startSession();
      DroppingProxy proxy = DroppingProxy.start(port, app.url().getPort());
      try (ProviderProcess example =
          coreExample(
              exampleFile, app.token(), Map.of("TAP_GATEWAY_URL", "ws://127.0.0.1:" + port))) {
        String first = Interop.connected(app, "example-provider", null);

        proxy.close(); // the connection drops, and nothing answers on the port for a while
        Interop.awaitOutput(
            example, "Disconnected. Reconnecting in 5s...", 2); // one attempt refused
        proxy = DroppingProxy.start(port, app.url().getPort());

        Interop.connected(app, "example-provider", first);
        JsonNode greeted =
            app.request(NodeInteropTest.call(session, "greet", "{\"name\":\"again\"}"));
        assertThat(greeted.at("/outcome/data").asText())
            .as(example.output())
            .isEqualTo("Hello, again!");
        app.endInput();
        assertThat(example.awaitExit(RpcApp.WAIT)).as(example.output()).isZero();
        assertThat(app.awaitExit()).isZero();
      } finally {
        proxy.close();
      }
    }
  }

  /** It finds the gateway on a port other than 9400 by its home's gateway.port. */
  @Test
  void theCoreProfilesPythonExampleFindsTheGatewayByItsHome() throws Exception {
    int port = Interop.freePort();
    Path home = tmp.resolve("home");
    try (RpcApp app =
        RpcApp.startProcess(home, tmp.resolve("gateway.log"), "--port", Integer.toString(port))) {
      String session = app.startSession();
      try (ProviderProcess example =
          coreExample(
              example("core_profile_example.py"),
              app.token(),
              Map.of("TAP_HOME", home.toString()))) {
        app.awaitEvent(
            "tools.changed", event -> event.get("tools").toString().equals("[\"greet\"]"));

        JsonNode greeted =
            app.request(NodeInteropTest.call(session, "greet", "{\"name\":\"Alice\"}"));

        assertThat(greeted.get("outcome").toString())
            .as(example.output())
            .isEqualTo("{\"status\":\"success\",\"data\":\"Hello, Alice!\"}");
        app.endInput();
        // The example returns after its goodbye on shutdown.pending, so it ends by itself.
        assertThat(example.awaitExit(RpcApp.WAIT)).as(example.output()).isZero();
        assertThat(example.output()).contains("Registered as p-");
        assertThat(app.awaitExit()).isZero();
      }
    }
  }
}
