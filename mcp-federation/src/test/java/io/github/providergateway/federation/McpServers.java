package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real MCP servers the tests federate: {@code @modelcontextprotocol/server-everything}, {@code
 * -filesystem} and {@code -memory} from the npm registry, at the versions {@code
 * src/test/mcp-servers/package.json} pins, installed by the first test that needs them under {@code
 * target/mcp-servers} (a file lock keeps a second test JVM from installing at once). Tests skip
 * where Node.js is not installed.
 */
final class McpServers {

  private static Path dir;

  private McpServers() {}

  /** The command that runs our {@code list-changer.mjs}, on the official TypeScript SDK. */
  static List<String> listChanger() throws IOException, InterruptedException {
    return List.of("node", installed().resolve("list-changer.mjs").toString());
  }

  /**
   * The command that runs our {@code hostile-server.mjs}, which misbehaves when a tool asks it to.
   */
  static List<String> hostile() throws IOException, InterruptedException {
    return List.of("node", installed().resolve("hostile-server.mjs").toString());
  }

  /**
   * The command that runs our {@code modern-server.mjs} on the TypeScript SDK v2's server: {@code
   * "stdio", "reject"} (2026-07-28 only), {@code "stdio", "serve"} (both eras), {@code "http",
   * "reject", <port file>}.
   */
  static List<String> modernServer(String... args) throws IOException, InterruptedException {
    List<String> command =
        new java.util.ArrayList<>(
            List.of("node", installed().resolve("modern-server.mjs").toString()));
    command.addAll(List.of(args));
    return command;
  }

  /** The command that runs our {@code discover-ignorer.mjs}, silent to {@code server/discover}. */
  static List<String> discoverIgnorer() throws IOException, InterruptedException {
    return List.of("node", installed().resolve("discover-ignorer.mjs").toString());
  }

  /** The command that runs our {@code listen-ender.mjs}, whose listen streams end at once. */
  static List<String> listenEnder() throws IOException, InterruptedException {
    return List.of("node", installed().resolve("listen-ender.mjs").toString());
  }

  /**
   * The command that runs our {@code refuser.mjs}, which refuses both eras and stays running: over
   * stdio, or with {@code "http", <port file>} over HTTP.
   */
  static List<String> refuser(String... args) throws IOException, InterruptedException {
    List<String> command =
        new java.util.ArrayList<>(List.of("node", installed().resolve("refuser.mjs").toString()));
    command.addAll(List.of(args));
    return command;
  }

  /**
   * The command that runs {@link ModernJavaServer}, the MCP Java SDK's 2026-07-28 server, in a JVM
   * of its own on this test's class path.
   */
  static List<String> modernJavaServer() {
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp",
        System.getProperty("java.class.path"),
        ModernJavaServer.class.getName());
  }

  /**
   * The command that runs {@code server} ({@code everything}, {@code filesystem}, {@code memory}).
   */
  static List<String> command(String server, String... args)
      throws IOException, InterruptedException {
    Path script =
        installed()
            .resolve("node_modules/@modelcontextprotocol/server-" + server + "/dist/index.js");
    List<String> command = new java.util.ArrayList<>(List.of("node", script.toString()));
    command.addAll(List.of(args));
    return command;
  }

  /**
   * {@code command} with its stdin also copied to {@code copy}, to see what the gateway sent the
   * server (a cancellation, say).
   */
  static List<String> teeingStdin(List<String> command, Path copy) {
    StringBuilder line = new StringBuilder("tee -a '" + copy + "' | exec");
    for (String part : command) {
      line.append(" '").append(part).append('\'');
    }
    return List.of("sh", "-c", line.toString());
  }

  static synchronized Path installed() throws IOException, InterruptedException {
    assumeTrue(
        runs(List.of("node", "--version")),
        "Node.js is not installed: MCP federation tests skipped");
    if (dir != null) {
      return dir;
    }
    Path target = Path.of("target/mcp-servers").toAbsolutePath();
    Files.createDirectories(target);
    try (FileChannel lock =
        FileChannel.open(
            target.resolveSibling("mcp-servers.lock"),
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE)) {
      lock.lock();
      boolean changed = copyChanged("package.json", target);
      copyChanged("list-changer.mjs", target);
      copyChanged("hostile-server.mjs", target);
      copyChanged("modern-server.mjs", target);
      copyChanged("refuser.mjs", target);
      copyChanged("listen-ender.mjs", target);
      copyChanged("discover-ignorer.mjs", target);
      if (changed
          || !Files.exists(
              target.resolve("node_modules/@modelcontextprotocol/server-memory/package.json"))
          || !Files.exists(
              target.resolve("node_modules/@modelcontextprotocol/server/package.json"))) {
        Process npm =
            new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-package-lock")
                .directory(target.toFile())
                .redirectErrorStream(true)
                .redirectOutput(target.resolve("npm-install.log").toFile())
                .start();
        boolean done = npm.waitFor(240, TimeUnit.SECONDS);
        assertThat(done && npm.exitValue() == 0)
            .as("npm install in %s; see npm-install.log there", target)
            .isTrue();
      }
    }
    dir = target;
    return dir;
  }

  /**
   * Copies {@code src/test/mcp-servers/<file>} into {@code target} unless the same; says if it did.
   */
  private static boolean copyChanged(String file, Path target) throws IOException {
    Path source = Path.of("src/test/mcp-servers").resolve(file);
    Path copy = target.resolve(file);
    if (Files.exists(copy) && Files.mismatch(source, copy) == -1) {
      return false;
    }
    Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
    return true;
  }

  private static boolean runs(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getInputStream().readAllBytes();
      return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
