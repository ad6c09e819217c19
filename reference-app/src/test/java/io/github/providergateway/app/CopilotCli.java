package io.github.providergateway.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GitHub Copilot CLI, the real binary, driven by a test without a GitHub account: the version
 * pinned in {@code src/test/resources/agents/copilot-cli/package.json} (1.0.102), installed from
 * the npm registry under {@code target/agents/} the first time a test needs it ({@link
 * #installed()}, through {@link NpmAgent}), and run as {@code copilot -p PROMPT --allow-all-tools}
 * against a {@link ScriptedModel} of {@link ScriptedModel.Dialect#RESPONSES} on loopback ({@link
 * #run}) as its own model provider ("bring your own key"): {@code COPILOT_OFFLINE=true} with {@code
 * COPILOT_PROVIDER_BASE_URL} skips GitHub's sign-in, telemetry and updates altogether. Without a
 * provider it refuses to start: {@code Error: No authentication information found.}
 *
 * <p>Every run has a {@code HOME} of the test's: {@code ~/.copilot/settings.json} (user-level
 * hooks, {@link #writeHooks}) and {@code ~/.copilot/mcp-config.json} ({@link #addMcpServer}) are
 * the test's, never the real home's; the machine's own {@code COPILOT_*}, {@code GH_*} and {@code
 * GITHUB_*} variables are left out. User-level hooks and MCP servers need no folder trust.
 */
final class CopilotCli {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PACKAGE = "@github/copilot";

  private final Path binary;

  private CopilotCli(Path binary) {
    this.binary = binary;
  }

  /**
   * The pinned Copilot CLI, installed under {@code target/agents/} unless it is there already
   * (about 190 MB, 10 s). Skips the test when npm is not installed or cannot reach its registry.
   */
  static CopilotCli installed() throws IOException, InterruptedException {
    return new CopilotCli(NpmAgent.installed("copilot-cli", PACKAGE, "copilot").binary());
  }

  /**
   * Writes {@code home}'s {@code ~/.copilot/mcp-config.json} with the one MCP server {@code name}
   * running {@code command}, all its tools allowed, as {@code /mcp add} writes it.
   */
  static void addMcpServer(Path home, String name, List<String> command) throws IOException {
    ObjectNode config = JSON.createObjectNode();
    ObjectNode server = config.putObject("mcpServers").putObject(name);
    server.put("type", "local").put("command", command.get(0));
    command.subList(1, command.size()).forEach(server.putArray("args")::add);
    server.putArray("tools").add("*");
    write(home, "mcp-config.json", config);
  }

  /**
   * Writes {@code home}'s {@code ~/.copilot/settings.json} with one user-level {@code preToolUse}
   * command hook, {@code command}, limited to {@code timeoutSeconds} (Copilot's hooks have no
   * matcher: it sees every tool).
   */
  static void writeHooks(Path home, String command, int timeoutSeconds) throws IOException {
    ObjectNode settings = JSON.createObjectNode();
    settings
        .putObject("hooks")
        .putArray("preToolUse")
        .addObject()
        .put("type", "command")
        .put("bash", command)
        .put("timeoutSec", timeoutSeconds);
    write(home, "settings.json", settings);
  }

  private static void write(Path home, String name, ObjectNode json) throws IOException {
    Path file = Files.createDirectories(home.resolve(".copilot")).resolve(name);
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
  }

  /**
   * Runs {@code copilot -p PROMPT --allow-all-tools ARGS…} in {@code project} with {@code HOME}
   * {@code home}, against {@code model}, to its end or for at most {@code limit} (then it is
   * killed, with everything it started that is still its descendant). {@code --allow-all-tools}: in
   * {@code -p} nobody could approve a tool.
   *
   * @param env more variables for Copilot (and so for its hooks and MCP servers)
   */
  NpmAgent.Run run(
      Path project,
      Path home,
      ScriptedModel model,
      Map<String, String> env,
      String prompt,
      List<String> args,
      Duration limit)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of(binary.toString(), "-p", prompt, "--allow-all-tools"));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
    Map<String, String> environment = builder.environment();
    NpmAgent.withoutVariables(environment, "COPILOT_", "GH_", "GITHUB_");
    environment.put("HOME", home.toString());
    environment.put("COPILOT_OFFLINE", "true");
    environment.put("COPILOT_AUTO_UPDATE", "false");
    environment.put("COPILOT_PROVIDER_BASE_URL", model.baseUrl() + "/v1");
    environment.put("COPILOT_PROVIDER_WIRE_API", "responses");
    environment.put("COPILOT_PROVIDER_API_KEY", "scripted-model-key");
    environment.put("COPILOT_MODEL", "gpt-5");
    environment.putAll(env);
    return NpmAgent.run(
        builder, home.getParent(), "copilot", limit, () -> logs(home.resolve(".copilot/logs")));
  }

  /** The text of Copilot's log files, newest last. */
  private static String logs(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return "(no log under " + dir + ")";
    }
    StringBuilder text = new StringBuilder();
    try (var files = Files.list(dir)) {
      for (Path file : files.sorted().toList()) {
        text.append("== ").append(file.getFileName()).append('\n');
        text.append(GuardedHome.read(file));
      }
    }
    return text.toString();
  }
}
