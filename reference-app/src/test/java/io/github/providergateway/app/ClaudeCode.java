package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Claude Code, the real binary, driven by a test: the version pinned in {@code
 * src/test/resources/agents/claude-code/package.json}, installed from the npm registry under {@code
 * target/agents/} the first time a test needs it ({@link #installed()}), and run as {@code claude
 * -p PROMPT --output-format json} against a {@link ScriptedModel} on loopback ({@link #print}).
 *
 * <p>Every run has a {@code HOME} of the test's, so {@code ~/.claude/settings.json} (the hooks) and
 * {@code ~/.claude.json} (the MCP servers {@link #mcpAdd} adds) are the test's and never the real
 * home's; the machine's own {@code ANTHROPIC_*}, {@code CLAUDE*} and {@code MCP_*} variables are
 * left out. The real-agent tests run in a phase of their own ({@code -P agents}, JUnit tag {@value
 * #TAG}).
 */
final class ClaudeCode {

  /**
   * The JUnit tag of tests that run a real agent: excluded by default, run by {@code -P agents}.
   */
  static final String TAG = "agents";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PACKAGE = "@anthropic-ai/claude-code";
  private static final Duration NPM_WAIT = Duration.ofSeconds(60);

  private static ClaudeCode installed;

  private final Path binary;

  private ClaudeCode(Path binary) {
    this.binary = binary;
  }

  /**
   * The pinned Claude Code, installed under {@code target/agents/claude-code-<version>/} unless it
   * is there already (about 400 MB, 10 s). Skips the test when npm is not installed or cannot reach
   * its registry; fails it when the install fails or the binary is not the pinned version.
   */
  static synchronized ClaudeCode installed() throws IOException, InterruptedException {
    assumeTrue(
        Interop.runs(List.of("npm", "--version")),
        "npm is not installed: the real-agent tests (Claude Code from the npm registry) skipped");
    if (installed != null) {
      return installed;
    }
    Path pins = Interop.repoRoot().resolve("reference-app/src/test/resources/agents/claude-code");
    String version =
        JSON.readTree(pins.resolve("package.json").toFile())
            .at("/dependencies/" + PACKAGE.replace("/", "~1"))
            .asText();
    Path dir = Interop.buildDir().resolve("agents").resolve("claude-code-" + version);
    FileChannel lock = Interop.lockForPreparing(dir);
    try {
      Interop.copyChanged(pins, dir);
      Path binary = dir.resolve("node_modules/.bin/claude");
      if (!Files.exists(dir.resolve("node_modules").resolve(PACKAGE).resolve("package.json"))) {
        String registry = npmRegistryAnswer(dir, version);
        assumeTrue(
            registry == null,
            () ->
                "npm cannot reach its registry for "
                    + PACKAGE
                    + "@"
                    + version
                    + ", so the real-agent tests are skipped: "
                    + registry);
        Interop.npmInstall(dir, PACKAGE);
      }
      String printed = Interop.run(List.of(binary.toString(), "--version"), dir, NPM_WAIT).output();
      assertThat(printed)
          .as("%s --version (the pin is %s; see npm-install.log in %s)", binary, version, dir)
          .startsWith(version + " ");
      installed = new ClaudeCode(binary);
    } finally {
      lock.close();
    }
    return installed;
  }

  /** Null when the registry knows {@code PACKAGE@version}; else why not, as npm said it. */
  private static String npmRegistryAnswer(Path dir, String version)
      throws IOException, InterruptedException {
    Path log = dir.resolve("npm-view.log");
    Process npm =
        // No retries: a registry that cannot be reached says so at once, not after a minute.
        new ProcessBuilder(
                "npm",
                "view",
                "--fetch-retries=0",
                "--fetch-timeout=20000",
                PACKAGE + "@" + version,
                "version")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!npm.waitFor(NPM_WAIT.toSeconds(), TimeUnit.SECONDS)) {
      npm.destroyForcibly();
      return "npm view gave no answer within " + NPM_WAIT.toSeconds() + " s";
    }
    String said = Files.readString(log).strip();
    if (npm.exitValue() == 0 && said.equals(version)) {
      return null;
    }
    // npm's first lines name the failure (code ECONNREFUSED, ENOTFOUND, E404, …); the rest is
    // advice.
    return "npm view "
        + PACKAGE
        + "@"
        + version
        + " exited "
        + npm.exitValue()
        + ": "
        + said.lines().limit(4).collect(Collectors.joining(" / "))
        + " (all of it in "
        + log
        + ")";
  }

  /**
   * {@code claude mcp add NAME -- COMMAND…} in {@code project}, as docs/agents.md tells a person to
   * install {@code gateway mcp}: the server goes to {@code home}'s {@code ~/.claude.json}, for that
   * project.
   */
  void mcpAdd(Path project, Path home, String name, List<String> command)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(binary.toString(), "mcp", "add", name, "--"));
    args.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(args).directory(project.toFile());
    environment(builder.environment(), home);
    Path log = home.resolveSibling("claude-mcp-add.log");
    Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean done = process.waitFor(NPM_WAIT.toSeconds(), TimeUnit.SECONDS);
    if (!done) {
      process.destroyForcibly();
    }
    assertThat(done && process.exitValue() == 0)
        .as("claude mcp add %s: %s", name, Files.readString(log))
        .isTrue();
  }

  /**
   * Runs {@code claude -p PROMPT --output-format json --debug ARGS…} in {@code project} with {@code
   * HOME} {@code home}, against {@code model}, to its end or for at most {@code limit} (then it is
   * killed, with everything it started that is still its descendant).
   *
   * @param env more variables for Claude (and so for its hooks and MCP servers)
   */
  Run print(
      Path project,
      Path home,
      ScriptedModel model,
      Map<String, String> env,
      String prompt,
      List<String> args,
      Duration limit)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(binary.toString(), "-p", prompt, "--output-format", "json", "--debug"));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    Map<String, String> environment = builder.environment();
    environment(environment, home);
    environment.put("ANTHROPIC_BASE_URL", model.baseUrl().toString());
    environment.put("ANTHROPIC_API_KEY", "sk-ant-scripted-model");
    environment.putAll(env);
    Path out = home.resolveSibling("claude.out");
    Path err = home.resolveSibling("claude.err");
    Process claude =
        builder
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    boolean ended = claude.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    if (!ended) {
      claude.descendants().forEach(ProcessHandle::destroyForcibly);
      claude.destroyForcibly();
      claude.waitFor(10, TimeUnit.SECONDS);
    }
    return new Run(
        ended ? claude.exitValue() : -1,
        !ended,
        Files.readString(out),
        Files.readString(err),
        debugLog(home));
  }

  /**
   * Claude's environment: the test JVM's without the machine's own settings for Claude, Anthropic's
   * API or MCP, and with {@code HOME} the test's; no traffic but the model's ({@code
   * CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC}), MCP tools listed to the model at once ({@code
   * ENABLE_TOOL_SEARCH=false}), and {@code IS_SANDBOX=1} as root (a run as root refuses some modes
   * without it).
   */
  private static void environment(Map<String, String> environment, Path home) {
    environment
        .keySet()
        .removeIf(
            name ->
                name.startsWith("ANTHROPIC_")
                    || name.startsWith("CLAUDE")
                    || name.startsWith("MCP_"));
    environment.put("HOME", home.toString());
    environment.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
    environment.put("ENABLE_TOOL_SEARCH", "false");
    if ("root".equals(System.getProperty("user.name"))) {
      environment.put("IS_SANDBOX", "1");
    } else {
      environment.remove("IS_SANDBOX");
    }
  }

  /**
   * The lines of the newest debug log under {@code home} that tell what Claude did when: its MCP
   * servers' connections, its hooks' requests and answers, its turns and API requests.
   */
  private static String debugLog(Path home) throws IOException {
    Path latest = home.resolve(".claude/debug/latest");
    if (!Files.exists(latest)) {
      return "(no debug log under " + home.resolve(".claude/debug") + ")";
    }
    try (var lines = Files.lines(latest, StandardCharsets.UTF_8)) {
      return lines
          .filter(
              line ->
                  line.contains("MCP server \"")
                      || (line.contains("Hook") && !line.contains("checkForNewResponses"))
                      || line.contains("[engine] turn")
                      || line.contains("[API REQUEST]"))
          .collect(Collectors.joining("\n"));
    }
  }

  /**
   * One run of {@code claude -p}: how it ended, what it printed (its JSON result on stdout) and the
   * telling lines of its debug log.
   */
  record Run(int exitCode, boolean timedOut, String stdout, String stderr, String debugLog) {

    /** Claude's result ({@code --output-format json}), or null when stdout holds none. */
    JsonNode result() {
      try {
        return stdout.isBlank() ? null : JSON.readTree(stdout);
      } catch (IOException e) {
        return null;
      }
    }

    /** All of it, for an assertion's description. */
    String describe() {
      return (timedOut ? "claude was killed: it ran past its limit" : "claude exited " + exitCode)
          + "\n--- its stdout:\n"
          + stdout
          + "\n--- its stderr:\n"
          + stderr
          + "\n--- its debug log (MCP, hooks, turns):\n"
          + debugLog;
    }
  }
}
