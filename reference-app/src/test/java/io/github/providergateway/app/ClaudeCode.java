package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
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
 * Claude Code, the real binary, driven by a test: a version pinned in {@code
 * src/test/resources/agents/claude-code…/package.json}, installed from the npm registry under
 * {@code target/agents/} the first time a test needs it ({@link #installed()}, {@link
 * #beforeOnFailure()}, through {@link NpmAgent}), and run as {@code claude -p PROMPT
 * --output-format json} against a {@link ScriptedModel} on loopback ({@link #print}).
 *
 * <p>Every run has a {@code HOME} of the test's, so {@code ~/.claude/settings.json} (the hooks) and
 * {@code ~/.claude.json} (the MCP servers {@link #mcpAdd} adds) are the test's and never the real
 * home's; the machine's own {@code ANTHROPIC_*}, {@code CLAUDE*} and {@code MCP_*} variables are
 * left out.
 */
final class ClaudeCode {

  private static final String PACKAGE = "@anthropic-ai/claude-code";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration NPM_WAIT = Duration.ofSeconds(60);

  private final Path binary;

  /** What {@link #print} runs Claude under, before its binary: empty, or {@link EtcOverlay}'s. */
  private final List<String> wrapper;

  private ClaudeCode(Path binary) {
    this(binary, List.of());
  }

  private ClaudeCode(Path binary, List<String> wrapper) {
    this.binary = binary;
    this.wrapper = List.copyOf(wrapper);
  }

  /** The installed binary. */
  Path binary() {
    return binary;
  }

  /** This Claude Code with {@code upper}'s files over /etc ({@link EtcOverlay}). */
  ClaudeCode underEtc(Path upper, Path work) {
    return new ClaudeCode(binary, EtcOverlay.command(upper, work));
  }

  /**
   * The pinned Claude Code ({@code agents/claude-code}: 2.1.337, whose HTTP hooks have {@code
   * "onFailure": "block"}), installed under {@code target/agents/} unless it is there already
   * (about 400 MB, 10 s). Skips the test when npm is not installed or cannot reach its registry;
   * fails it when the install fails or the binary is not the pinned version.
   */
  static ClaudeCode installed() throws IOException, InterruptedException {
    return new ClaudeCode(NpmAgent.installed("claude-code", PACKAGE, "claude").binary());
  }

  /** {@return the pinned Claude Code's version} (installed as {@link #installed()} is) */
  static String installedVersion() throws IOException, InterruptedException {
    return NpmAgent.installed("claude-code", PACKAGE, "claude").version();
  }

  /**
   * The pinned Claude Code laid out in {@code home} as its own installer ({@code claude install},
   * {@code curl -fsSL https://claude.ai/install.sh | bash}) lays it out: the native build at {@code
   * ~/.local/share/claude/versions/<version>}, {@code ~/.local/bin/claude} a link to it, and {@code
   * "installMethod": "native"} in {@code ~/.claude.json}. The build is the npm package's (its
   * postinstall puts the same native binary in place); the installer itself fetches from {@code
   * downloads.claude.ai}, which cannot be reached here.
   */
  static ClaudeCode nativeIn(Path home) throws IOException, InterruptedException {
    NpmAgent npm = NpmAgent.installed("claude-code", PACKAGE, "claude");
    Path build = npm.binary().toRealPath();
    Path version =
        Files.createDirectories(home.resolve(".local/share/claude/versions"))
            .resolve(npm.version());
    try {
      Files.createLink(version, build);
    } catch (IOException | UnsupportedOperationException e) {
      // A test's home on another file system (a tmpfs /tmp): a link to the build, never a copy of
      // its 400 MB per test.
      Files.createSymbolicLink(version, build);
    }
    Path launcher = Files.createDirectories(home.resolve(".local/bin")).resolve("claude");
    Files.createSymbolicLink(launcher, version);
    Path config = home.resolve(".claude.json");
    ObjectNode settings =
        Files.exists(config)
            ? (ObjectNode) JSON.readTree(config.toFile())
            : JSON.createObjectNode();
    settings.put("installMethod", "native").put("autoUpdates", false);
    Files.writeString(config, JSON.writeValueAsString(settings));
    return new ClaudeCode(launcher);
  }

  /**
   * The Claude Code that {@code npm install @anthropic-ai/claude-code} gives on Node 20 ({@code
   * agents/claude-code-before-2.1.295}: 2.1.197), from before HTTP hooks had {@code "onFailure":
   * "block"} (2.1.295); installed as {@link #installed()} is.
   */
  static ClaudeCode beforeOnFailure() throws IOException, InterruptedException {
    return new ClaudeCode(
        NpmAgent.installed("claude-code-before-2.1.295", PACKAGE, "claude").binary());
  }

  /**
   * {@code claude mcp add --scope user NAME -- COMMAND…} in {@code project}: the server goes to
   * {@code home}'s {@code ~/.claude.json} for every project, where {@code gateway setup claude}
   * puts it.
   *
   * <p>Not the local scope a bare {@code claude mcp add} has: that keys the server by the git top
   * level Claude finds at that moment, and a Codex test in the other fork puts an empty {@code
   * /tmp/.git} up for as long as each of its sandboxed commands runs (openai/codex issue 31599).
   * Met between the add and the run, the server was kept under {@code /tmp}, the run found none,
   * and its guard never bound (an agents phase failed so).
   */
  void mcpAdd(Path project, Path home, String name, List<String> command)
      throws IOException, InterruptedException {
    List<String> args =
        new ArrayList<>(List.of(binary.toString(), "mcp", "add", "--scope", "user", name, "--"));
    args.addAll(command);
    mcp(project, home, name, args);
  }

  /**
   * {@code claude mcp add --scope user --transport http NAME URL --header "Authorization: Bearer
   * TOKEN"} in {@code project}: an MCP server over Streamable HTTP, as {@code gateway setup claude
   * --mcp http} writes it (user scope: {@link #mcpAdd} says why).
   */
  void mcpAddHttp(Path project, Path home, String name, String url, String token)
      throws IOException, InterruptedException {
    mcp(
        project,
        home,
        name,
        List.of(
            binary.toString(),
            "mcp",
            "add",
            "--scope",
            "user",
            "--transport",
            "http",
            name,
            url,
            "--header",
            "Authorization: Bearer " + token));
  }

  private void mcp(Path project, Path home, String name, List<String> args)
      throws IOException, InterruptedException {
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
  NpmAgent.Run print(
      Path project,
      Path home,
      ScriptedModel model,
      Map<String, String> env,
      String prompt,
      List<String> args,
      Duration limit)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(wrapper);
    command.addAll(List.of(binary.toString(), "-p", prompt, "--output-format", "json", "--debug"));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    Map<String, String> environment = builder.environment();
    environment(environment, home);
    environment.put("ANTHROPIC_BASE_URL", model.baseUrl().toString());
    environment.put("ANTHROPIC_API_KEY", "sk-ant-scripted-model");
    environment.putAll(env);
    return NpmAgent.run(builder, home.getParent(), "claude", limit, () -> debugLog(home));
  }

  /**
   * Claude's environment: the test JVM's without the machine's own settings for Claude, Anthropic's
   * API or MCP, and with {@code HOME} the test's; no traffic but the model's ({@code
   * CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC}), MCP tools listed to the model at once ({@code
   * ENABLE_TOOL_SEARCH=false}), and {@code IS_SANDBOX=1} as root (a run as root refuses some modes
   * without it).
   */
  private static void environment(Map<String, String> environment, Path home) {
    NpmAgent.withoutVariables(environment, "ANTHROPIC_", "CLAUDE", "MCP_");
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
                      || line.contains("[STARTUP] MCP")
                      || line.contains("[MCP]")
                      || (line.contains("Hook") && !line.contains("checkForNewResponses"))
                      || line.contains("[engine] turn")
                      || line.contains("[API REQUEST]"))
          .collect(Collectors.joining("\n"));
    }
  }

  /**
   * The MCP servers of {@code ~/.claude.json} under {@code home}: the user scope's on a line, then
   * each project it names with its own, a line each; or a sentence saying why there are none.
   */
  static String projectsAndServers(Path home) {
    Path file = home.resolve(".claude.json");
    try {
      if (!Files.exists(file)) {
        return "(no " + file + ")";
      }
      var config = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
      var projects = config.path("projects");
      List<String> lines = new ArrayList<>();
      List<String> userServers = new ArrayList<>();
      config.path("mcpServers").fieldNames().forEachRemaining(userServers::add);
      lines.add("(user scope): " + userServers);
      projects
          .fields()
          .forEachRemaining(
              project -> {
                List<String> servers = new ArrayList<>();
                project.getValue().path("mcpServers").fieldNames().forEachRemaining(servers::add);
                lines.add(project.getKey() + ": " + servers);
              });
      return String.join("\n", lines);
    } catch (IOException e) {
      return "(unreadable: " + e + ")";
    }
  }
}
